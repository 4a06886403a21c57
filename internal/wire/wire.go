// Package wire builds the API's services from the opened parts. cmd/dwsurvey and the
// test environment (internal/testenv) both use it, so tests run the production wiring.
package wire

import (
	"errors"
	"os"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/activities"
	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/services/account"
	"dwsurvey/services/admin"
	analysissvc "dwsurvey/services/analysis"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/cascade"
	"dwsurvey/services/collect"
	"dwsurvey/services/contacts"
	"dwsurvey/services/dashboard"
	"dwsurvey/services/eval"
	"dwsurvey/services/export"
	"dwsurvey/services/ipregion"
	"dwsurvey/services/language"
	"dwsurvey/services/lottery"
	"dwsurvey/services/mail"
	"dwsurvey/services/monitor"
	"dwsurvey/services/netguard"
	"dwsurvey/services/notice"
	"dwsurvey/services/openapp"
	"dwsurvey/services/outbox"
	"dwsurvey/services/poster"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/report"
	"dwsurvey/services/review"
	"dwsurvey/services/secretbox"
	"dwsurvey/services/signin"
	"dwsurvey/services/site"
	"dwsurvey/services/sms"
	"dwsurvey/services/styletemplate"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/services/upload"
	"dwsurvey/services/webhook"
	"dwsurvey/storage"
	"dwsurvey/workflows"
)

// Parts are the opened resources the services run on.
type Parts struct {
	Config  config.Config
	DB      *gorm.DB
	Blob    storage.BlobStore
	Monitor monitor.Backend
	// Now is the clock of every service (time.Now when nil; tests move it).
	Now func() time.Time
	// Regions maps client addresses to regions (nil: unknown).
	Regions *ipregion.DB
	// Collection runs the collection workflows (starter.Collection; nil: none run).
	Collection collect.Scheduler
	// Outbox is nudged after commits that wrote outbox events (nil: events wait for a
	// dispatcher elsewhere, e.g. a test's own).
	Outbox *outbox.Dispatcher
	// LoginKey is the RSA key of the reference client's login form (nil: plain passwords only).
	LoginKey *account.LoginKey
	// Exports cancels export workflows (starter.Exports; nil: cancelling only marks the row).
	Exports export.Canceller
	// SMS sends text invitations (nil: SMS is not configured).
	SMS sms.Sender
	// Review runs review decisions and gradings through the answers' workflows
	// (starter.Review; nil: they are refused).
	Review review.Engine
	// Translations cancels AI translation workflows (starter.Translations; nil: cancelling
	// only marks the job).
	Translations language.Canceller
	// AI is the AI translation provider (nil: built from ai.* of the configuration; tests
	// point ai.base_url at a local stand-in instead).
	AI language.Provider
}

// nudger is p.Outbox as an interface that is nil when no dispatcher is set.
func (p Parts) nudger() outbox.Nudger {
	if p.Outbox == nil {
		return nil
	}
	return p.Outbox
}

// Deps wires every service of the API.
func Deps(p Parts) api.Deps {
	cfg, db := p.Config, p.DB
	rec := &audit.Recorder{DB: db}
	limiter := &ratelimit.Limiter{DB: db, Now: p.Now}
	st := &site.Service{DB: db}
	surveys := &surveysvc.Service{DB: db, Now: p.Now}
	answers := &answersvc.Service{DB: db, Surveys: surveys, Limiter: limiter, Loc: cfg.Location(), Now: p.Now,
		Region: regionLookup(p.Regions), Outbox: p.nudger()}
	coll := collectService(p, surveys, answers)
	surveys.Collection, answers.Notifier = coll, coll
	results := &analysissvc.Service{DB: db, Surveys: surveys, Answers: answers, Audit: rec, Loc: cfg.Location(), Now: p.Now,
		Region: regionLookup(p.Regions)}
	hooks := Webhooks(p, surveys, rec, limiter)
	answers.Events = append(answers.Events, hooks)
	reviews := &review.Service{DB: db, Surveys: surveys, Answers: answers, Audit: rec, Engine: p.Review, Outbox: p.nudger(), Now: p.Now}
	answers.Events = append(answers.Events, reviews)
	results.Deleted, results.Outbox = reviews, p.nudger()
	lot := &lottery.Service{DB: db, Surveys: surveys, Answers: answers, Audit: rec, Outbox: p.nudger(), Now: p.Now}
	answers.OpenLottery = lot.OpenInstant
	ev := &eval.Service{DB: db, Surveys: surveys, Answers: answers, Audit: rec, Now: p.Now}
	acct := &account.Service{DB: db, Limiter: limiter, Audit: rec, Site: st, TokenTTL: cfg.Auth.TokenTTL,
		MaxFailures: cfg.Auth.LoginMaxFailures, Window: cfg.Auth.LoginWindow, Now: p.Now, LoginKey: p.LoginKey}
	answers.RowFeatures = append(answers.RowFeatures, ev)
	sg := Signin(p, acct, rec, limiter, st)
	if sg.Weixin != nil { // in-WeChat identification of respondents (weixinAttr)
		answers.Weixin = sg
	}
	return api.Deps{
		Eval:     ev,
		Lottery:  lot,
		Language: Language(p, surveys),
		Webhook:  hooks,
		Contacts: Contacts(p, surveys, rec, limiter),
		Notice:   &notice.Service{DB: db, Audit: rec, Now: p.Now},
		Cascade:  &cascade.Service{DB: db, Surveys: surveys, Audit: rec, Now: p.Now, Fetch: cascade.NewFetcher(outboundGuard(cfg))},
		Config:   cfg, DB: db, Audit: rec, Site: st, Survey: surveys,
		OpenApp:   &openapp.Service{DB: db, Box: secretBox(p), Limiter: limiter, Now: p.Now},
		Dashboard: &dashboard.Service{DB: db, Loc: cfg.Location(), Now: p.Now},
		Poster: &poster.Service{DB: db, Blob: p.Blob, Survey: surveys, Audit: rec, AnswerURL: coll.AnswerURL, Now: p.Now,
			Fonts: &report.Fonts{Path: cfg.Export.Font, LatinPath: cfg.Export.LatinFont}},
		StyleTemplate: &styletemplate.Service{DB: db, Audit: rec, Now: p.Now},
		Account:       acct,
		Signin:        sg,
		Admin:         &admin.Service{DB: db, Audit: rec, Now: p.Now, Region: regionLookup(p.Regions)},
		Upload:        &upload.Service{DB: db, Blob: p.Blob, MaxBytes: int64(cfg.Upload.MaxSizeMB) << 20},
		Answer:        answers,
		Collect:       coll,
		Analysis:      results,
		Export:        exportService(p, results),
		Review:        reviews,
		Monitor: &monitor.Service{Backend: p.Monitor, TaskQueue: cfg.Temporal.TaskQueue, UIURL: cfg.Temporal.UIURL,
			Namespace: cfg.Temporal.Namespace, Audit: rec, DB: db, Now: p.Now},
	}
}

func collectService(p Parts, surveys *surveysvc.Service, answers *answersvc.Service) *collect.Service {
	return &collect.Service{DB: p.DB, Surveys: surveys, Answers: answers, Scheduler: p.Collection, Now: p.Now,
		PublicURL: p.Config.Server.PublicURL, Outbox: p.nudger()}
}

// exportService builds the export service over the results service (filters, access).
func exportService(p Parts, results *analysissvc.Service) *export.Service {
	c := p.Config.Export
	return &export.Service{DB: p.DB, Analysis: results, Blob: p.Blob, Outbox: p.nudger(), Workflows: p.Exports, Now: p.Now,
		TTL: c.TTL, PageSize: c.PageSize, ReadStat: c.ReadStat, TempDir: c.TempDir, Fonts: &report.Fonts{Path: c.Font, LatinPath: c.LatinFont}}
}

// Activities builds the worker's activities with the production services.
func Activities(p Parts) *activities.Activities {
	surveys := &surveysvc.Service{DB: p.DB, Now: p.Now}
	answers := &answersvc.Service{DB: p.DB, Surveys: surveys, Loc: p.Config.Location(), Now: p.Now}
	results := &analysissvc.Service{DB: p.DB, Surveys: surveys, Answers: answers, Loc: p.Config.Location(), Now: p.Now}
	rec := &audit.Recorder{DB: p.DB}
	return &activities.Activities{Audit: rec, Admin: &admin.Service{DB: p.DB, Audit: rec, Now: p.Now}, Collect: collectService(p, surveys, answers),
		Export: exportService(p, results), Webhook: Webhooks(p, surveys, rec, nil), Contacts: Contacts(p, surveys, rec, nil),
		Review:   &review.Service{DB: p.DB, Surveys: surveys, Answers: answers, Outbox: p.nudger(), Now: p.Now},
		Lottery:  &lottery.Service{DB: p.DB, Surveys: surveys, Answers: answers, Audit: rec, Now: p.Now},
		Language: Language(p, surveys)}
}

// Language builds the content language service with the AI provider of ai.* (none when
// ai.base_url is empty) and its cost guard.
func Language(p Parts, surveys *surveysvc.Service) *language.Service {
	c := p.Config.AI
	ai := p.AI
	if ai == nil && c.BaseURL != "" {
		ai = &language.OpenAIClient{BaseURL: c.BaseURL, Key: c.Key, Model: c.Model, Timeout: c.Timeout}
	}
	return &language.Service{DB: p.DB, Surveys: surveys, AI: ai, AIWorkflows: p.Translations, Outbox: p.nudger(), Now: p.Now,
		Limits: language.Limits{MaxCharsPerRequest: c.MaxCharsPerRequest, MaxCharsPerDay: c.MaxCharsPerDay}}
}

// TranslationOptions are the chunk settings of TranslationWorkflow from ai.* (an activity
// outlives the provider request it makes by 10 s).
func TranslationOptions(c config.Config) workflows.TranslationInput {
	return workflows.TranslationInput{ChunkTimeout: c.AI.Timeout + 10*time.Second, ChunkAttempts: int32(c.AI.Attempts)}
}

// Contacts builds the address book, binding, contact login, distribution and task service:
// e-mail through the SMTP server of mail.* (unconfigured without mail.host), links to
// server.public_url (dev: the listen address).
func Contacts(p Parts, surveys *surveysvc.Service, rec *audit.Recorder, limiter *ratelimit.Limiter) *contacts.Service {
	mc, err := mail.New(p.Config.MailClientConfig())
	if err != nil { // Config.Validate refuses such settings; run without e-mail
		mc, _ = mail.New(mail.Config{})
	}
	var sender sms.Sender = sms.NotConfigured{}
	if p.SMS != nil {
		sender = p.SMS
	} else if g := SMSGateway(p.Config); g.Configured() && g.InviteTemplate != "" {
		sender = g
	}
	if limiter == nil {
		limiter = &ratelimit.Limiter{DB: p.DB, Now: p.Now}
	}
	return &contacts.Service{DB: p.DB, Surveys: surveys, Audit: rec, Limiter: limiter, Now: p.Now, Loc: p.Config.Location(),
		PublicURL: publicURL(p.Config), Outbox: p.nudger(), Mail: mc, SMS: sender, TokenTTL: p.Config.Auth.TokenTTL,
		LoginMaxFailures: p.Config.Auth.LoginMaxFailures, LoginWindow: p.Config.Auth.LoginWindow}
}

// publicURL is server.public_url, or the listen address when none is set (dev).
func publicURL(c config.Config) string {
	if c.Server.PublicURL == "" && c.Server.Addr != "" {
		return "http://" + c.Server.Addr
	}
	return c.Server.PublicURL
}

// Webhooks builds the webhook service: secrets sealed with webhook.secret_key, requests
// through the outbound guard of outbound.allow_cidrs (5 s, 3 redirects, 64 KiB read), links
// to server.public_url (dev: the listen address).
func Webhooks(p Parts, surveys *surveysvc.Service, rec *audit.Recorder, limiter *ratelimit.Limiter) *webhook.Service {
	box := secretBox(p)
	public := publicURL(p.Config)
	if surveys == nil {
		surveys = &surveysvc.Service{DB: p.DB, Now: p.Now}
	}
	return &webhook.Service{DB: p.DB, Surveys: surveys, Box: box, Now: p.Now, Loc: p.Config.Location(), PublicURL: public,
		Client: &netguard.Client{Guard: outboundGuard(p.Config), Timeout: 5 * time.Second, UserAgent: "DWSurvey-Webhook/1"},
		Outbox: p.nudger(), Audit: rec, Limiter: limiter}
}

// outboundGuard is the SSRF guard of every request to a user-given URL (webhooks, JSON-URL
// imports): internal addresses refused except outbound.allow_cidrs.
func outboundGuard(cfg config.Config) *netguard.Guard {
	allow, _ := netguard.ParseCIDRs(cfg.Outbound.AllowCIDRs) // Config.Validate refuses bad CIDRs
	return &netguard.Guard{Allow: allow}
}

// secretBox seals stored secrets (webhook signing secrets, open API app secrets) with the
// server's secret key (webhook.secret_key).
func secretBox(p Parts) *secretbox.Box {
	box, err := secretbox.New(p.Config.Webhook.SecretKey)
	if err != nil { // Config.Validate refuses such a key; keep running without secrets
		box, _ = secretbox.New("")
	}
	return box
}

// regionLookup stores the province (the country for addresses outside China) and city.
func regionLookup(db *ipregion.DB) answersvc.RegionLookup {
	if db == nil {
		return nil
	}
	return func(ip string) (string, string) {
		r := db.Lookup(ip)
		if r.Province == "" && r.Country != "中国" {
			return r.Country, r.City
		}
		return r.Province, r.City
	}
}

// OpenRegions loads the IP-region file; a missing file gives nil (regions stay empty).
func OpenRegions(path string) (*ipregion.DB, error) {
	if path == "" {
		return nil, nil
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return ipregion.Open(path)
}

// SMSGateway is the text-message provider of sms.* (unconfigured without sms.provider).
func SMSGateway(c config.Config) *sms.Gateway {
	m := c.SMS
	g := &sms.Gateway{CodeTemplate: m.CodeTemplate, InviteTemplate: m.InviteTemplate}
	switch m.Provider {
	case "aliyun":
		g.Provider = &sms.Aliyun{Endpoint: m.Endpoint, KeyID: m.AccessKeyID, KeySecret: m.AccessKeySecret, SignName: m.SignName, Region: m.Region}
	case "tencent":
		g.Provider = &sms.Tencent{Endpoint: m.Endpoint, SecretID: m.AccessKeyID, SecretKey: m.AccessKeySecret, SDKAppID: m.SDKAppID,
			SignName: m.SignName, Region: m.Region}
	}
	return g
}

// Signin builds the sign-in channels from sms.*, weixin.* and oidc.*. The OIDC redirect and
// the WeChat return address are the console's /auth/oidc and /auth/weixin under
// server.public_url (dev: the listen address).
func Signin(p Parts, acct *account.Service, rec *audit.Recorder, limiter *ratelimit.Limiter, st *site.Service) *signin.Service {
	c := p.Config
	public := strings.TrimRight(publicURL(c), "/")
	s := &signin.Service{DB: p.DB, Account: acct, Limiter: limiter, Audit: rec, Site: st, SMS: SMSGateway(c), PublicURL: public, Now: p.Now,
		SMSRule: signin.SMSRules{TTL: c.SMS.CodeTTL, ResendAfter: c.SMS.ResendAfter, PhonePerDay: c.SMS.PhonePerDay, IPPerHour: c.SMS.IPPerHour,
			MaxGuesses: c.SMS.MaxGuesses}}
	if o := c.OIDC; o.Issuer != "" {
		roles := map[string][]string{}
		for _, m := range o.RoleMap {
			g, r, _ := strings.Cut(m, "=")
			roles[strings.TrimSpace(g)] = append(roles[strings.TrimSpace(g)], strings.TrimSpace(r))
		}
		s.OIDC = &signin.OIDC{Issuer: o.Issuer, ClientID: o.ClientID, ClientSecret: o.ClientSecret, RedirectURL: public + "/auth/oidc",
			Scopes: o.Scopes, MatchClaim: o.MatchClaim, GroupsClaim: o.GroupsClaim, RoleMap: roles, ButtonText: o.ButtonText}
	}
	if w := c.Weixin; w.AppID != "" {
		s.Weixin = &signin.Weixin{AppID: w.AppID, AppSecret: w.AppSecret, OpenAppID: w.OpenAppID, OpenAppSecret: w.OpenAppSecret,
			APIBase: w.APIBase, OpenBase: w.OpenBase}
	}
	return s
}
