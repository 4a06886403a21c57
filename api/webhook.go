package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/webhook"
)

// registerWebhook registers the webhook calls (docs/webhooks.md): the settings page
// (design/webhook/:id and set/webhook/:id), its delivery log, and the answer page's nudge.
func (s *server) registerWebhook() {
	m := models.PermSurveyManage
	s.handle(http.MethodGet, "app/survey/webhook/list.do", m, "Webhooks of a survey (secrets masked), the questions a message may show, the targets and events", s.hookList)
	s.handle(http.MethodPost, "app/survey/webhook/save.do", m, "Create or update a webhook (design and data rights; the secret is write-only)", s.hookSave)
	s.handle(http.MethodPost, "app/survey/webhook/delete.do", m, "Delete a webhook with its delivery log", s.hookDelete)
	s.handle(http.MethodPost, "app/survey/webhook/test.do", m, "Send a test message with the form's settings; answers the target's reply (10 per minute)", s.hookTest)
	s.handle(http.MethodGet, "app/survey/webhook/deliveries.do", m, "Deliveries of a webhook, newest first, filter state (PageResult)", s.hookDeliveries)
	s.handle(http.MethodGet, "app/survey/webhook/attempts.do", m, "Attempts of a delivery (time, status, latency, response excerpt, error)", s.hookAttempts)
	s.handle(http.MethodPost, "app/survey/webhook/replay.do", m, "Replay failed deliveries (ids, or allFailed: up to 1,000)", s.hookReplay)
	s.handle(http.MethodGet, "app/survey/webhook/status.do", m, "Webhook warnings of a survey (hooks failing again and again, or disabled by 410 Gone)", s.hookStatus)
	s.handle(http.MethodGet, "none/v6/dw-answer-webhook/send-webhook", "", "Answer page after submit: wakes the answer's pending deliveries (never creates or sends one; result ignored)", s.sendWebhook)
}

func (s *server) hookList(c *gin.Context) {
	id := surveyIDParam(c)
	hooks, err := s.d.Webhook.List(c.Request.Context(), principal(c), id)
	if err != nil {
		fail(c, err)
		return
	}
	qs, err := s.d.Webhook.Questions(c.Request.Context(), principal(c), id)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"hooks": hooks, "questions": qs, "targets": webhook.Targets, "events": webhook.Events,
		"secretsReady": s.d.Webhook.SecretsReady(), "maxHooks": webhook.MaxHooksPerSurvey})
}

func (s *server) hookSave(c *gin.Context) {
	var b webhook.HookInput
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Webhook.Save(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

type hookIDBody struct {
	SurveyID string `json:"surveyId" form:"surveyId"`
	ID       string `json:"id" form:"id"`
}

func (s *server) hookDelete(c *gin.Context) {
	var b hookIDBody
	if !bind(c, &b) {
		return
	}
	respond(c, nil, s.d.Webhook.Delete(c.Request.Context(), principal(c), b.SurveyID, b.ID))
}

func (s *server) hookTest(c *gin.Context) {
	var b webhook.HookInput
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Webhook.TestSend(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) hookDeliveries(c *gin.Context) {
	cur, size := paging(c)
	rows, total, err := s.d.Webhook.Deliveries(c.Request.Context(), principal(c), surveyIDParam(c), c.Query("hookId"), c.Query("state"), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}

func (s *server) hookAttempts(c *gin.Context) {
	r, err := s.d.Webhook.Attempts(c.Request.Context(), principal(c), surveyIDParam(c), c.Query("deliveryId"))
	respond(c, r, err)
}

func (s *server) hookReplay(c *gin.Context) {
	var b webhook.ReplayInput
	if !bind(c, &b) {
		return
	}
	r, err := s.d.Webhook.Replay(c.Request.Context(), principal(c), b)
	respond(c, r, err)
}

func (s *server) hookStatus(c *gin.Context) {
	r, err := s.d.Webhook.SurveyStatus(c.Request.Context(), principal(c), surveyIDParam(c))
	respond(c, r, err)
}

// sendWebhook is the spec's send-webhook (esId, dbAnswerId; the result is ignored): the
// delivery itself was planned with the answer, server-side.
func (s *server) sendWebhook(c *gin.Context) {
	if s.d.Webhook != nil {
		s.d.Webhook.Nudge(c.Request.Context(), c.Query("dbAnswerId"))
	}
	ok(c, nil)
}
