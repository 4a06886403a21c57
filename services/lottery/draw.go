package lottery

import (
	"context"
	"crypto/rand"
	"errors"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
)

// Public is what the lottery page shows before a draw.
type Public struct {
	ID       string        `json:"id"`
	SurveyID string        `json:"surveyId"`
	Name     string        `json:"name"`
	Mode     string        `json:"mode"`
	State    string        `json:"state"`
	PerKind  string        `json:"perKind"`
	Eligible string        `json:"eligible"`
	StartAt  string        `json:"startAt"`
	EndAt    string        `json:"endAt"`
	DrawAt   string        `json:"drawAt"`
	Note     string        `json:"note"`
	Prizes   []PublicPrize `json:"prizes"`
}

// PublicPrize is a prize on the lottery page (stock left only, never who won).
type PublicPrize struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Image       string  `json:"image"`
	Total       int     `json:"total"`
	Stock       int     `json:"stock"`
	Probability float64 `json:"probability"`
}

// PublicInfo is lottery/{lotteryId}/{surveyId}'s lottery: the pair must match (a forged
// or mismatched id: not found).
func (s *Service) PublicInfo(ctx context.Context, lotteryID, surveyID string) (*Public, error) {
	row, err := s.lotteryOf(ctx, lotteryID, surveyID)
	if err != nil {
		return nil, err
	}
	ps, err := s.prizes(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	out := &Public{ID: row.ID, SurveyID: row.SurveyID, Name: row.Name, Mode: row.Mode, State: row.State, PerKind: row.PerKind,
		Eligible: row.Eligible, StartAt: models.FormatTimePtr(row.StartAt), EndAt: models.FormatTimePtr(row.EndAt),
		DrawAt: models.FormatTimePtr(row.DrawAt), Note: row.Note, Prizes: make([]PublicPrize, len(ps))}
	for i, p := range ps {
		out.Prizes[i] = PublicPrize{ID: p.ID, Name: p.Name, Image: p.Image, Total: p.Total, Stock: p.Stock, Probability: p.Probability}
	}
	return out, nil
}

// lotteryOf loads a lottery by id and survey id (or sid); either unknown: not found.
func (s *Service) lotteryOf(ctx context.Context, lotteryID, surveyID string) (*models.Lottery, error) {
	lotteryID, surveyID = strings.TrimSpace(lotteryID), strings.TrimSpace(surveyID)
	if lotteryID == "" || surveyID == "" {
		return nil, models.ErrNotFound
	}
	var row models.Lottery
	if err := s.DB.WithContext(ctx).Where("id = ?", lotteryID).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	if row.SurveyID != surveyID {
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("id = ? AND sid = ?", row.SurveyID, surveyID).Count(&n).Error; err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, models.ErrNotFound
		}
	}
	return &row, nil
}

// DrawInput is an instant draw: the answer is proven by its resume token (returned when it
// was saved) or by the logged-in respondent who gave it.
type DrawInput struct {
	LotteryID   string `json:"lotteryId"`
	SurveyID    string `json:"surveyId"`
	AnswerID    string `json:"answerId"`
	ResumeToken string `json:"resumeToken"`
}

// DrawResult is one entrant's draw.
type DrawResult struct {
	DrawID string `json:"drawId"`
	Won    bool   `json:"won"`
	// Again: the entrant had drawn before; this is that draw (nothing new was drawn).
	Again     bool         `json:"again"`
	Prize     *PublicPrize `json:"prize,omitempty"`
	Code      string       `json:"code,omitempty"`
	Delivered bool         `json:"delivered"`
	DrawTime  string       `json:"drawTime"`
	// Pending: a scheduled lottery has not drawn yet (the entrant takes part).
	Pending bool `json:"pending,omitempty"`
}

// entrant is an answer that may take part, with its entrant key.
type entrant struct {
	key       string
	answer    *models.Answer
	userID    string
	contactID string
}

// eligible decides whether an answer takes part in a lottery at now; the refusal says why.
func eligible(l *models.Lottery, a *models.Answer, now time.Time) (*entrant, error) {
	if a.SurveyID != l.SurveyID {
		return nil, models.ErrNotFound
	}
	switch {
	case a.DeletedAt != nil:
		return nil, models.ErrNotFound
	case a.SaveStatus != models.AnswerSubmitted:
		return nil, models.Invalid("Not eligible: only submitted answers take part in this lottery")
	case a.IsTest != 0:
		return nil, models.Invalid("Not eligible: test answers do not take part in lotteries")
	case a.IsEff != 1:
		return nil, models.Invalid("Not eligible: this answer was marked invalid")
	case l.Eligible == models.LotteryEligiblePassed && a.HandleState != models.VerifyPass:
		return nil, models.Invalid("Not eligible: only answers that passed review take part in this lottery")
	case l.StartAt != nil && a.EndAnDate.Before(*l.StartAt), l.EndAt != nil && !a.EndAnDate.Before(*l.EndAt):
		return nil, models.Invalid("Not eligible: the answer was submitted outside the lottery's time window")
	}
	e := &entrant{answer: a, userID: a.UserID, contactID: a.ContactID}
	switch l.PerKind {
	case models.LotteryPerUser:
		if a.UserID == "" {
			return nil, models.Invalid("Not eligible: this lottery is for logged-in respondents")
		}
		e.key = "user:" + a.UserID
	case models.LotteryPerContact:
		if a.ContactID == "" {
			return nil, models.Invalid("Not eligible: this lottery is for the survey's contacts")
		}
		e.key = "contact:" + a.ContactID
	default:
		e.key = "answer:" + a.ID
	}
	return e, nil
}

// Draw is an instant draw. It is exact under concurrency: a prize is won only if the
// conditional UPDATE stock = stock - 1 WHERE stock > 0 changed its row in the same
// transaction that stores the draw, and the (lottery, entrant) key is unique, so an entrant
// draws once and never more winners than prizes exist. A second call returns the first draw.
func (s *Service) Draw(ctx context.Context, p *account.Principal, in DrawInput) (*DrawResult, error) {
	l, e, err := s.entrantFor(ctx, p, in.LotteryID, in.SurveyID, in.AnswerID, in.ResumeToken)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	if prev, err := s.drawOf(ctx, l.ID, e.key); err != nil || prev != nil {
		return prev, err
	}
	if l.Mode != models.LotteryInstant {
		return nil, models.Invalid("This lottery draws at %s; your answer takes part", models.FormatTimePtr(l.DrawAt))
	}
	if l.StartAt != nil && now.Before(*l.StartAt) {
		return nil, models.Invalid("The lottery has not started yet")
	}
	if l.EndAt != nil && !now.Before(*l.EndAt) {
		return nil, models.Invalid("The lottery has ended")
	}
	ps, err := s.prizes(ctx, l.ID)
	if err != nil {
		return nil, err
	}
	pick, err := pickPrize(ps)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		res, err := s.storeDraw(ctx, l, e, pick, now)
		if err == nil {
			return res, nil
		}
		if isDuplicate(err) { // a concurrent draw of the same entrant won the race
			return s.drawOf(ctx, l.ID, e.key)
		}
		if !isRetryable(err) || attempt >= 8 {
			return nil, err
		}
		time.Sleep(time.Duration(5*(attempt+1)) * time.Millisecond)
	}
}

// storeDraw runs the draw's transaction: take one of the picked prize (if any is left), then
// store the draw with its redemption code.
func (s *Service) storeDraw(ctx context.Context, l *models.Lottery, e *entrant, pick *models.LotteryPrize, now time.Time) (*DrawResult, error) {
	row := models.LotteryDraw{ID: uuid.NewString(), LotteryID: l.ID, EntrantKey: e.key, AnswerID: e.answer.ID, UserID: e.userID,
		ContactID: e.contactID, CreatedAt: now}
	var won *models.LotteryPrize
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		won = nil
		row.PrizeID, row.Code = "", nil
		if pick != nil {
			res := tx.Model(&models.LotteryPrize{}).Where("id = ? AND stock > 0", pick.ID).UpdateColumn("stock", gorm.Expr("stock - 1"))
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				code, err := NewCode()
				if err != nil {
					return err
				}
				won, row.PrizeID, row.Code = pick, pick.ID, &code
			}
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return nil, err
	}
	return resultOf(&row, won, false), nil
}

func resultOf(d *models.LotteryDraw, p *models.LotteryPrize, again bool) *DrawResult {
	r := &DrawResult{DrawID: d.ID, Again: again, DrawTime: models.FormatTime(d.CreatedAt), Delivered: d.DeliveredAt != nil}
	if p != nil && d.PrizeID != "" {
		r.Won = true
		r.Prize = &PublicPrize{ID: p.ID, Name: p.Name, Image: p.Image, Total: p.Total, Stock: p.Stock, Probability: p.Probability}
		if d.Code != nil {
			r.Code = *d.Code
		}
	}
	return r
}

// drawOf returns the entrant's earlier draw (nil when none).
func (s *Service) drawOf(ctx context.Context, lotteryID, key string) (*DrawResult, error) {
	var d models.LotteryDraw
	err := s.DB.WithContext(ctx).Where("lottery_id = ? AND entrant_key = ?", lotteryID, key).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var p *models.LotteryPrize
	if d.PrizeID != "" {
		p = &models.LotteryPrize{}
		if err := s.DB.WithContext(ctx).Where("id = ?", d.PrizeID).Take(p).Error; err != nil {
			return nil, err
		}
	}
	return resultOf(&d, p, true), nil
}

// entrantFor checks the caller's right to the answer (resume token or the respondent) and the
// answer's eligibility for the lottery.
func (s *Service) entrantFor(ctx context.Context, p *account.Principal, lotteryID, surveyID, answerID, token string) (*models.Lottery, *entrant, error) {
	l, err := s.lotteryOf(ctx, lotteryID, surveyID)
	if err != nil {
		return nil, nil, err
	}
	if _, err := s.Answers.GetAnswer(ctx, answersvc.Reader{Principal: p, ResumeToken: token}, answerID); err != nil {
		return nil, nil, err
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Where("id = ?", strings.TrimSpace(answerID)).Take(&a).Error; err != nil {
		return nil, nil, notFound(err)
	}
	e, err := eligible(l, &a, a.EndAnDate)
	if err != nil {
		return nil, nil, err
	}
	return l, e, nil
}

// MyDraw is the entrant's draw of a lottery: an instant draw made, a scheduled draw's result
// once drawn, or Pending while a scheduled lottery waits (nil data: not drawn yet).
func (s *Service) MyDraw(ctx context.Context, p *account.Principal, in DrawInput) (*DrawResult, error) {
	l, e, err := s.entrantFor(ctx, p, in.LotteryID, in.SurveyID, in.AnswerID, in.ResumeToken)
	if err != nil {
		return nil, err
	}
	d, err := s.drawOf(ctx, l.ID, e.key)
	if err != nil {
		return nil, err
	}
	if d != nil {
		d.Again = false
		return d, nil
	}
	if l.Mode == models.LotteryScheduled && l.State != models.LotteryDrawn {
		return &DrawResult{Pending: true}, nil
	}
	return nil, nil
}

// pickPrize chooses a prize by the probabilities (nil: no prize) from a uniform draw in
// [0, 100) with a resolution of 10^-6 percent, from crypto/rand.
func pickPrize(ps []models.LotteryPrize) (*models.LotteryPrize, error) {
	const scale = 1_000_000 // units per percent
	n, err := rand.Int(rand.Reader, big.NewInt(100*scale))
	if err != nil {
		return nil, err
	}
	x := n.Int64()
	acc := int64(0)
	for i := range ps {
		acc += int64(ps[i].Probability*scale + 0.5)
		if x < acc {
			return &ps[i], nil
		}
	}
	return nil, nil
}

// codeAlphabet has no look-alike characters (0/O, 1/I/L, U).
const codeAlphabet = "ABCDEFGHJKMNPQRSTVWXYZ23456789"

// NewCode is a redemption code: 16 characters of a 30-letter alphabet from crypto/rand
// (about 78 bits), grouped XXXX-XXXX-XXXX-XXXX.
func NewCode() (string, error) {
	var b strings.Builder
	for i := 0; i < 16; i++ {
		if i > 0 && i%4 == 0 {
			b.WriteByte('-')
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(codeAlphabet))))
		if err != nil {
			return "", err
		}
		b.WriteByte(codeAlphabet[n.Int64()])
	}
	return b.String(), nil
}

func isDuplicate(err error) bool {
	m := strings.ToLower(err.Error())
	return errors.Is(err, gorm.ErrDuplicatedKey) || strings.Contains(m, "duplicate entry") || strings.Contains(m, "unique constraint")
}

func isRetryable(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "deadlock") || strings.Contains(m, "1213") || strings.Contains(m, "lock wait timeout") ||
		strings.Contains(m, "database is locked") || strings.Contains(m, "busy")
}
