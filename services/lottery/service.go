// Package lottery runs a survey's prize draws: instant draws right after submitting (exact
// stock under concurrency) and scheduled draws among the eligible answers (LotteryWorkflow,
// reproducible from a recorded seed, fair.go); redemption codes, delivery marks and awards.
package lottery

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
)

// Outbox event kinds (workflows/starter starts or signals lottery:<lotteryId>).
const (
	// KindSchedule: a scheduled lottery was saved with a draw time (payload Schedule).
	KindSchedule = "lottery.schedule"
	// KindDrawNow: the author asked a scheduled lottery to draw now (payload Schedule).
	KindDrawNow = "lottery.draw-now"
)

// Schedule is the payload of both kinds.
type Schedule struct {
	LotteryID string    `json:"lotteryId"`
	DrawAt    time.Time `json:"drawAt"`
}

// Limits of a lottery.
const (
	MaxPrizes     = 20
	MaxNameChars  = 64
	MaxStock      = 1_000_000
	MaxImageChars = 1024
)

// Service is the lottery service.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	Answers *answersvc.Service
	Audit   *audit.Recorder
	Outbox  outbox.Nudger
	Now     func() time.Time

	mu    sync.Mutex
	cache map[string]openEntry // surveyId -> open instant lottery (5 s)
}

type openEntry struct {
	id string
	at time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// PrizeInput is a prize as the author edits it.
type PrizeInput struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Image string `json:"image"`
	// Stock is how many of the prize there are (scheduled: how many entrants win it).
	Stock int `json:"stock"`
	// Probability is the chance in percent that one instant draw picks the prize (0-100; the
	// prizes together at most 100, the rest is "no prize").
	Probability float64 `json:"probability"`
}

// SaveInput creates (ID empty) or updates a lottery. Dates: "yyyy-MM-dd HH:mm:ss" in the
// server zone or ISO 8601; empty = unbounded.
type SaveInput struct {
	ID       string       `json:"id"`
	SurveyID string       `json:"surveyId"`
	Name     string       `json:"name"`
	Mode     string       `json:"mode"`
	PerKind  string       `json:"perKind"`
	Eligible string       `json:"eligible"`
	StartAt  string       `json:"startAt"`
	EndAt    string       `json:"endAt"`
	DrawAt   string       `json:"drawAt"`
	Note     string       `json:"note"`
	Prizes   []PrizeInput `json:"prizes"`
}

// Prize is a prize as shown.
type Prize struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Image       string  `json:"image"`
	Total       int     `json:"total"`
	Stock       int     `json:"stock"`
	Probability float64 `json:"probability"`
	Won         int     `json:"won"`
}

// View is a lottery as the author sees it.
type View struct {
	ID           string  `json:"id"`
	SurveyID     string  `json:"surveyId"`
	Name         string  `json:"name"`
	Mode         string  `json:"mode"`
	State        string  `json:"state"`
	PerKind      string  `json:"perKind"`
	Eligible     string  `json:"eligible"`
	StartAt      string  `json:"startAt"`
	EndAt        string  `json:"endAt"`
	DrawAt       string  `json:"drawAt"`
	DrawnAt      string  `json:"drawnAt"`
	Seed         string  `json:"seed,omitempty"`
	EntrantsHash string  `json:"entrantsHash,omitempty"`
	Entrants     int     `json:"entrants"`
	Draws        int64   `json:"draws"`
	Winners      int64   `json:"winners"`
	Note         string  `json:"note"`
	Prizes       []Prize `json:"prizes"`
	CreateTime   string  `json:"createTime"`
}

func cleanName(s string) string { return strings.TrimSpace(s) }

func parseOpt(s, field string) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	t, err := models.ParseTime(s)
	if err != nil {
		return nil, models.Invalid("%s: invalid date %q (use yyyy-MM-dd HH:mm:ss)", field, s)
	}
	t = t.UTC()
	return &t, nil
}

// validate checks a SaveInput and returns the parsed dates. Every refusal names the field.
func (s *Service) validate(in *SaveInput) (start, end, drawAt *time.Time, err error) {
	in.Name = cleanName(in.Name)
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		return nil, nil, nil, models.Invalid("Lottery name is required")
	case n > MaxNameChars:
		return nil, nil, nil, models.Invalid("Lottery name: at most %d characters", MaxNameChars)
	}
	if in.Mode == "" {
		in.Mode = models.LotteryInstant
	}
	if in.Mode != models.LotteryInstant && in.Mode != models.LotteryScheduled {
		return nil, nil, nil, models.Invalid("Mode must be instant or scheduled")
	}
	if in.PerKind == "" {
		in.PerKind = models.LotteryPerAnswer
	}
	switch in.PerKind {
	case models.LotteryPerAnswer, models.LotteryPerContact, models.LotteryPerUser:
	default:
		return nil, nil, nil, models.Invalid("One draw per: answer, contact or user")
	}
	if in.Eligible == "" {
		in.Eligible = models.LotteryEligibleComplete
	}
	if in.Eligible != models.LotteryEligibleComplete && in.Eligible != models.LotteryEligiblePassed {
		return nil, nil, nil, models.Invalid("Eligible answers: complete or passed")
	}
	if utf8.RuneCountInString(in.Note) > 500 {
		return nil, nil, nil, models.Invalid("Note: at most 500 characters")
	}
	if start, err = parseOpt(in.StartAt, "Start time"); err != nil {
		return
	}
	if end, err = parseOpt(in.EndAt, "End time"); err != nil {
		return
	}
	if start != nil && end != nil && !end.After(*start) {
		return nil, nil, nil, models.Invalid("End time must be after the start time")
	}
	if drawAt, err = parseOpt(in.DrawAt, "Draw time"); err != nil {
		return
	}
	if in.Mode == models.LotteryScheduled {
		if drawAt == nil {
			return nil, nil, nil, models.Invalid("Draw time is required for a scheduled lottery")
		}
		if end != nil && drawAt.Before(*end) {
			return nil, nil, nil, models.Invalid("Draw time must not be before the end time")
		}
	} else {
		drawAt = nil
	}
	if len(in.Prizes) == 0 {
		return nil, nil, nil, models.Invalid("Add at least one prize")
	}
	if len(in.Prizes) > MaxPrizes {
		return nil, nil, nil, models.Invalid("At most %d prizes", MaxPrizes)
	}
	sum := 0.0
	for i := range in.Prizes {
		p := &in.Prizes[i]
		p.Name, p.Image = cleanName(p.Name), strings.TrimSpace(p.Image)
		no := i + 1
		switch n := utf8.RuneCountInString(p.Name); {
		case n == 0:
			return nil, nil, nil, models.Invalid("Prize %d: name is required", no)
		case n > MaxNameChars:
			return nil, nil, nil, models.Invalid("Prize %d: name has at most %d characters", no, MaxNameChars)
		}
		if p.Stock < 0 {
			return nil, nil, nil, models.Invalid("Prize %d: stock cannot be negative", no)
		}
		if p.Stock > MaxStock {
			return nil, nil, nil, models.Invalid("Prize %d: stock is at most %d", no, MaxStock)
		}
		if in.Mode == models.LotteryScheduled && p.Stock == 0 {
			return nil, nil, nil, models.Invalid("Prize %d: a scheduled draw needs at least 1 winner", no)
		}
		if math.IsNaN(p.Probability) || p.Probability < 0 || p.Probability > 100 {
			return nil, nil, nil, models.Invalid("Prize %d: probability must be between 0 and 100%%", no)
		}
		sum += p.Probability
		if len(p.Image) > MaxImageChars || (p.Image != "" && !surveysvc.SafeURL(p.Image)) {
			return nil, nil, nil, models.Invalid("Prize %d: the image must be an http(s) address", no)
		}
	}
	if in.Mode == models.LotteryInstant && sum > 100+1e-9 {
		return nil, nil, nil, models.Invalid("The probabilities of the prizes add up to %.4g%%, more than 100%%", sum)
	}
	return start, end, drawAt, nil
}

// Save creates or updates a lottery of a survey the caller may design. Prizes cannot change
// once a draw happened; a drawn lottery cannot change at all. A scheduled lottery writes its
// schedule to the outbox in the same transaction (LotteryWorkflow starts or reschedules).
func (s *Service) Save(ctx context.Context, p *account.Principal, in SaveInput) (*View, error) {
	var sv *models.Survey
	var row models.Lottery
	db := s.DB.WithContext(ctx)
	if in.ID != "" {
		if err := db.Where("id = ?", strings.TrimSpace(in.ID)).Take(&row).Error; err != nil {
			return nil, notFound(err)
		}
		if in.SurveyID != "" && in.SurveyID != row.SurveyID {
			return nil, models.ErrNotFound
		}
		in.SurveyID = row.SurveyID
	}
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	start, end, drawAt, err := s.validate(&in)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	if in.ID == "" && drawAt != nil && !drawAt.After(now) {
		return nil, models.Invalid("Draw time must be in the future")
	}
	var events []outbox.Event
	err = db.Transaction(func(tx *gorm.DB) error {
		var draws int64
		if in.ID != "" {
			if err := tx.Model(&models.LotteryDraw{}).Where("lottery_id = ?", row.ID).Count(&draws).Error; err != nil {
				return err
			}
			if row.State == models.LotteryDrawn || row.Seed != "" {
				return models.Invalid("This lottery has been drawn and cannot change")
			}
			if row.Mode != in.Mode && draws > 0 {
				return models.Invalid("The mode cannot change after the first draw")
			}
			if drawAt != nil && (row.DrawAt == nil || !drawAt.Equal(*row.DrawAt)) && !drawAt.After(now) {
				return models.Invalid("Draw time must be in the future")
			}
		} else {
			row = models.Lottery{ID: uuid.NewString(), SurveyID: sv.ID, State: models.LotteryOpen, CreatedBy: p.UserID, CreatedAt: now}
		}
		row.Name, row.Mode, row.PerKind, row.Eligible, row.Note = in.Name, in.Mode, in.PerKind, in.Eligible, in.Note
		row.StartAt, row.EndAt, row.DrawAt, row.UpdatedAt = start, end, drawAt, now
		if err := tx.Save(&row).Error; err != nil {
			return err
		}
		if err := s.savePrizes(tx, row.ID, in.Prizes, draws > 0); err != nil {
			return err
		}
		if row.Mode == models.LotteryScheduled {
			events = append(events, outbox.Event{Kind: KindSchedule, Key: row.ID + ":" + drawAt.Format("20060102T150405"),
				Payload: Schedule{LotteryID: row.ID, DrawAt: *drawAt}})
			return outbox.Add(tx, now, events...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	outbox.Nudge(s.Outbox)
	s.forget(row.SurveyID)
	s.audit(ctx, p, "Save lottery", row.ID+" "+row.Name, audit.OpUpdate)
	return s.view(ctx, &row)
}

// savePrizes replaces the prizes (no draw yet) or, after draws, only accepts the same list.
func (s *Service) savePrizes(tx *gorm.DB, lotteryID string, in []PrizeInput, locked bool) error {
	var old []models.LotteryPrize
	if err := tx.Where("lottery_id = ?", lotteryID).Order("sort").Find(&old).Error; err != nil {
		return err
	}
	if locked {
		same := len(old) == len(in)
		for i := 0; same && i < len(in); i++ {
			o, n := old[i], in[i]
			same = o.ID == n.ID && o.Name == n.Name && o.Image == n.Image && o.Total == n.Stock && o.Probability == n.Probability
		}
		if !same {
			return models.Invalid("Prizes cannot change after the first draw")
		}
		return nil
	}
	if err := tx.Where("lottery_id = ?", lotteryID).Delete(&models.LotteryPrize{}).Error; err != nil {
		return err
	}
	rows := make([]models.LotteryPrize, len(in))
	for i, p := range in {
		rows[i] = models.LotteryPrize{ID: uuid.NewString(), LotteryID: lotteryID, Name: p.Name, Image: p.Image, Total: p.Stock,
			Stock: p.Stock, Probability: p.Probability, Sort: i}
	}
	return tx.Create(&rows).Error
}

// List lists a survey's lotteries (newest first).
func (s *Service) List(ctx context.Context, p *account.Principal, surveyID string) ([]View, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedData)
	if err != nil {
		return nil, err
	}
	var rows []models.Lottery
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("created_at DESC, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]View, 0, len(rows))
	for i := range rows {
		v, err := s.view(ctx, &rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, nil
}

// Info is one lottery for its survey's staff (another user's lottery: not found).
func (s *Service) Info(ctx context.Context, p *account.Principal, id string) (*View, error) {
	row, err := s.staffLottery(ctx, p, id, surveysvc.NeedData)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, row)
}

// Delete removes a lottery that nobody has drawn in.
func (s *Service) Delete(ctx context.Context, p *account.Principal, id string) error {
	row, err := s.staffLottery(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&models.LotteryDraw{}).Where("lottery_id = ?", row.ID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 || row.Seed != "" {
			return models.Invalid("Delete failed, associated data exists: this lottery has draws")
		}
		if err := tx.Where("lottery_id = ?", row.ID).Delete(&models.LotteryPrize{}).Error; err != nil {
			return err
		}
		return tx.Where("id = ?", row.ID).Delete(&models.Lottery{}).Error
	})
	if err != nil {
		return err
	}
	s.forget(row.SurveyID)
	s.audit(ctx, p, "Delete lottery", row.ID+" "+row.Name, audit.OpDelete)
	return nil
}

// DrawNow asks a scheduled lottery's workflow to draw at once (through the outbox).
func (s *Service) DrawNow(ctx context.Context, p *account.Principal, id string) error {
	row, err := s.staffLottery(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return err
	}
	if row.Mode != models.LotteryScheduled {
		return models.Invalid("Only a scheduled lottery draws on command")
	}
	if row.State == models.LotteryDrawn {
		return models.Invalid("This lottery has been drawn")
	}
	now := s.now().UTC()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return outbox.Add(tx, now, outbox.Event{Kind: KindDrawNow, Key: row.ID, Payload: Schedule{LotteryID: row.ID, DrawAt: now}})
	})
	if err != nil {
		return err
	}
	outbox.Nudge(s.Outbox)
	s.audit(ctx, p, "Draw lottery now", row.ID+" "+row.Name, audit.OpUpdate)
	return nil
}

func (s *Service) staffLottery(ctx context.Context, p *account.Principal, id string, need surveysvc.Need) (*models.Lottery, error) {
	var row models.Lottery
	if err := s.DB.WithContext(ctx).Where("id = ?", strings.TrimSpace(id)).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	if _, err := s.Surveys.Check(ctx, p, row.SurveyID, need); err != nil {
		return nil, models.ErrNotFound
	}
	return &row, nil
}

func (s *Service) prizes(ctx context.Context, lotteryID string) ([]models.LotteryPrize, error) {
	var ps []models.LotteryPrize
	err := s.DB.WithContext(ctx).Where("lottery_id = ?", lotteryID).Order("sort").Find(&ps).Error
	return ps, err
}

func (s *Service) view(ctx context.Context, row *models.Lottery) (*View, error) {
	ps, err := s.prizes(ctx, row.ID)
	if err != nil {
		return nil, err
	}
	var won []struct {
		PrizeID string
		N       int
	}
	db := s.DB.WithContext(ctx)
	if err := db.Model(&models.LotteryDraw{}).Select("prize_id, COUNT(*) AS n").Where("lottery_id = ? AND prize_id <> ''", row.ID).
		Group("prize_id").Scan(&won).Error; err != nil {
		return nil, err
	}
	wonBy := map[string]int{}
	var winners int64
	for _, w := range won {
		wonBy[w.PrizeID] = w.N
		winners += int64(w.N)
	}
	v := &View{ID: row.ID, SurveyID: row.SurveyID, Name: row.Name, Mode: row.Mode, State: row.State, PerKind: row.PerKind,
		Eligible: row.Eligible, StartAt: models.FormatTimePtr(row.StartAt), EndAt: models.FormatTimePtr(row.EndAt),
		DrawAt: models.FormatTimePtr(row.DrawAt), DrawnAt: models.FormatTimePtr(row.DrawnAt), Seed: row.Seed,
		EntrantsHash: row.EntrantsHash, Entrants: row.Entrants, Winners: winners, Note: row.Note,
		CreateTime: models.FormatTime(row.CreatedAt), Prizes: make([]Prize, len(ps))}
	if err := db.Model(&models.LotteryDraw{}).Where("lottery_id = ?", row.ID).Count(&v.Draws).Error; err != nil {
		return nil, err
	}
	for i, p := range ps {
		v.Prizes[i] = Prize{ID: p.ID, Name: p.Name, Image: p.Image, Total: p.Total, Stock: p.Stock, Probability: p.Probability, Won: wonBy[p.ID]}
	}
	return v, nil
}

// OpenInstant is the survey's open instant lottery for the answer page ("" when none): the
// newest one whose window has not ended. Cached 5 s per survey (the answer page is hot).
func (s *Service) OpenInstant(ctx context.Context, surveyID string) string {
	now := s.now()
	s.mu.Lock()
	if e, ok := s.cache[surveyID]; ok && now.Sub(e.at) < 5*time.Second && now.Sub(e.at) >= 0 {
		s.mu.Unlock()
		return e.id
	}
	s.mu.Unlock()
	var row models.Lottery
	id := ""
	err := s.DB.WithContext(ctx).Where("survey_id = ? AND mode = ? AND state = ? AND (end_at IS NULL OR end_at > ?)",
		surveyID, models.LotteryInstant, models.LotteryOpen, now.UTC()).Order("created_at DESC").Take(&row).Error
	if err == nil {
		id = row.ID
	} else if !errors.Is(err, gorm.ErrRecordNotFound) {
		return ""
	}
	s.mu.Lock()
	if s.cache == nil {
		s.cache = map[string]openEntry{}
	}
	s.cache[surveyID] = openEntry{id: id, at: now}
	s.mu.Unlock()
	return id
}

func (s *Service) forget(surveyID string) {
	s.mu.Lock()
	delete(s.cache, surveyID)
	s.mu.Unlock()
}

func (s *Service) audit(ctx context.Context, p *account.Principal, name, notes, op string) {
	if s.Audit == nil || p == nil {
		return
	}
	s.Audit.Record(ctx, audit.Entry{Name: name, Notes: notes, OperationType: op, Success: true, UserID: p.UserID, UserName: p.LoginName})
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.ErrNotFound
	}
	return err
}
