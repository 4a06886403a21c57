package activities

import (
	"context"

	"dwsurvey/services/lottery"
)

// Scheduled lottery activities (workflows/lottery.go). Each records its result once: a
// retried activity returns what the first run recorded.

// LotteryEntrants is the frozen entrant list and seed of a draw.
type LotteryEntrants = lottery.Entrants

// LotteryDrawn is the outcome of a draw.
type LotteryDrawn = lottery.Drawn

// RecordLotteryEntrants freezes the eligible answers and draws the seed (once).
func (a *Activities) RecordLotteryEntrants(ctx context.Context, lotteryID string) (*LotteryEntrants, error) {
	return a.Lottery.RecordEntrants(ctx, lotteryID)
}

// DrawLotteryWinners draws the winners from the recorded seed and gives them codes (once).
func (a *Activities) DrawLotteryWinners(ctx context.Context, lotteryID string) (*LotteryDrawn, error) {
	return a.Lottery.DrawWinners(ctx, lotteryID)
}
