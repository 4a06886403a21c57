// Package webhook sends a survey's events (an answer submitted or reviewed, collection
// closed) to the targets its owner configured: WeCom, Feishu and DingTalk group bots and
// custom HTTP endpoints, signed, through the outbound guard (services/netguard), each
// delivery a durable workflow (`webhook:<deliveryId>`, workflows/webhook.go) started from the
// outbox written in the event's own transaction. The delivery log keeps every attempt and
// replays failed deliveries. docs/webhooks.md describes the formats and receivers' checks.
package webhook

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/netguard"
	"dwsurvey/services/outbox"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/secretbox"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Service manages hooks, builds and sends deliveries, and keeps their log.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	// Box seals the hooks' secrets (config webhook.secret_key).
	Box *secretbox.Box
	// Client sends every request (test sends and deliveries); its Guard also checks URLs
	// when a hook is saved.
	Client *netguard.Client
	// Loc is the zone of times in bot messages (UTC when nil).
	Loc *time.Location
	Now func() time.Time
	// PublicURL is the console's base URL for links in messages (none when empty).
	PublicURL string
	// Outbox is nudged after commits that wrote outbox events (replays).
	Outbox  outbox.Nudger
	Audit   *audit.Recorder
	Limiter *ratelimit.Limiter
	// CacheTTL is how long the submit path trusts its copy of a survey's hooks (default 5 s):
	// a hook saved on another API replica takes effect there within it.
	CacheTTL time.Duration

	once  sync.Once
	mu    sync.RWMutex
	hooks map[string]cachedHooks // survey id -> enabled hooks
}

// Hook limits and messages.
const (
	MaxHooksPerSurvey = 10
	MaxNameRunes      = 64
	MaxSecretLen      = 200

	MsgUnknownTarget   = "The target type must be work-chat, feishu, dingtalk or custom"
	MsgUnknownEvent    = "Unknown event: choose answer.submitted, answer.reviewed or survey.closed"
	MsgNoEvent         = "Choose at least one event"
	MsgSecretMissing   = "A signing secret is required for Feishu and DingTalk bots and custom endpoints"
	MsgSecretNotUsed   = "WeCom group bots have no signing secret: leave the secret empty"
	MsgCustomSecret    = "The secret of a custom endpoint must be whsec_ followed by 24 to 64 bytes in base64 (use Generate)"
	MsgTooManyHooks    = "A survey has at most 10 webhooks"
	MsgNameTooLong     = "The name is longer than 64 characters"
	MsgNoSecretKey     = "The server has no secret key for webhook secrets (webhook.secret_key): ask the administrator"
	MsgWeComURL        = "A WeCom group bot URL carries its key (…/cgi-bin/webhook/send?key=…)"
	MsgDingTalkURL     = "A DingTalk robot URL carries its access_token (…/robot/send?access_token=…)"
	MsgFeishuURL       = "A Feishu custom bot URL ends with its hook token (…/open-apis/bot/v2/hook/…)"
	MsgSecretTooLong   = "The secret is longer than 200 characters"
	MsgSecretOtherKey  = "The stored secret cannot be opened with the server's key: enter the secret again"
	FailingWarnAt      = 3 // failed attempts in a row from which the survey shows a warning
	defaultCacheTTL    = 5 * time.Second
	maxCachedSurveys   = 10000
	testSendsPerMinute = 10
)

// Targets and events in the order the console offers them.
var (
	Targets = []string{models.HookWorkChat, models.HookFeishu, models.HookDingTalk, models.HookCustom}
	Events  = []string{models.HookAnswerSubmitted, models.HookAnswerReviewed, models.HookSurveyClosed}
)

func (s *Service) init() {
	s.once.Do(func() {
		s.hooks = map[string]cachedHooks{}
		if s.CacheTTL <= 0 {
			s.CacheTTL = defaultCacheTTL
		}
		if s.Client == nil {
			s.Client = &netguard.Client{}
		}
		if s.Client.Guard == nil {
			s.Client.Guard = &netguard.Guard{}
		}
		if s.Box == nil {
			s.Box, _ = secretbox.New("")
		}
		if s.Loc == nil {
			s.Loc = time.UTC
		}
		if s.Limiter == nil {
			s.Limiter = &ratelimit.Limiter{DB: s.DB, Now: s.Now}
		}
	})
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// HookInput is the body of save.do. Secret is write-only: empty on an update keeps the
// stored one.
type HookInput struct {
	SurveyID string    `json:"surveyId" form:"surveyId"`
	ID       string    `json:"id" form:"id"`
	Name     string    `json:"name" form:"name"`
	Target   string    `json:"target" form:"target"`
	URL      string    `json:"url" form:"url"`
	Secret   string    `json:"secret" form:"secret"`
	Events   []string  `json:"events" form:"events"`
	Template *Template `json:"template"`
	Enabled  *bool     `json:"enabled" form:"enabled"`
}

// HookView is a hook as the console shows it: the secret only masked.
type HookView struct {
	ID             string         `json:"id"`
	SurveyID       string         `json:"surveyId"`
	Name           string         `json:"name"`
	Target         string         `json:"target"`
	URL            string         `json:"url"`
	HasSecret      bool           `json:"hasSecret"`
	SecretMasked   string         `json:"secretMasked"`
	Events         []string       `json:"events"`
	Template       Template       `json:"template"`
	Enabled        bool           `json:"enabled"`
	DisabledReason string         `json:"disabledReason"`
	Failing        int            `json:"failing"`
	Warning        bool           `json:"warning"`
	LastFailure    string         `json:"lastFailure"`
	LastFailureAt  string         `json:"lastFailureAt"`
	Deliveries     map[string]int `json:"deliveries"`
	CreateTime     string         `json:"createTime"`
	UpdateTime     string         `json:"updateTime"`
}

// viewOf builds the console view of h (counts per delivery state filled by List).
func viewOf(h *models.Webhook) HookView {
	v := HookView{ID: h.ID, SurveyID: h.SurveyID, Name: h.Name, Target: h.Target, URL: h.URL,
		HasSecret: h.SecretEnc != "", Events: splitEvents(h.Events), Template: decodeTemplate(h.Template),
		Enabled: h.Enabled, DisabledReason: h.DisabledReason, Failing: h.Failing, LastFailure: h.LastFailure,
		Warning:    warns(h),
		CreateTime: models.FormatTime(h.CreatedAt), UpdateTime: models.FormatTime(h.UpdatedAt),
		Deliveries: map[string]int{}}
	if v.HasSecret {
		v.SecretMasked = "••••••••" + h.SecretHint
	}
	if h.LastFailureAt != nil {
		v.LastFailureAt = models.FormatTime(*h.LastFailureAt)
	}
	return v
}

// warns reports a hook the owner must look at: disabled by the server (410 Gone) or failing
// again and again.
func warns(h *models.Webhook) bool {
	return h.DisabledReason != "" || (h.Enabled && h.Failing >= FailingWarnAt)
}

func splitEvents(s string) []string {
	out := []string{}
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// canRead: design rights on the survey (the settings page is a design page).
func (s *Service) canRead(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, error) {
	return s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
}

// canWrite: design AND data rights, because a hook sends the survey's answers elsewhere.
func (s *Service) canWrite(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	if _, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedData); err != nil {
		return nil, err
	}
	return sv, nil
}

// List returns the hooks of a survey with their delivery counts.
func (s *Service) List(ctx context.Context, p *account.Principal, surveyID string) ([]HookView, error) {
	sv, err := s.canRead(ctx, p, surveyID)
	if err != nil {
		return nil, err
	}
	var rows []models.Webhook
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", sv.ID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]HookView, 0, len(rows))
	idx := map[string]int{}
	for i := range rows {
		idx[rows[i].ID] = len(out)
		out = append(out, viewOf(&rows[i]))
	}
	var counts []struct {
		HookID string
		State  string
		N      int
	}
	if len(rows) > 0 {
		if err := s.DB.WithContext(ctx).Model(&models.WebhookDelivery{}).Select("hook_id, state, COUNT(*) AS n").
			Where("survey_id = ?", sv.ID).Group("hook_id, state").Scan(&counts).Error; err != nil {
			return nil, err
		}
	}
	for _, c := range counts {
		if i, ok := idx[c.HookID]; ok {
			out[i].Deliveries[c.State] = c.N
		}
	}
	return out, nil
}

// ownHook loads a hook of surveyID (another survey's hook: not found).
func (s *Service) ownHook(ctx context.Context, db *gorm.DB, surveyID, id string) (*models.Webhook, error) {
	var h models.Webhook
	err := db.WithContext(ctx).Where("id = ? AND survey_id = ?", strings.TrimSpace(id), surveyID).Take(&h).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &h, err
}

// prepared is a checked HookInput: the row's new values and the plain secret ("" = keep).
type prepared struct {
	row    models.Webhook
	secret string
	keep   bool
}

// prepare validates in for survey sv against the stored hook old (nil for a new one). It
// changes nothing; every refusal is a models.InvalidError with a message for the field.
func (s *Service) prepare(ctx context.Context, sv *models.Survey, in HookInput, old *models.Webhook) (*prepared, error) {
	s.init()
	out := &prepared{}
	r := &out.row
	if old != nil {
		*r = *old
	}
	r.SurveyID = sv.ID
	r.Name = strings.TrimSpace(in.Name)
	if len([]rune(r.Name)) > MaxNameRunes {
		return nil, models.Invalid(MsgNameTooLong)
	}
	r.Target = strings.TrimSpace(in.Target)
	known := false
	for _, t := range Targets {
		known = known || t == r.Target
	}
	if !known {
		return nil, models.Invalid(MsgUnknownTarget)
	}
	u, err := netguard.ParseURL(in.URL)
	if err != nil {
		return nil, models.Invalid("%s", err.Error())
	}
	q := u.Query()
	switch r.Target {
	case models.HookWorkChat:
		if q.Get("key") == "" {
			return nil, models.Invalid(MsgWeComURL)
		}
	case models.HookDingTalk:
		if q.Get("access_token") == "" {
			return nil, models.Invalid(MsgDingTalkURL)
		}
	case models.HookFeishu:
		if i := strings.Index(u.Path, "/hook/"); i < 0 || strings.Trim(u.Path[i+len("/hook/"):], "/") == "" {
			return nil, models.Invalid(MsgFeishuURL)
		}
	}
	r.URL = u.String()
	if _, err := s.Client.Guard.CheckURL(ctx, r.URL); err != nil {
		return nil, models.Invalid("%s", err.Error())
	}
	// events
	seen := map[string]bool{}
	var evs []string
	for _, e := range in.Events {
		e = strings.TrimSpace(e)
		if e == "" || seen[e] {
			continue
		}
		ok := false
		for _, k := range Events {
			ok = ok || k == e
		}
		if !ok {
			return nil, models.Invalid(MsgUnknownEvent)
		}
		seen[e] = true
	}
	for _, k := range Events { // stored in the catalogue's order
		if seen[k] {
			evs = append(evs, k)
		}
	}
	if len(evs) == 0 {
		return nil, models.Invalid(MsgNoEvent)
	}
	r.Events = strings.Join(evs, ",")
	// template
	t := Template{}
	if in.Template != nil {
		t = *in.Template
	}
	doc := draftOrPublished(ctx, s.DB, sv)
	t, err = t.check(func(id string) bool {
		if doc == nil {
			return false
		}
		for _, q := range doc.Questions {
			if string(q.DwID) == id {
				return true
			}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	r.Template = t.encode()
	if in.Enabled != nil {
		r.Enabled = *in.Enabled
	} else if old == nil {
		r.Enabled = true
	}
	if r.Enabled {
		r.DisabledReason = ""
	}
	// secret
	secret := strings.TrimSpace(in.Secret)
	if len(secret) > MaxSecretLen {
		return nil, models.Invalid(MsgSecretTooLong)
	}
	switch {
	case r.Target == models.HookWorkChat:
		if secret != "" {
			return nil, models.Invalid(MsgSecretNotUsed)
		}
		r.SecretEnc, r.SecretHint = "", ""
	case secret == "" && old != nil && old.SecretEnc != "" && old.Target == r.Target:
		out.keep = true
	case secret == "":
		return nil, models.Invalid(MsgSecretMissing)
	default:
		if r.Target == models.HookCustom {
			if _, err := customKey(secret); err != nil {
				return nil, models.Invalid(MsgCustomSecret)
			}
		}
		if !s.Box.Ready() {
			return nil, models.Invalid(MsgNoSecretKey)
		}
		out.secret = secret
	}
	return out, nil
}

// draftOrPublished parses the survey's draft (the questions an author sees while
// configuring), or its published version when the draft is empty; nil when neither parses.
func draftOrPublished(ctx context.Context, db *gorm.DB, sv *models.Survey) *lang.Survey {
	if strings.TrimSpace(sv.Draft) != "" {
		if d, _, err := lang.Parse([]byte(sv.Draft)); err == nil {
			return d
		}
	}
	if sv.PublishedVersion > 0 {
		var v models.SurveyVersion
		if db.WithContext(ctx).Where("survey_id = ? AND version = ?", sv.ID, sv.PublishedVersion).Take(&v).Error == nil {
			if d, _, err := lang.Parse([]byte(v.Document)); err == nil {
				return d
			}
		}
	}
	return nil
}

// editing loads the survey of a save or test send (design and data rights) and the stored
// hook it names (nil for a new one).
func (s *Service) editing(ctx context.Context, p *account.Principal, in HookInput) (*models.Survey, *models.Webhook, error) {
	sv, err := s.canWrite(ctx, p, in.SurveyID)
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(in.ID) == "" {
		return sv, nil, nil
	}
	old, err := s.ownHook(ctx, s.DB, sv.ID, in.ID)
	return sv, old, err
}

// Save creates or updates a hook (design and data rights on the survey).
func (s *Service) Save(ctx context.Context, p *account.Principal, in HookInput) (*HookView, error) {
	s.init()
	sv, old, err := s.editing(ctx, p, in)
	if err != nil {
		return nil, err
	}
	pr, err := s.prepare(ctx, sv, in, old)
	if err != nil {
		return nil, err
	}
	now := s.now()
	row := pr.row
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if old == nil {
			var n int64
			if err := tx.Model(&models.Webhook{}).Where("survey_id = ?", sv.ID).Count(&n).Error; err != nil {
				return err
			}
			if n >= MaxHooksPerSurvey {
				return models.Invalid(MsgTooManyHooks)
			}
			id, err := uuid.NewV7()
			if err != nil {
				return err
			}
			row.ID, row.CreatedAt, row.CreatedBy = id.String(), now, principalID(p)
		}
		if pr.secret != "" {
			enc, err := s.Box.Seal(pr.secret, row.ID)
			if err != nil {
				return models.Invalid(MsgNoSecretKey)
			}
			row.SecretEnc, row.SecretHint = enc, hint(pr.secret)
		}
		row.UpdatedAt = now
		if old == nil {
			return tx.Create(&row).Error
		}
		return tx.Model(&models.Webhook{}).Where("id = ?", row.ID).Select("name", "target", "url", "secret_enc", "secret_hint",
			"events", "template", "enabled", "disabled_reason", "updated_at").Updates(&row).Error
	})
	if err != nil {
		return nil, err
	}
	s.forget(sv.ID)
	s.audit(ctx, p, "webhook saved", sv.ID+" "+row.ID+" "+row.Target, audit.OpUpdate)
	v := viewOf(&row)
	return &v, nil
}

// Delete removes a hook with its deliveries and their attempts (running delivery
// workflows find nothing left and end).
func (s *Service) Delete(ctx context.Context, p *account.Principal, surveyID, id string) error {
	s.init()
	sv, err := s.canWrite(ctx, p, surveyID)
	if err != nil {
		return err
	}
	h, err := s.ownHook(ctx, s.DB, sv.ID, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sub := tx.Model(&models.WebhookDelivery{}).Select("id").Where("hook_id = ?", h.ID)
		if err := tx.Where("delivery_id IN (?)", sub).Delete(&models.WebhookAttempt{}).Error; err != nil {
			return err
		}
		if err := tx.Where("hook_id = ?", h.ID).Delete(&models.WebhookDelivery{}).Error; err != nil {
			return err
		}
		return tx.Where("id = ?", h.ID).Delete(&models.Webhook{}).Error
	})
	if err != nil {
		return err
	}
	s.forget(sv.ID)
	s.audit(ctx, p, "webhook deleted", sv.ID+" "+h.ID, audit.OpDelete)
	return nil
}

func (s *Service) audit(ctx context.Context, p *account.Principal, name, notes, op string) {
	if s.Audit == nil || p == nil {
		return
	}
	s.Audit.Record(ctx, audit.Entry{Name: name, Notes: notes, OperationType: op, Success: true, UserID: p.UserID, UserName: p.LoginName})
}

func principalID(p *account.Principal) string {
	if p == nil {
		return ""
	}
	return p.UserID
}

// hint is the visible tail of a secret (at most 4 characters, none for short secrets).
func hint(secret string) string {
	r := []rune(secret)
	if len(r) < 12 {
		return ""
	}
	return string(r[len(r)-4:])
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

func newKeyBase64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// QuestionOption is a question a bot message may show.
type QuestionOption struct {
	DwID  string `json:"dwId"`
	Num   string `json:"num"`
	Title string `json:"title"`
}

// Questions lists the questions of the survey's draft (or published version) for the
// template's picker.
func (s *Service) Questions(ctx context.Context, p *account.Principal, surveyID string) ([]QuestionOption, error) {
	sv, err := s.canRead(ctx, p, surveyID)
	if err != nil {
		return nil, err
	}
	out := []QuestionOption{}
	doc := draftOrPublished(ctx, s.DB, sv)
	if doc == nil {
		return out, nil
	}
	for _, q := range questionRefs(doc, nil) {
		if q.Num != "" {
			out = append(out, QuestionOption{DwID: q.DwID, Num: q.Num, Title: clipRunes(q.Title, 120)})
		}
	}
	return out, nil
}

// SecretsReady reports whether the server can seal secrets (webhook.secret_key is set).
func (s *Service) SecretsReady() bool {
	s.init()
	return s.Box.Ready()
}
