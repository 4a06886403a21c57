package webhook

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/collect"
	"dwsurvey/services/outbox"
	"dwsurvey/services/review"
)

// Outbox event kinds this package writes or consumes.
const (
	// KindAnswer: a submitted answer of a survey with hooks (written with the answer by
	// SubmitEvents; key: the answer id; payload: the planned deliveries).
	KindAnswer = "webhook.answer"
	// KindAnswerReviewed: an answer's final review decision (written by the review chain in
	// the decision's transaction; key: the answer id).
	KindAnswerReviewed = review.KindAnswerReviewed
	// KindSurveyClosed: a survey stopped collecting (written by services/collect.Close; key:
	// surveyID + ":" + close time in unix ms; payload collect.SurveyClosed).
	KindSurveyClosed = collect.EventSurveyClosed
	// KindReplay: the owner replayed a failed delivery (key: deliveryID + ":" + replay no).
	KindReplay = "webhook.replay"
)

// answerEvent is the payload of KindAnswer: the deliveries planned when the answer was
// submitted (their ids are fixed here, so a second dispatch finds the same rows).
type answerEvent struct {
	SurveyID   string    `json:"surveyId"`
	AnswerID   string    `json:"answerId"`
	Deliveries []planned `json:"deliveries"`
}

type planned struct {
	HookID string `json:"hookId"`
	ID     string `json:"id"`
}

// Replay is the payload of KindReplay.
type Replay struct {
	DeliveryID string `json:"deliveryId"`
	Replay     int    `json:"replay"`
}

// cachedHooks are the enabled hooks of one survey as the submit path knows them.
type cachedHooks struct {
	at    time.Time
	hooks []cachedHook
}

type cachedHook struct {
	id     string
	events string
}

var _ answersvc.SubmitEvents = (*Service)(nil)

// SubmitEvents is the answer service's feature (runs before the answer's transaction): an
// answer of a survey with enabled "answer submitted" hooks gets one outbox event planning
// one delivery per hook; a survey without such hooks costs a map lookup (the hook list is
// cached for CacheTTL).
func (s *Service) SubmitEvents(ctx context.Context, a answersvc.Submitted) ([]outbox.Event, error) {
	hooks, err := s.enabledHooks(ctx, a.Survey.ID)
	if err != nil {
		return nil, err
	}
	var plan []planned
	for _, h := range hooks {
		if !hasEvent(h.events, models.HookAnswerSubmitted) {
			continue
		}
		id, err := uuid.NewV7()
		if err != nil {
			return nil, err
		}
		plan = append(plan, planned{HookID: h.id, ID: id.String()})
	}
	if len(plan) == 0 {
		return nil, nil
	}
	return []outbox.Event{{Kind: KindAnswer, Key: a.Answer.ID,
		Payload: answerEvent{SurveyID: a.Survey.ID, AnswerID: a.Answer.ID, Deliveries: plan}}}, nil
}

func hasEvent(list, e string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == e {
			return true
		}
	}
	return false
}

// enabledHooks returns the enabled hooks of a survey, from the cache when fresh.
func (s *Service) enabledHooks(ctx context.Context, surveyID string) ([]cachedHook, error) {
	s.init()
	now := time.Now()
	s.mu.RLock()
	c, ok := s.hooks[surveyID]
	s.mu.RUnlock()
	if ok && now.Sub(c.at) < s.CacheTTL {
		return c.hooks, nil
	}
	var rows []models.Webhook
	if err := s.DB.WithContext(ctx).Select("id", "events").Where("survey_id = ? AND enabled = ?", surveyID, true).
		Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	hooks := make([]cachedHook, len(rows))
	for i, r := range rows {
		hooks[i] = cachedHook{id: r.ID, events: r.Events}
	}
	s.mu.Lock()
	if len(s.hooks) >= maxCachedSurveys {
		clear(s.hooks) // a bounded cache: starting over costs one read per survey
	}
	s.hooks[surveyID] = cachedHooks{at: now, hooks: hooks}
	s.mu.Unlock()
	return hooks, nil
}

// forget drops the cached hooks of a survey (after a change in this process).
func (s *Service) forget(surveyID string) {
	s.init()
	s.mu.Lock()
	delete(s.hooks, surveyID)
	s.mu.Unlock()
}

// Fanout turns an outbox event into its delivery rows (at most one per hook and event:
// a second dispatch of the event finds the rows already there) and returns the ids of the
// deliveries whose workflows must start. Events of a survey or answer that no longer
// exists plan nothing.
func (s *Service) Fanout(ctx context.Context, ev models.OutboxEvent) ([]string, error) {
	s.init()
	var rows []models.WebhookDelivery
	now := s.now()
	switch ev.Kind {
	case KindAnswer:
		var p answerEvent
		if err := outbox.Decode(ev, &p); err != nil {
			return nil, err
		}
		ids := make([]string, len(p.Deliveries))
		for i, d := range p.Deliveries {
			ids[i] = d.HookID
		}
		var live []string // hooks deleted or switched off since the answer was stored get nothing
		if err := s.DB.WithContext(ctx).Model(&models.Webhook{}).Where("id IN ? AND enabled = ?", ids, true).Pluck("id", &live).Error; err != nil {
			return nil, err
		}
		for _, d := range p.Deliveries {
			if contains(live, d.HookID) {
				rows = append(rows, models.WebhookDelivery{ID: d.ID, HookID: d.HookID, SurveyID: p.SurveyID,
					Event: models.HookAnswerSubmitted, Subject: p.AnswerID, AnswerID: p.AnswerID})
			}
		}
	case KindAnswerReviewed:
		var a models.Answer
		err := s.DB.WithContext(ctx).Select("id", "survey_id").Where("id = ?", ev.Key).Take(&a).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if rows, err = s.planFor(ctx, a.SurveyID, models.HookAnswerReviewed, a.ID, a.ID); err != nil {
			return nil, err
		}
	case KindSurveyClosed:
		var p collect.SurveyClosed
		if err := outbox.Decode(ev, &p); err != nil {
			return nil, err
		}
		var err error
		if rows, err = s.planFor(ctx, p.SurveyID, models.HookSurveyClosed, ev.Key, ""); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("webhook: unknown event kind " + ev.Kind)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	for i := range rows {
		rows[i].State, rows[i].CreatedAt, rows[i].UpdatedAt = models.DeliveryPending, now, now
	}
	db := s.DB.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
		return nil, err
	}
	// the rows as stored (a first dispatch may have written them with other ids)
	var out []string
	q := db.Model(&models.WebhookDelivery{}).Where("event = ? AND subject = ?", rows[0].Event, rows[0].Subject)
	hookIDs := make([]string, len(rows))
	for i, r := range rows {
		hookIDs[i] = r.HookID
	}
	if err := q.Where("hook_id IN ?", hookIDs).Order("id").Pluck("id", &out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// planFor plans one delivery per enabled hook of surveyID subscribed to event.
func (s *Service) planFor(ctx context.Context, surveyID, event, subject, answerID string) ([]models.WebhookDelivery, error) {
	var hooks []models.Webhook
	if err := s.DB.WithContext(ctx).Select("id", "events").Where("survey_id = ? AND enabled = ?", surveyID, true).
		Order("id").Find(&hooks).Error; err != nil {
		return nil, err
	}
	var out []models.WebhookDelivery
	for _, h := range hooks {
		if !hasEvent(h.Events, event) {
			continue
		}
		id, err := uuid.NewV7()
		if err != nil {
			return nil, err
		}
		out = append(out, models.WebhookDelivery{ID: id.String(), HookID: h.ID, SurveyID: surveyID, Event: event,
			Subject: clip(subject, 160), AnswerID: answerID})
	}
	return out, nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
