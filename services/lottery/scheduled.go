package lottery

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
)

// Entrants is the frozen entrant list of a scheduled draw.
type Entrants struct {
	LotteryID string `json:"lotteryId"`
	Seed      string `json:"seed"`
	Count     int    `json:"count"`
	Hash      string `json:"hash"`
	// Skipped: the lottery is gone or not scheduled (nothing to draw).
	Skipped bool `json:"skipped,omitempty"`
}

// RecordEntrants freezes the entrants of a scheduled lottery and draws its seed, once: a
// repeated call (a retried activity) returns what the first one recorded. Entrants are the
// eligible answers submitted up to now (one per answer, contact or user: the earliest).
func (s *Service) RecordEntrants(ctx context.Context, lotteryID string) (*Entrants, error) {
	out := &Entrants{LotteryID: lotteryID}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l models.Lottery
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", lotteryID).Take(&l).Error
		if err != nil {
			if notFound(err) == models.ErrNotFound {
				out.Skipped = true
				return nil
			}
			return err
		}
		if l.Mode != models.LotteryScheduled {
			out.Skipped = true
			return nil
		}
		if l.Seed != "" {
			out.Seed, out.Count, out.Hash = l.Seed, l.Entrants, l.EntrantsHash
			return nil
		}
		now := s.now().UTC()
		q := tx.Where("survey_id = ? AND save_status = ? AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL AND end_an_date <= ?",
			l.SurveyID, models.AnswerSubmitted, now)
		if l.Eligible == models.LotteryEligiblePassed {
			q = q.Where("handle_state = ?", models.VerifyPass)
		}
		if l.StartAt != nil {
			q = q.Where("end_an_date >= ?", *l.StartAt)
		}
		if l.EndAt != nil {
			q = q.Where("end_an_date < ?", *l.EndAt)
		}
		var answers []models.Answer
		if err := q.Select("id", "survey_id", "save_status", "is_test", "is_eff", "handle_state", "user_id", "contact_id", "end_an_date", "deleted_at").
			Order("end_an_date, id").Find(&answers).Error; err != nil {
			return err
		}
		seen := map[string]bool{}
		var rows []models.LotteryDraw
		for i := range answers {
			e, err := eligible(&l, &answers[i], now)
			if err != nil || seen[e.key] {
				continue // e.g. an anonymous answer of a per-user lottery
			}
			seen[e.key] = true
			rows = append(rows, models.LotteryDraw{ID: uuid.NewString(), LotteryID: l.ID, EntrantKey: e.key, AnswerID: e.answer.ID,
				UserID: e.userID, ContactID: e.contactID, CreatedAt: now})
		}
		if len(rows) > 0 {
			if err := tx.CreateInBatches(rows, 500).Error; err != nil {
				return err
			}
		}
		seed := make([]byte, 32)
		if _, err := rand.Read(seed); err != nil {
			return err
		}
		ids := make([]string, len(rows))
		for i, r := range rows {
			ids[i] = EntrantID(r.EntrantKey)
		}
		l.Seed, l.Entrants, l.EntrantsHash = hex.EncodeToString(seed), len(rows), entrantsHash(ids)
		out.Seed, out.Count, out.Hash = l.Seed, l.Entrants, l.EntrantsHash
		return tx.Model(&models.Lottery{}).Where("id = ?", l.ID).
			Updates(map[string]any{"seed": l.Seed, "entrants": l.Entrants, "entrants_hash": l.EntrantsHash, "updated_at": now}).Error
	})
	return out, err
}

// entrantsHash is sha256 of the sorted entrant ids joined by newlines (hex).
func entrantsHash(ids []string) string {
	s := append([]string(nil), ids...)
	sort.Strings(s)
	h := sha256.Sum256([]byte(strings.Join(s, "\n")))
	return hex.EncodeToString(h[:])
}

// Drawn is the outcome of a scheduled draw.
type Drawn struct {
	LotteryID string `json:"lotteryId"`
	Winners   int    `json:"winners"`
	Entrants  int    `json:"entrants"`
	Skipped   bool   `json:"skipped,omitempty"`
}

// DrawWinners draws the winners of a scheduled lottery from its recorded seed and entrants
// (fair.go) and gives each a redemption code, once: a repeated call returns the first result.
func (s *Service) DrawWinners(ctx context.Context, lotteryID string) (*Drawn, error) {
	out := &Drawn{LotteryID: lotteryID}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l models.Lottery
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", lotteryID).Take(&l).Error; err != nil {
			if notFound(err) == models.ErrNotFound {
				out.Skipped = true
				return nil
			}
			return err
		}
		if l.Mode != models.LotteryScheduled || l.Seed == "" {
			out.Skipped = true
			return nil
		}
		out.Entrants = l.Entrants
		if l.State == models.LotteryDrawn {
			var n int64
			err := tx.Model(&models.LotteryDraw{}).Where("lottery_id = ? AND prize_id <> ''", l.ID).Count(&n).Error
			out.Winners = int(n)
			return err
		}
		var draws []models.LotteryDraw
		if err := tx.Where("lottery_id = ?", l.ID).Find(&draws).Error; err != nil {
			return err
		}
		var ps []models.LotteryPrize
		if err := tx.Where("lottery_id = ?", l.ID).Order("sort").Find(&ps).Error; err != nil {
			return err
		}
		byID := map[string]*models.LotteryDraw{}
		ids := make([]string, len(draws))
		for i := range draws {
			ids[i] = EntrantID(draws[i].EntrantKey)
			byID[ids[i]] = &draws[i]
		}
		winners, err := ReDraw(l.Seed, ids, slots(ps))
		if err != nil {
			return err
		}
		wonBy := map[string]int{}
		for _, w := range winners {
			code, err := NewCode()
			if err != nil {
				return err
			}
			d := byID[w.EntrantID]
			if err := tx.Model(&models.LotteryDraw{}).Where("id = ?", d.ID).
				Updates(map[string]any{"prize_id": w.PrizeID, "draw_rank": w.Rank, "code": code}).Error; err != nil {
				return err
			}
			wonBy[w.PrizeID]++
		}
		for _, p := range ps {
			if err := tx.Model(&models.LotteryPrize{}).Where("id = ?", p.ID).UpdateColumn("stock", p.Total-wonBy[p.ID]).Error; err != nil {
				return err
			}
		}
		now := s.now().UTC()
		out.Winners = len(winners)
		return tx.Model(&models.Lottery{}).Where("id = ?", l.ID).
			Updates(map[string]any{"state": models.LotteryDrawn, "drawn_at": now, "updated_at": now}).Error
	})
	return out, err
}

func slots(ps []models.LotteryPrize) []PrizeSlot {
	out := make([]PrizeSlot, len(ps))
	for i, p := range ps {
		out[i] = PrizeSlot{PrizeID: p.ID, Total: p.Total}
	}
	return out
}

// Record is the public record of a scheduled draw: with it anyone re-runs the draw (ReDraw,
// docs/lottery.md). Entrants are public ids only (sorted), never answers or people.
type Record struct {
	LotteryID    string      `json:"lotteryId"`
	Algorithm    string      `json:"algorithm"`
	State        string      `json:"state"`
	Seed         string      `json:"seed"`
	EntrantsHash string      `json:"entrantsHash"`
	DrawnAt      string      `json:"drawnAt"`
	Entrants     []string    `json:"entrants"`
	Prizes       []PrizeSlot `json:"prizes"`
	Winners      []Winner    `json:"winners"`
	// Verified: re-running the draw from seed and entrants gives exactly the stored winners.
	Verified bool `json:"verified"`
}

// DrawRecord is the record of a drawn scheduled lottery (the pair lottery/survey must match).
func (s *Service) DrawRecord(ctx context.Context, lotteryID, surveyID string) (*Record, error) {
	l, err := s.lotteryOf(ctx, lotteryID, surveyID)
	if err != nil {
		return nil, err
	}
	return s.record(ctx, l)
}

// Verify re-runs a scheduled draw for its survey's staff.
func (s *Service) Verify(ctx context.Context, p *account.Principal, lotteryID string) (*Record, error) {
	l, err := s.staffLottery(ctx, p, lotteryID, surveysvc.NeedData)
	if err != nil {
		return nil, err
	}
	return s.record(ctx, l)
}

func (s *Service) record(ctx context.Context, l *models.Lottery) (*Record, error) {
	if l.Mode != models.LotteryScheduled {
		return nil, models.Invalid("Only scheduled draws have a draw record")
	}
	if l.State != models.LotteryDrawn {
		return nil, models.Invalid("This lottery has not been drawn yet (draw time %s)", models.FormatTimePtr(l.DrawAt))
	}
	var draws []models.LotteryDraw
	if err := s.DB.WithContext(ctx).Where("lottery_id = ?", l.ID).Find(&draws).Error; err != nil {
		return nil, err
	}
	ps, err := s.prizes(ctx, l.ID)
	if err != nil {
		return nil, err
	}
	r := &Record{LotteryID: l.ID, Algorithm: "HMAC-SHA256(seed, entrantId) ascending; prizes in order (docs/lottery.md)",
		State: l.State, Seed: l.Seed, EntrantsHash: l.EntrantsHash, DrawnAt: models.FormatTimePtr(l.DrawnAt), Prizes: slots(ps)}
	stored := map[string]string{}
	for _, d := range draws {
		id := EntrantID(d.EntrantKey)
		r.Entrants = append(r.Entrants, id)
		if d.PrizeID != "" {
			stored[id] = d.PrizeID
		}
	}
	sort.Strings(r.Entrants)
	if r.Entrants == nil {
		r.Entrants = []string{}
	}
	if r.Winners, err = ReDraw(l.Seed, r.Entrants, r.Prizes); err != nil {
		return nil, err
	}
	if r.Winners == nil {
		r.Winners = []Winner{}
	}
	r.Verified = len(r.Winners) == len(stored) && entrantsHash(r.Entrants) == l.EntrantsHash
	for _, w := range r.Winners {
		if stored[w.EntrantID] != w.PrizeID {
			r.Verified = false
		}
	}
	return r, nil
}

// WinnerRow is a winner in the author's list.
type WinnerRow struct {
	DrawID       string `json:"drawId"`
	AnswerID     string `json:"answerId"`
	PrizeID      string `json:"prizeId"`
	PrizeName    string `json:"prizeName"`
	Code         string `json:"code"`
	UserName     string `json:"userName"`
	ContactName  string `json:"contactName"`
	ConfirmName  string `json:"confirmName"`
	ConfirmPhone string `json:"confirmPhone"`
	DrawTime     string `json:"drawTime"`
	Delivered    bool   `json:"delivered"`
	DeliveredAt  string `json:"deliveredAt"`
}

// WinnerFilter selects winners: Delivered "" all, "1" delivered, "0" not yet; Code a code.
type WinnerFilter struct {
	Delivered string
	Code      string
}

// Winners lists a lottery's winners for its survey's staff (newest first).
func (s *Service) Winners(ctx context.Context, p *account.Principal, lotteryID string, f WinnerFilter, cur, size int) ([]WinnerRow, int64, error) {
	l, err := s.staffLottery(ctx, p, lotteryID, surveysvc.NeedData)
	if err != nil {
		return nil, 0, err
	}
	q := s.DB.WithContext(ctx).Model(&models.LotteryDraw{}).Where("lottery_id = ? AND prize_id <> ''", l.ID)
	switch f.Delivered {
	case "1":
		q = q.Where("delivered_at IS NOT NULL")
	case "0":
		q = q.Where("delivered_at IS NULL")
	}
	if c := strings.ToUpper(strings.TrimSpace(f.Code)); c != "" {
		q = q.Where("code = ?", c)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var draws []models.LotteryDraw
	if err := q.Order("draw_rank, created_at DESC, id").Offset((cur - 1) * size).Limit(size).Find(&draws).Error; err != nil {
		return nil, 0, err
	}
	ps, err := s.prizes(ctx, l.ID)
	if err != nil {
		return nil, 0, err
	}
	names := map[string]string{}
	for _, p := range ps {
		names[p.ID] = p.Name
	}
	rows := make([]WinnerRow, 0, len(draws))
	for _, d := range draws {
		r := WinnerRow{DrawID: d.ID, AnswerID: d.AnswerID, PrizeID: d.PrizeID, PrizeName: names[d.PrizeID],
			DrawTime: models.FormatTime(d.CreatedAt), Delivered: d.DeliveredAt != nil, DeliveredAt: models.FormatTimePtr(d.DeliveredAt)}
		if d.Code != nil {
			r.Code = *d.Code
		}
		if d.UserID != "" {
			var u models.User
			if s.DB.WithContext(ctx).Select("id", "name", "login_name").Where("id = ?", d.UserID).Take(&u).Error == nil {
				r.UserName = firstNonEmpty(u.Name, u.LoginName)
			}
		}
		if d.ContactID != "" {
			var c models.Contact
			if s.DB.WithContext(ctx).Select("id", "name").Where("id = ?", d.ContactID).Take(&c).Error == nil {
				r.ContactName = c.Name
			}
		}
		var a models.Answer
		if s.DB.WithContext(ctx).Select("id", "confirm_name", "confirm_phone").Where("id = ?", d.AnswerID).Take(&a).Error == nil {
			r.ConfirmName, r.ConfirmPhone = a.ConfirmName, a.ConfirmPhone
		}
		rows = append(rows, r)
	}
	return rows, total, nil
}

func firstNonEmpty(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

// Deliver marks a won prize delivered (or not) for its survey's staff.
func (s *Service) Deliver(ctx context.Context, p *account.Principal, drawID string, delivered bool) error {
	var d models.LotteryDraw
	if err := s.DB.WithContext(ctx).Where("id = ?", strings.TrimSpace(drawID)).Take(&d).Error; err != nil {
		return notFound(err)
	}
	l, err := s.staffLottery(ctx, p, d.LotteryID, surveysvc.NeedData)
	if err != nil {
		return err
	}
	if d.PrizeID == "" {
		return models.Invalid("This draw won no prize")
	}
	var at any
	if delivered {
		at = s.now().UTC()
	}
	if err := s.DB.WithContext(ctx).Model(&models.LotteryDraw{}).Where("id = ?", d.ID).Update("delivered_at", at).Error; err != nil {
		return err
	}
	s.audit(ctx, p, "Mark prize delivered", l.Name+" "+d.ID, "update")
	return nil
}

// Award is a prize the logged-in user won (user centre award).
type Award struct {
	DrawID      string `json:"drawId"`
	LotteryID   string `json:"lotteryId"`
	LotteryName string `json:"lotteryName"`
	SurveyID    string `json:"surveyId"`
	SurveyName  string `json:"surveyName"`
	PrizeName   string `json:"prizeName"`
	PrizeImage  string `json:"prizeImage"`
	Code        string `json:"code"`
	DrawTime    string `json:"drawTime"`
	Delivered   bool   `json:"delivered"`
	DeliveredAt string `json:"deliveredAt"`
}

// Awards lists the prizes the caller won (answers given while logged in), newest first.
func (s *Service) Awards(ctx context.Context, p *account.Principal, cur, size int) ([]Award, int64, error) {
	if p == nil || p.UserID == "" {
		return nil, 0, models.ErrNotFound
	}
	q := s.DB.WithContext(ctx).Model(&models.LotteryDraw{}).Where("user_id = ? AND prize_id <> ''", p.UserID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var draws []models.LotteryDraw
	if err := q.Order("created_at DESC, id").Offset((cur - 1) * size).Limit(size).Find(&draws).Error; err != nil {
		return nil, 0, err
	}
	out := make([]Award, 0, len(draws))
	for _, d := range draws {
		a := Award{DrawID: d.ID, LotteryID: d.LotteryID, DrawTime: models.FormatTime(d.CreatedAt), Delivered: d.DeliveredAt != nil,
			DeliveredAt: models.FormatTimePtr(d.DeliveredAt)}
		if d.Code != nil {
			a.Code = *d.Code
		}
		var l models.Lottery
		if s.DB.WithContext(ctx).Where("id = ?", d.LotteryID).Take(&l).Error == nil {
			a.LotteryName, a.SurveyID = l.Name, l.SurveyID
			var sv models.Survey
			if s.DB.WithContext(ctx).Select("id", "title").Where("id = ?", l.SurveyID).Take(&sv).Error == nil {
				a.SurveyName = sv.Title
			}
		}
		var pz models.LotteryPrize
		if s.DB.WithContext(ctx).Where("id = ?", d.PrizeID).Take(&pz).Error == nil {
			a.PrizeName, a.PrizeImage = pz.Name, pz.Image
		}
		out = append(out, a)
	}
	return out, total, nil
}
