package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/netguard"
)

// Outcomes of one attempt (AttemptResult.Outcome).
const (
	OutcomeDelivered = "delivered" // 2xx (and, for bots, their "ok" code)
	OutcomeRetry     = "retry"     // network error, timeout, 408, 429, 5xx, a bot's rate-limit code
	OutcomeFailed    = "failed"    // any other refusal: no retry
	OutcomeGone      = "gone"      // 410 Gone: the hook is disabled
	OutcomeSkipped   = "skipped"   // nothing to send (deleted, or another run owns the delivery)
)

// Bounds of a delivery.
const (
	MaxExcerptBytes = 2048    // response excerpt kept per attempt
	MaxBodyBytes    = 1 << 20 // request body (custom hooks; bots are far smaller)
)

// AttemptInput asks for one attempt of a delivery by the workflow run RunID, which serves
// replay Replay (0: the first run). RunAttempt counts the attempts of this run from 1.
type AttemptInput struct {
	DeliveryID string
	RunID      string
	Replay     int
	RunAttempt int
}

// AttemptResult is what one attempt found.
type AttemptResult struct {
	Outcome string
	// No is the attempt's number in the delivery's log (attempts continue across replays).
	No     int
	Status int
	// RetryAfterSeconds is the target's Retry-After (0 when none).
	RetryAfterSeconds int64
	Error             string
}

// Final reports an outcome that ends the delivery's run.
func (r AttemptResult) Final() bool { return r.Outcome != OutcomeRetry }

// Attempt makes one attempt of a delivery: the run claims the delivery on its first attempt
// (a run of an older replay, or a second run of the same replay, finds it taken and sends
// nothing), the body is built once and kept, the request signed now and sent through the
// outbound guard, and the attempt recorded with the delivery's new state. Idempotent per
// (delivery, attempt number): a retried activity overwrites its attempt row.
func (s *Service) Attempt(ctx context.Context, in AttemptInput) (AttemptResult, error) {
	s.init()
	db := s.DB.WithContext(ctx)
	d, err := s.claim(ctx, in)
	if err != nil || d == nil {
		return AttemptResult{Outcome: OutcomeSkipped}, err
	}
	res := AttemptResult{No: d.RunBase + in.RunAttempt}
	var h models.Webhook
	if err := db.Where("id = ?", d.HookID).Take(&h).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return AttemptResult{Outcome: OutcomeSkipped}, nil
		}
		return res, err
	}
	now := s.now()
	if !h.Enabled { // switched off while the delivery waited: it ends, and is no failure of the target's
		res.Outcome, res.Error = OutcomeFailed, "The webhook was disabled"
		return res, s.record(ctx, d, nil, res, nil, now)
	}
	body, err := s.deliveryBody(ctx, d, &h)
	if err != nil {
		if errors.Is(err, errGone) {
			res.Outcome, res.Error = OutcomeFailed, "The answer or survey of this event was deleted"
			return res, s.record(ctx, d, &h, res, nil, now)
		}
		return res, err
	}
	secret := ""
	if h.SecretEnc != "" {
		if secret, err = s.Box.Open(h.SecretEnc, h.ID); err != nil {
			res.Outcome, res.Error = OutcomeFailed, MsgSecretOtherKey
			return res, s.record(ctx, d, &h, res, nil, now)
		}
	}
	req, err := sign(h.Target, h.URL, secret, d.ID, body, now)
	if err != nil {
		res.Outcome, res.Error = OutcomeFailed, err.Error()
		return res, s.record(ctx, d, &h, res, nil, now)
	}
	resp, sendErr := s.Client.Do(ctx, http.MethodPost, req.URL, req.Header, req.Body)
	classify(h.Target, resp, sendErr, now, &res)
	return res, s.record(ctx, d, &h, res, resp, now)
}

// claim loads the delivery for run in.RunID: on the run's first attempt it takes a
// pending delivery of its replay; later attempts only check that the run still owns it.
// nil (no error) means there is nothing for this run to do.
func (s *Service) claim(ctx context.Context, in AttemptInput) (*models.WebhookDelivery, error) {
	db := s.DB.WithContext(ctx)
	if in.RunAttempt == 1 {
		if err := db.Exec("UPDATE webhook_deliveries SET run_id = ?, run_base = attempts, updated_at = ? "+
			"WHERE id = ? AND replays = ? AND state = ? AND run_id = ''",
			in.RunID, s.now(), in.DeliveryID, in.Replay, models.DeliveryPending).Error; err != nil {
			return nil, err
		}
	}
	var d models.WebhookDelivery
	if err := db.Where("id = ?", in.DeliveryID).Take(&d).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil
		}
		return nil, err
	}
	if d.RunID != in.RunID || d.Replays != in.Replay {
		return nil, nil
	}
	return &d, nil
}

// deliveryBody returns the delivery's stored body, building and storing it on first use
// (every attempt and replay sends the same bytes).
func (s *Service) deliveryBody(ctx context.Context, d *models.WebhookDelivery, h *models.Webhook) ([]byte, error) {
	if d.Body != "" {
		return []byte(d.Body), nil
	}
	b, err := s.buildEvent(ctx, d)
	if err != nil {
		return nil, err
	}
	body, err := s.body(h, b)
	if err != nil {
		return nil, err
	}
	if len(body) > MaxBodyBytes {
		return nil, fmt.Errorf("%w: the event is larger than %d bytes", errGone, MaxBodyBytes)
	}
	if err := s.DB.WithContext(ctx).Model(&models.WebhookDelivery{}).Where("id = ? AND body = ''", d.ID).
		Update("body", string(body)).Error; err != nil {
		return nil, err
	}
	d.Body = string(body)
	return body, nil
}

// record stores an attempt and the delivery's new state (and the failure count of h, when
// given) in one transaction, only while run in.RunID still owns the delivery.
func (s *Service) record(ctx context.Context, d *models.WebhookDelivery, h *models.Webhook, res AttemptResult,
	resp *netguard.Response, now time.Time) error {
	att := models.WebhookAttempt{DeliveryID: d.ID, No: res.No, At: now, Status: res.Status, Error: clip(res.Error, 500), Outcome: res.Outcome}
	if resp != nil {
		att.LatencyMs = resp.Latency.Milliseconds()
		att.Response = excerpt(resp.Body)
	}
	upd := map[string]any{"attempts": gorm.Expr("CASE WHEN attempts < ? THEN ? ELSE attempts END", res.No, res.No),
		"last_status": res.Status, "last_error": att.Error, "next_attempt_at": nil, "updated_at": now}
	switch res.Outcome {
	case OutcomeDelivered:
		upd["state"], upd["delivered_at"] = models.DeliveryDelivered, now
	case OutcomeRetry:
		upd["state"] = models.DeliveryRetrying
	default:
		upd["state"] = models.DeliveryFailed
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		r := tx.Model(&models.WebhookDelivery{}).Where("id = ? AND run_id = ?", d.ID, d.RunID).Updates(upd)
		if r.Error != nil || r.RowsAffected == 0 {
			return r.Error
		}
		if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "delivery_id"}, {Name: "no"}},
			DoUpdates: clause.AssignmentColumns([]string{"at", "status", "latency_ms", "response", "error", "outcome"})}).
			Create(&att).Error; err != nil {
			return err
		}
		if h == nil {
			return nil
		}
		return s.hookAfter(tx, h, res, now)
	})
}

// hookAfter keeps the hook's run of failures: a delivered attempt ends it, any other adds
// one; a 410 Gone disables the hook and says why (the owner sees it on the survey).
func (s *Service) hookAfter(tx *gorm.DB, h *models.Webhook, res AttemptResult, now time.Time) error {
	q := tx.Model(&models.Webhook{}).Where("id = ?", h.ID)
	switch res.Outcome {
	case OutcomeDelivered:
		if h.Failing == 0 {
			return nil // the common case writes nothing to the hook row
		}
		return q.Updates(map[string]any{"failing": 0}).Error
	case OutcomeSkipped:
		return nil
	}
	upd := map[string]any{"failing": gorm.Expr("failing + 1"), "last_failure": clip(res.Error, 500), "last_failure_at": now}
	if res.Outcome == OutcomeGone {
		upd["enabled"] = false
		upd["disabled_reason"] = "The target answered 410 Gone on " + now.In(s.Loc).Format("2006-01-02 15:04:05") +
			": the webhook was disabled. Check the address, then enable it again."
	}
	return q.Updates(upd).Error
}

// classify sets res from a response or a send error.
func classify(target string, resp *netguard.Response, err error, now time.Time, res *AttemptResult) {
	if err != nil {
		res.Error = err.Error()
		switch {
		case errors.Is(err, netguard.ErrInvalidURL), errors.Is(err, netguard.ErrBlocked), errors.Is(err, netguard.ErrTooLarge),
			errors.Is(err, netguard.ErrRedirects):
			res.Outcome = OutcomeFailed // a refusal of ours: the same request would be refused again
		default:
			res.Outcome = OutcomeRetry // timeouts, DNS and network failures pass
		}
		return
	}
	res.Status = resp.Status
	if ra := netguard.RetryAfter(resp.Header, now); ra > 0 {
		res.RetryAfterSeconds = int64((ra + time.Second - 1) / time.Second)
	}
	switch {
	case resp.Status >= 200 && resp.Status < 300:
		code, msg, known := botCode(target, resp.Body)
		switch {
		case !known || code == 0:
			res.Outcome = OutcomeDelivered
		case botRateLimited(target, code):
			res.Outcome, res.Error = OutcomeRetry, fmt.Sprintf("The bot is rate limited (code %d: %s)", code, msg)
		default:
			res.Outcome, res.Error = OutcomeFailed, fmt.Sprintf("The bot refused the message (code %d: %s)", code, msg)
		}
	case resp.Status == http.StatusGone:
		res.Outcome, res.Error = OutcomeGone, "410 Gone: the target says this webhook no longer exists"
	case resp.Status == http.StatusRequestTimeout, resp.Status == http.StatusTooManyRequests, resp.Status >= 500:
		res.Outcome, res.Error = OutcomeRetry, fmt.Sprintf("HTTP %d", resp.Status)
	default:
		res.Outcome, res.Error = OutcomeFailed, fmt.Sprintf("HTTP %d", resp.Status)
	}
}

// botCode reads the result code bots put in a 2xx body (WeCom and DingTalk errcode, Feishu
// code or StatusCode); known is false for custom targets or a body without one.
func botCode(target string, body []byte) (code int, msg string, known bool) {
	if target == models.HookCustom {
		return 0, "", false
	}
	var r struct {
		ErrCode    *int   `json:"errcode"`
		ErrMsg     string `json:"errmsg"`
		Code       *int   `json:"code"`
		Msg        string `json:"msg"`
		StatusCode *int   `json:"StatusCode"`
	}
	if json.Unmarshal(body, &r) != nil {
		return 0, "", false
	}
	switch {
	case r.ErrCode != nil:
		return *r.ErrCode, clip(r.ErrMsg, 200), true
	case r.Code != nil:
		return *r.Code, clip(r.Msg, 200), true
	case r.StatusCode != nil:
		return *r.StatusCode, clip(r.Msg, 200), true
	}
	return 0, "", false
}

// botRateLimited lists the documented "too many messages" codes of the bots (WeCom 45009,
// DingTalk 130101, Feishu 11232 and 9499): such a refusal is retried.
func botRateLimited(target string, code int) bool {
	switch target {
	case models.HookWorkChat:
		return code == 45009
	case models.HookDingTalk:
		return code == 130101
	case models.HookFeishu:
		return code == 11232 || code == 9499
	}
	return false
}

// excerpt is at most MaxExcerptBytes of a response body as text.
func excerpt(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > MaxExcerptBytes {
		b = b[:MaxExcerptBytes]
	}
	s := strings.ToValidUTF8(string(b), "")
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		return fmt.Sprintf("(%d bytes of binary data)", len(b))
	}
	return s
}

// WaitInput records the time of a delivery's next attempt (UTC).
type WaitInput struct {
	DeliveryID string
	RunID      string
	NextAt     time.Time
}

// Waiting records when the next attempt is due (shown in the log). Idempotent.
func (s *Service) Waiting(ctx context.Context, in WaitInput) error {
	s.init()
	at := in.NextAt.UTC()
	return s.DB.WithContext(ctx).Model(&models.WebhookDelivery{}).Where("id = ? AND run_id = ? AND state = ?", in.DeliveryID, in.RunID, models.DeliveryRetrying).
		Updates(map[string]any{"next_attempt_at": at, "updated_at": s.now()}).Error
}

// GiveUpInput ends a delivery that found no success within the retry window.
type GiveUpInput struct {
	DeliveryID string
	RunID      string
	Reason     string
}

// GiveUp marks the delivery failed (it stays replayable). Idempotent.
func (s *Service) GiveUp(ctx context.Context, in GiveUpInput) error {
	s.init()
	return s.DB.WithContext(ctx).Model(&models.WebhookDelivery{}).Where("id = ? AND run_id = ? AND state = ?", in.DeliveryID, in.RunID, models.DeliveryRetrying).
		Updates(map[string]any{"state": models.DeliveryFailed, "last_error": clip(in.Reason, 500), "next_attempt_at": nil, "updated_at": s.now()}).Error
}
