package webhook

import (
	"context"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
)

// States a delivery list can be filtered by ("" lists all).
var States = []string{models.DeliveryPending, models.DeliveryRetrying, models.DeliveryDelivered, models.DeliveryFailed}

// MaxReplay is the most deliveries one "replay all failed" starts again (click again for more).
const MaxReplay = 1000

// DeliveryRow is a delivery in the log.
type DeliveryRow struct {
	ID            string `json:"id"`
	HookID        string `json:"hookId"`
	Event         string `json:"event"`
	AnswerID      string `json:"answerId"`
	State         string `json:"state"`
	Attempts      int    `json:"attempts"`
	Replays       int    `json:"replays"`
	LastStatus    int    `json:"lastStatus"`
	LastError     string `json:"lastError"`
	NextAttemptAt string `json:"nextAttemptAt"`
	DeliveredAt   string `json:"deliveredAt"`
	CreateTime    string `json:"createTime"`
	UpdateTime    string `json:"updateTime"`
}

// AttemptRow is one attempt in the log.
type AttemptRow struct {
	No        int    `json:"no"`
	At        string `json:"at"`
	Status    int    `json:"status"`
	LatencyMs int64  `json:"latencyMs"`
	Response  string `json:"response"`
	Error     string `json:"error"`
	Outcome   string `json:"outcome"`
}

func optTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return models.FormatTime(*t)
}

// Deliveries is one page of a hook's deliveries, newest first, optionally of one state.
func (s *Service) Deliveries(ctx context.Context, p *account.Principal, surveyID, hookID, state string, page, size int) ([]DeliveryRow, int64, error) {
	sv, err := s.canRead(ctx, p, surveyID)
	if err != nil {
		return nil, 0, err
	}
	h, err := s.ownHook(ctx, s.DB, sv.ID, hookID)
	if err != nil {
		return nil, 0, err
	}
	state = strings.TrimSpace(state)
	if state != "" && !contains(States, state) {
		return nil, 0, models.Invalid("Unknown state: choose pending, retrying, delivered or failed")
	}
	q := s.DB.WithContext(ctx).Model(&models.WebhookDelivery{}).Where("hook_id = ?", h.ID)
	if state != "" {
		q = q.Where("state = ?", state)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []models.WebhookDelivery
	if err := q.Omit("body").Order("created_at DESC, id DESC").Offset((page - 1) * size).Limit(size).Find(&rows).Error; err != nil {
		return nil, 0, err
	}
	out := make([]DeliveryRow, len(rows))
	for i, d := range rows {
		out[i] = DeliveryRow{ID: d.ID, HookID: d.HookID, Event: d.Event, AnswerID: d.AnswerID, State: d.State, Attempts: d.Attempts,
			Replays: d.Replays, LastStatus: d.LastStatus, LastError: d.LastError, NextAttemptAt: optTime(d.NextAttemptAt),
			DeliveredAt: optTime(d.DeliveredAt), CreateTime: models.FormatTime(d.CreatedAt), UpdateTime: models.FormatTime(d.UpdatedAt)}
	}
	return out, total, nil
}

// ownDelivery loads a delivery of a hook of surveyID (anything else: not found).
func (s *Service) ownDelivery(ctx context.Context, surveyID, id string) (*models.WebhookDelivery, error) {
	var d models.WebhookDelivery
	err := s.DB.WithContext(ctx).Omit("body").Where("id = ? AND survey_id = ?", strings.TrimSpace(id), surveyID).Take(&d).Error
	if err == gorm.ErrRecordNotFound {
		return nil, models.ErrNotFound
	}
	return &d, err
}

// Attempts lists every attempt of a delivery, in order.
func (s *Service) Attempts(ctx context.Context, p *account.Principal, surveyID, deliveryID string) ([]AttemptRow, error) {
	sv, err := s.canRead(ctx, p, surveyID)
	if err != nil {
		return nil, err
	}
	d, err := s.ownDelivery(ctx, sv.ID, deliveryID)
	if err != nil {
		return nil, err
	}
	var rows []models.WebhookAttempt
	if err := s.DB.WithContext(ctx).Where("delivery_id = ?", d.ID).Order("no").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]AttemptRow, len(rows))
	for i, a := range rows {
		out[i] = AttemptRow{No: a.No, At: models.FormatTime(a.At), Status: a.Status, LatencyMs: a.LatencyMs, Response: a.Response,
			Error: a.Error, Outcome: a.Outcome}
	}
	return out, nil
}

// ReplayInput names failed deliveries of one hook to send again: IDs, or every failed one.
type ReplayInput struct {
	SurveyID  string   `json:"surveyId" form:"surveyId"`
	HookID    string   `json:"hookId" form:"hookId"`
	IDs       []string `json:"ids" form:"ids"`
	AllFailed bool     `json:"allFailed" form:"allFailed"`
}

// ReplayResult says how many deliveries start again and whether failed ones remain.
type ReplayResult struct {
	Count int  `json:"count"`
	More  bool `json:"more"`
}

// Replay sends failed deliveries again, each as a new run (`webhook:<id>:replay-<n>`) with
// the same webhook-id and body, started from the outbox written in the same transaction.
// Given ids, all must be failed deliveries of the hook, or nothing happens.
func (s *Service) Replay(ctx context.Context, p *account.Principal, in ReplayInput) (*ReplayResult, error) {
	s.init()
	sv, err := s.canWrite(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	h, err := s.ownHook(ctx, s.DB, sv.ID, in.HookID)
	if err != nil {
		return nil, err
	}
	if !h.Enabled {
		return nil, models.Invalid("Enable the webhook before replaying its deliveries")
	}
	ids := dedupe(in.IDs)
	if !in.AllFailed && len(ids) == 0 {
		return nil, models.Invalid("Choose the deliveries to replay")
	}
	if len(ids) > MaxReplay {
		return nil, models.Invalid("At most %d deliveries can be replayed at once", MaxReplay)
	}
	res := &ReplayResult{}
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rows []models.WebhookDelivery
		q := tx.Model(&models.WebhookDelivery{}).Select("id", "replays", "state").Where("hook_id = ?", h.ID)
		if in.AllFailed {
			q = q.Where("state = ?", models.DeliveryFailed).Order("created_at, id").Limit(MaxReplay + 1)
		} else {
			q = q.Where("id IN ?", ids)
		}
		if err := q.Find(&rows).Error; err != nil {
			return err
		}
		if !in.AllFailed {
			if len(rows) != len(ids) {
				return models.ErrNotFound
			}
			for _, r := range rows {
				if r.State != models.DeliveryFailed {
					return models.Invalid("Only failed deliveries can be replayed")
				}
			}
		}
		if len(rows) > MaxReplay {
			rows, res.More = rows[:MaxReplay], true
		}
		if len(rows) == 0 {
			return nil
		}
		pick := make([]string, len(rows))
		for i, r := range rows {
			pick[i] = r.ID
		}
		u := tx.Model(&models.WebhookDelivery{}).Where("id IN ? AND state = ?", pick, models.DeliveryFailed).
			Updates(map[string]any{"state": models.DeliveryPending, "replays": gorm.Expr("replays + 1"), "run_id": "",
				"next_attempt_at": nil, "last_error": "", "updated_at": now})
		if u.Error != nil {
			return u.Error
		}
		var after []models.WebhookDelivery
		if err := tx.Model(&models.WebhookDelivery{}).Select("id", "replays").Where("id IN ? AND state = ? AND run_id = ''", pick, models.DeliveryPending).
			Find(&after).Error; err != nil {
			return err
		}
		evs := make([]outbox.Event, len(after))
		for i, d := range after {
			evs[i] = outbox.Event{Kind: KindReplay, Key: d.ID + ":" + strconv.Itoa(d.Replays), Payload: Replay{DeliveryID: d.ID, Replay: d.Replays}}
		}
		res.Count = len(after)
		return outbox.Add(tx, now, evs...)
	})
	if err != nil {
		return nil, err
	}
	if res.Count > 0 {
		outbox.Nudge(s.Outbox)
		s.audit(ctx, p, "webhook replay", sv.ID+" "+h.ID+" "+strconv.Itoa(res.Count)+" deliveries", audit.OpUpdate)
	}
	return res, nil
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range in {
		for _, x := range strings.Split(v, ",") {
			if x = strings.TrimSpace(x); x != "" && !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}

// Warning is a hook the survey's pages warn about.
type Warning struct {
	HookID   string `json:"hookId"`
	Name     string `json:"name"`
	Target   string `json:"target"`
	Disabled bool   `json:"disabled"`
	Failing  int    `json:"failing"`
	Reason   string `json:"reason"`
}

// Status is the webhook state of a survey for its pages: how many hooks, and which ones
// keep failing or were disabled by a 410 Gone.
type Status struct {
	Hooks    int       `json:"hooks"`
	Warnings []Warning `json:"warnings"`
}

// SurveyStatus reads the warnings of a survey (any right on the survey).
func (s *Service) SurveyStatus(ctx context.Context, p *account.Principal, surveyID string) (*Status, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	var rows []models.Webhook
	if err := s.DB.WithContext(ctx).Select("id", "name", "target", "enabled", "disabled_reason", "failing", "last_failure").
		Where("survey_id = ?", sv.ID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	st := &Status{Hooks: len(rows), Warnings: []Warning{}}
	for i := range rows {
		h := &rows[i]
		if !warns(h) {
			continue
		}
		w := Warning{HookID: h.ID, Name: h.Name, Target: h.Target, Disabled: h.DisabledReason != "", Failing: h.Failing, Reason: h.LastFailure}
		if w.Disabled {
			w.Reason = h.DisabledReason
		}
		st.Warnings = append(st.Warnings, w)
	}
	return st, nil
}

// Nudge is the answer page's send-webhook call: when the answer's deliveries still wait in
// the outbox, the dispatcher is woken. It never creates a delivery, never sends itself and
// takes no address from the caller; unknown answers are ignored.
func (s *Service) Nudge(ctx context.Context, answerID string) {
	answerID = strings.TrimSpace(answerID)
	if answerID == "" || len(answerID) > 64 || s.Outbox == nil {
		return
	}
	var n int64
	if err := s.DB.WithContext(ctx).Model(&models.OutboxEvent{}).Where("kind = ? AND entity_key = ? AND done = ?", KindAnswer, answerID, false).
		Count(&n).Error; err == nil && n > 0 {
		outbox.Nudge(s.Outbox)
	}
}
