// Package collect is the collection side of a survey: its schedule and the collection
// workflow (through the Scheduler port, implemented in workflows/starter), quota
// progress and closure, and the channels' settings (answer passwords, IP ranges, share
// settings, QR code).
package collect

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
)

// Signal names of the collection workflow (the same strings as in package workflows).
const (
	SignalAnswerCapReached = "answerCapReached"
	SignalQuotasFull       = "quotasFull"
	SignalEndNow           = "endNow"
	SignalReturnToEdit     = "returnToEdit"
)

// Refusals of a schedule change.
const (
	MsgEndInPast      = "The end time is in the past"
	MsgStartAfterEnd  = "The start time must be before the end time"
	MsgNegativeEndNum = "The answer count limit cannot be negative"
)

// Schedule is the input of the collection workflow of one survey (UTC instants).
type Schedule struct {
	SurveyID          string
	StartAt           *time.Time
	EndAt             *time.Time
	EndNum            int
	CloseOnQuotasFull bool
}

// WorkflowInfo describes the collection workflow of a survey.
type WorkflowInfo struct {
	WorkflowID string
	RunID      string
	Status     string // Running, Completed, ... ("" when none)
}

// ErrNoWorkflow: no collection workflow is running for the survey.
var ErrNoWorkflow = errors.New("no collection workflow is running")

// Scheduler is the port to the collection workflow (workflows/starter implements it).
type Scheduler interface {
	// Start starts the workflow of s.SurveyID, replacing a running one (re-publish).
	Start(ctx context.Context, s Schedule) (runID string, err error)
	// Signal sends a signal to the running workflow (ErrNoWorkflow when none).
	Signal(ctx context.Context, surveyID, name string) error
	// Reschedule runs the validated reschedule update (ErrNoWorkflow when none; a
	// refusal is a models.Invalid with the validator's message).
	Reschedule(ctx context.Context, s Schedule) error
	// Describe returns the latest workflow of the survey (nil when none).
	Describe(ctx context.Context, surveyID string) (*WorkflowInfo, error)
}

// NoScheduler is the Scheduler without Temporal: nothing runs, nothing is described.
type NoScheduler struct{}

func (NoScheduler) Start(context.Context, Schedule) (string, error)         { return "", nil }
func (NoScheduler) Signal(context.Context, string, string) error            { return ErrNoWorkflow }
func (NoScheduler) Reschedule(context.Context, Schedule) error              { return ErrNoWorkflow }
func (NoScheduler) Describe(context.Context, string) (*WorkflowInfo, error) { return nil, nil }

// Service implements collection.
type Service struct {
	DB        *gorm.DB
	Surveys   *surveysvc.Service
	Answers   *answersvc.Service
	Scheduler Scheduler
	Now       func() time.Time
	// PublicURL is server.public_url (the QR code's base; the request host when empty).
	PublicURL string
	// Outbox is nudged after a close wrote its survey.closed event (nil: the poll finds it).
	Outbox outbox.Nudger
}

var (
	_ surveysvc.CollectionHook     = (*Service)(nil)
	_ answersvc.CollectionNotifier = (*Service)(nil)
)

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) sched() Scheduler {
	if s.Scheduler == nil {
		return NoScheduler{}
	}
	return s.Scheduler
}

// WorkflowID is the id of the collection workflow of a survey.
func WorkflowID(surveyID string) string { return "collection:" + surveyID }

// MonitorPath is the console page of the workflow in the monitor.
func MonitorPath(surveyID string) string {
	return "/v8/dw/admin/workflows?workflowId=" + url.QueryEscape(WorkflowID(surveyID))
}

// setting reads the settings row of a survey (a zero row when none).
func (s *Service) setting(ctx context.Context, db *gorm.DB, surveyID string) (*models.CollectSetting, error) {
	var cs models.CollectSetting
	err := db.WithContext(ctx).Where("survey_id = ?", surveyID).Take(&cs).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return &models.CollectSetting{SurveyID: surveyID}, nil
	}
	return &cs, err
}

// readableSetting checks that p may see the survey (any right) and returns its settings row
// (the get calls of c/ip, c/share and c/comp).
func (s *Service) readableSetting(ctx context.Context, p *account.Principal, id string) (*models.Survey, *models.CollectSetting, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedAny)
	if err != nil {
		return nil, nil, err
	}
	cs, err := s.setting(ctx, s.DB, sv.ID)
	return sv, cs, err
}

// upsert writes the given columns of the settings row of a survey.
func (s *Service) upsert(ctx context.Context, db *gorm.DB, surveyID string, cols map[string]any) error {
	cols["updated_at"] = s.now()
	row := map[string]any{"survey_id": surveyID}
	names := make([]string, 0, len(cols))
	for k, v := range cols {
		row[k] = v
		names = append(names, k)
	}
	return db.WithContext(ctx).Model(&models.CollectSetting{}).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "survey_id"}}, DoUpdates: clause.AssignmentColumns(names)}).Create(row).Error
}

// schedule is the effective schedule: the override of collect-schedule.do or the
// published surveyAttrs.
func (s *Service) schedule(ctx context.Context, sv *models.Survey) (Schedule, *models.CollectSetting, error) {
	cs, err := s.setting(ctx, s.DB, sv.ID)
	if err != nil {
		return Schedule{}, nil, err
	}
	out := Schedule{SurveyID: sv.ID, CloseOnQuotasFull: cs.CloseOnQuotasFull}
	if cs.ScheduleSet {
		out.StartAt, out.EndAt, out.EndNum = utcPtr(cs.StartAt), utcPtr(cs.EndAt), cs.EndNum
		return out, cs, nil
	}
	if sv.PublishedVersion > 0 {
		pv, err := s.Surveys.PublishedVersion(ctx, sv.ID)
		if err != nil && pv == nil {
			return out, cs, err
		}
		if pv != nil && pv.Doc != nil {
			sc := s.Answers.ScheduleOf(pv.Doc)
			out.StartAt, out.EndAt, out.EndNum = sc.StartAt, sc.EndAt, sc.EndNum
		}
	}
	return out, cs, nil
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (s *Service) survey(ctx context.Context, surveyID string) (*models.Survey, error) {
	var sv models.Survey
	err := s.DB.WithContext(ctx).Where("id = ?", surveyID).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &sv, err
}

// Published starts (or restarts) the collection workflow after a publish. The published
// surveyAttrs become the schedule again (a previous collect-schedule.do override is dropped).
func (s *Service) Published(ctx context.Context, surveyID string) error {
	if err := s.upsert(ctx, s.DB, surveyID, map[string]any{"schedule_set": false, "closed_at": nil, "close_reason": ""}); err != nil {
		return err
	}
	sv, err := s.survey(ctx, surveyID)
	if err != nil {
		return err
	}
	sc, _, err := s.schedule(ctx, sv)
	if err != nil {
		return err
	}
	_, err = s.sched().Start(ctx, sc)
	return err
}

// StateChanged forwards an author's state change (already committed) to the workflow:
// ended -> endNow, designing -> returnToEdit (its close is then a no-op), and a re-open
// (ended -> collecting) starts a new run that opens at once and keeps the end time.
// With no running workflow the committed state is all there is to do.
func (s *Service) StateChanged(ctx context.Context, surveyID string, from, to int) error {
	var err error
	reason := ""
	switch to {
	case models.SurveyEnded:
		reason = models.CloseReasonEndNow
		err = s.sched().Signal(ctx, surveyID, SignalEndNow)
	case models.SurveyDesigning:
		reason = models.CloseReasonReturnToEdit
		err = s.sched().Signal(ctx, surveyID, SignalReturnToEdit)
	case models.SurveyCollecting:
		sv, e := s.survey(ctx, surveyID)
		if e != nil {
			return e
		}
		sc, _, e := s.schedule(ctx, sv)
		if e != nil {
			return e
		}
		sc.StartAt = nil
		if sc.EndAt != nil && !sc.EndAt.After(s.now()) {
			sc.EndAt = nil // re-opened after its end time: no end until the author sets one
		}
		_, err = s.sched().Start(ctx, sc)
	}
	if errors.Is(err, ErrNoWorkflow) {
		if reason != "" { // no run to tell: record the author's action as the close reason
			return s.Close(ctx, surveyID, reason)
		}
		return nil
	}
	return err
}

// Open is the OpenCollection activity: publish already set the state collecting (the gate
// answers 408 before the start time); it records the opening. Idempotent.
func (s *Service) Open(ctx context.Context, surveyID string) error {
	sv, err := s.survey(ctx, surveyID)
	if err != nil {
		return err
	}
	if sv.PublishedVersion == 0 || sv.DeletedAt != nil {
		return nil
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		cs, err := s.setting(ctx, tx, surveyID)
		if err != nil {
			return err
		}
		if cs.OpenedAt != nil && cs.ClosedAt == nil {
			return nil
		}
		return s.upsert(ctx, tx, surveyID, map[string]any{"opened_at": s.now(), "closed_at": nil, "close_reason": ""})
	})
}

// Close is the CloseCollection activity: collecting -> ended (returnToEdit: collecting or
// ended -> designing). Closing a closed survey changes nothing. A close that ends
// collection (every reason but returnToEdit) writes the survey.closed outbox event in the
// same transaction (webhooks subscribed to "survey closed" are sent from it).
func (s *Service) Close(ctx context.Context, surveyID, reason string) error {
	to, from := models.SurveyEnded, []int{models.SurveyCollecting}
	if reason == SignalReturnToEdit {
		to, from = models.SurveyDesigning, []int{models.SurveyCollecting, models.SurveyEnded}
	}
	now := s.now()
	wrote := false
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.Survey{}).Where("id = ? AND state IN ?", surveyID, from).Updates(map[string]any{"state": to, "updated_at": now})
		if res.Error != nil {
			return res.Error
		}
		cs, err := s.setting(ctx, tx, surveyID)
		if err != nil {
			return err
		}
		if cs.ClosedAt != nil && res.RowsAffected == 0 {
			return nil
		}
		if err := s.upsert(ctx, tx, surveyID, map[string]any{"closed_at": now, "close_reason": reason}); err != nil {
			return err
		}
		if reason == SignalReturnToEdit {
			return nil
		}
		wrote = true
		return outbox.Add(tx, now, outbox.Event{Kind: EventSurveyClosed, Key: surveyID + ":" + strconv.FormatInt(now.UnixMilli(), 10),
			Payload: SurveyClosed{SurveyID: surveyID, Reason: reason, ClosedAt: now}})
	})
	if err == nil && wrote {
		outbox.Nudge(s.Outbox)
	}
	return err
}

// EventSurveyClosed is the outbox kind written when collection ends (key: survey id + ":" +
// close time in unix ms, payload SurveyClosed).
const EventSurveyClosed = "survey.closed"

// SurveyClosed is the payload of a survey.closed event.
type SurveyClosed struct {
	SurveyID string    `json:"surveyId"`
	Reason   string    `json:"reason"`
	ClosedAt time.Time `json:"closedAt"`
}

// CollectionFull is the answer service's notifier (after commit): the answer cap filled
// -> answerCapReached; a quota filled and every quota is full and the author chose
// closure -> quotasFull. With no running workflow the survey is closed directly.
func (s *Service) CollectionFull(ctx context.Context, surveyID, what string) {
	var err error
	reason := ""
	switch {
	case answersvc.IsTotalKey(what):
		reason = models.CloseReasonAnswerCap
		err = s.sched().Signal(ctx, surveyID, SignalAnswerCapReached)
	case answersvc.IsQuotaKey(what):
		var cs *models.CollectSetting
		if cs, err = s.setting(ctx, s.DB, surveyID); err != nil || !cs.CloseOnQuotasFull {
			break
		}
		var hits []QuotaRow
		if hits, err = s.Quotas(ctx, surveyID); err != nil || len(hits) == 0 {
			break
		}
		for _, h := range hits {
			if !h.Full {
				return
			}
		}
		reason = models.CloseReasonQuotasFull
		err = s.sched().Signal(ctx, surveyID, SignalQuotasFull)
	}
	if errors.Is(err, ErrNoWorkflow) && reason != "" {
		err = s.Close(ctx, surveyID, reason)
	}
	if err != nil {
		slog.Error("collection notifier", "survey", surveyID, "what", what, "err", err)
	}
}

// check applies the survey access rule (design rights).
func (s *Service) check(ctx context.Context, p *account.Principal, id string, need surveysvc.Need) (*models.Survey, error) {
	return s.Surveys.Check(ctx, p, id, need)
}
