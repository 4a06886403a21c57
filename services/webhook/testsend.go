package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/netguard"
)

// TestResult is what the target answered to a test message.
type TestResult struct {
	OK        bool   `json:"ok"`
	Outcome   string `json:"outcome"`
	Status    int    `json:"status"`
	LatencyMs int64  `json:"latencyMs"`
	Response  string `json:"response"`
	Error     string `json:"error"`
}

const minute = time.Minute

// MsgTestRate is the refusal of too many test sends.
const MsgTestRate = "Too many test messages: wait a minute and try again"

// TestSend sends a test message with the settings of in (the form as it is, saved or not:
// an empty secret of a saved hook uses the stored one) and returns the target's answer. It
// is checked like a save and stores nothing; at most 10 per user and minute.
func (s *Service) TestSend(ctx context.Context, p *account.Principal, in HookInput) (*TestResult, error) {
	s.init()
	sv, old, err := s.editing(ctx, p, in)
	if err != nil {
		return nil, err
	}
	key := "webhook-test:" + principalID(p)
	if blocked, _, err := s.Limiter.Blocked(ctx, key, testSendsPerMinute, minute); err != nil {
		return nil, err
	} else if blocked {
		return nil, models.Invalid(MsgTestRate)
	}
	pr, err := s.prepare(ctx, sv, in, old)
	if err != nil {
		return nil, err
	}
	if err := s.Limiter.Hit(ctx, key, minute); err != nil {
		return nil, err
	}
	secret := pr.secret
	if pr.keep {
		if secret, err = s.Box.Open(old.SecretEnc, old.ID); err != nil {
			return nil, models.Invalid(MsgSecretOtherKey)
		}
	}
	h := pr.row
	b := &built{ev: Event{Type: models.HookTest, Data: EventData{Test: true,
		Survey: SurveyRef{ID: sv.ID, Sid: sv.Sid, Title: sv.Title, Type: sv.SurveyType}}}, at: s.now()}
	b.ev.Timestamp = rfc(b.at)
	if doc := draftOrPublished(ctx, s.DB, sv); doc != nil {
		b.doc = doc
		b.ev.Data.Questions = questionRefs(doc, nil)
	}
	if s.PublicURL != "" {
		b.ev.Data.Link = strings.TrimRight(s.PublicURL, "/") + "/v8/dws/d/data/" + sv.ID
	}
	var body []byte
	if h.Target == models.HookCustom {
		body, _ = json.Marshal(b.ev)
	} else {
		body = botBody(h.Target, s.botMessage(decodeTemplate(h.Template), b))
	}
	id, _ := uuid.NewV7()
	req, err := sign(h.Target, h.URL, secret, "test_"+id.String(), body, s.now())
	if err != nil {
		return nil, models.Invalid("%s", err.Error())
	}
	resp, sendErr := s.Client.Do(ctx, http.MethodPost, req.URL, req.Header, req.Body)
	var res AttemptResult
	classify(h.Target, resp, sendErr, s.now(), &res)
	out := &TestResult{OK: res.Outcome == OutcomeDelivered, Outcome: res.Outcome, Status: res.Status, Error: res.Error}
	if resp != nil {
		out.LatencyMs, out.Response = resp.Latency.Milliseconds(), excerpt(resp.Body)
	}
	if sendErr != nil && (errors.Is(sendErr, netguard.ErrBlocked) || errors.Is(sendErr, netguard.ErrInvalidURL)) {
		return nil, models.Invalid("%s", sendErr.Error())
	}
	return out, nil
}
