// Package api is the Gin HTTP layer: routing, middleware (auth, permission, envelope)
// and thin handlers that call the services.
package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

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
	"dwsurvey/services/language"
	"dwsurvey/services/lottery"
	"dwsurvey/services/monitor"
	"dwsurvey/services/notice"
	"dwsurvey/services/openapp"
	"dwsurvey/services/poster"
	"dwsurvey/services/review"
	"dwsurvey/services/signin"
	"dwsurvey/services/site"
	"dwsurvey/services/styletemplate"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/services/upload"
	"dwsurvey/services/webhook"
)

// Prefix is the path of every API call.
const Prefix = "/api/dwsurvey"

// Deps are the services the API calls.
type Deps struct {
	Config  config.Config
	DB      *gorm.DB
	Account *account.Service
	Admin   *admin.Service
	Audit   *audit.Recorder
	Site    *site.Service
	Upload  *upload.Service
	Monitor *monitor.Service
	// Survey is the authoring service (surveys, designer, templates, banks, imports,
	// collaboration); built from DB when nil.
	Survey *surveysvc.Service
	// Answer is the respondent side (gates, submission); built from DB when nil.
	Answer *answersvc.Service
	// Collect is the collection side (schedule, workflow status, quotas, channels).
	Collect *collect.Service
	// Analysis is the results side (statistics, raw data, cross analysis, overview).
	Analysis *analysissvc.Service
	// Export runs answer exports (XLSX, CSV, .sav, ZIP with files).
	Export *export.Service
	// Webhook manages a survey's webhooks, their delivery log and replays.
	Webhook *webhook.Service
	// Contacts is the address book, binding, contact login, invitations and My tasks.
	Contacts *contacts.Service
	// Cascade manages cascade data sources and serves them to the answer page.
	Cascade *cascade.Service
	// Notice is the administrators' notices and every user's unread list.
	Notice *notice.Service
	// OpenApp manages open API applications and checks signed requests.
	OpenApp *openapp.Service
	// Dashboard answers the admin dashboards and an author's overview from the counters.
	Dashboard *dashboard.Service
	// Review is review chains, the reviewer's queue and hand grading.
	Review *review.Service
	// Lottery runs prize draws, codes, deliveries and awards.
	Lottery *lottery.Service
	// Eval is solutions, dimension reports and eval360 subjects.
	Eval *eval.Service
	// Poster is share-poster templates and survey posters; StyleTemplate saved surveyStyle sets.
	Poster        *poster.Service
	StyleTemplate *styletemplate.Service
	// Signin is SMS codes, phone binding, OpenID Connect and WeChat (nil: password only).
	Signin *signin.Service
	// Language is survey content languages, translation files and AI translation (nil: a
	// service without AI over DB and Survey).
	Language *language.Service
}

// Route describes one API call: its area decides the login rule and Perm the permission
// needed (models.PermAuthenticated for any logged-in user, "" for anonymous areas).
type Route struct {
	Method string
	Path   string // relative to Prefix, e.g. "admin/user/list.do"
	Perm   string
	Name   string // human summary, used in the OpenAPI document
}

type server struct {
	d      Deps
	routes []Route
	api    *gin.RouterGroup
}

// New builds the router. Routes lists every registered call (for tests and OpenAPI).
func New(d Deps) (*gin.Engine, []Route) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.MaxMultipartMemory = 8 << 20
	if len(d.Config.Server.TrustedProxies) == 0 {
		_ = e.SetTrustedProxies(nil)
	} else {
		_ = e.SetTrustedProxies(d.Config.Server.TrustedProxies)
	}
	e.Use(requestID(), recovery())
	s := &server{d: d, api: e.Group(Prefix)}
	s.registerAccount()
	s.registerAdmin()
	s.registerSite()
	s.registerUpload()
	s.registerAuthoring()
	s.registerAnswer()
	s.registerLanguage()
	s.registerAnalysis()
	s.registerExport()
	s.registerCollect()
	s.registerWebhook()
	s.registerContacts()
	s.registerCascade()
	s.registerAppSecret()
	s.registerOpen()
	s.registerDashboard()
	s.registerReview()
	s.registerAdminSurveys()
	s.registerLottery()
	s.registerNotice()
	s.registerEval()
	s.registerResources()
	s.registerSignin()
	e.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	e.NoRoute(s.console())
	return e, s.routes
}

// handle registers a route. Areas app/ and admin/ require perm; anon/, none/ and up/
// use optional authentication (handlers decide).
func (s *server) handle(method, path, perm, name string, h ...gin.HandlerFunc) {
	area := path[:strings.IndexByte(path, '/')]
	chain := []gin.HandlerFunc{}
	switch area {
	case "app", "admin":
		if perm == "" {
			panic("route " + path + " must declare a permission")
		}
		// no-store first, so that refusals (401/403) are not cached either
		chain = append(chain, noStore, s.requirePerm(perm))
	case "anon", "none", "up":
		chain = append(chain, s.optionalAuth(), probeGuard)
	case "open":
		// the open API: the handlers start with openAuth (signed requests, api/open.go)
		if perm != "" {
			panic("route " + path + " checks its app's signature instead of a token permission")
		}
		chain = append(chain, noStore)
	default:
		panic("unknown area in " + path)
	}
	chain = append(chain, h...)
	s.api.Handle(method, path, chain...)
	s.routes = append(s.routes, Route{Method: method, Path: path, Perm: perm, Name: name})
}

// console serves the built console with an SPA fallback; unknown API paths get a 404 envelope.
func (s *server) console() gin.HandlerFunc {
	dir := s.d.Config.Server.ConsoleDir
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if strings.HasPrefix(p, Prefix+"/") || p == Prefix {
			c.JSON(http.StatusNotFound, Envelope{ResultCode: codeNotFound, ResultMsg: "Not found"})
			return
		}
		if dir == "" || (c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead) {
			c.Status(http.StatusNotFound)
			return
		}
		clean := filepath.Clean("/" + p)
		file := filepath.Join(dir, filepath.FromSlash(clean))
		if st, err := os.Stat(file); err == nil && !st.IsDir() {
			if strings.HasPrefix(clean, "/embed/") || clean == "/dws-storage-shim.js" {
				// the site widget keeps its address on third-party pages: revalidate, never immutable
				c.Header("Cache-Control", "public, max-age=3600, must-revalidate")
			} else if strings.Contains(clean, "/static/") || strings.HasSuffix(clean, ".js") || strings.HasSuffix(clean, ".css") {
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			c.File(file)
			return
		}
		index := filepath.Join(dir, "index.html")
		frameAncestors := "'none'"
		if sid, ok := lightAnswerPath(clean); ok {
			// the respondent pages have their own light build (console/scripts/build-answer.mjs)
			if light := filepath.Join(dir, "an", "index.html"); fileExists(light) {
				index = light
			}
			// framed only by the sites the survey's author lists on c/comp
			if s.d.Collect != nil {
				if fa, err := s.d.Collect.FrameAncestors(c.Request.Context(), sid); err == nil {
					frameAncestors = fa
				}
			}
		}
		if _, err := os.Stat(index); err != nil {
			c.String(http.StatusNotFound, "The console is not built: run `make console` (see README).")
			return
		}
		c.Header("Cache-Control", "no-cache")
		csp := ConsoleCSP(frameAncestors)
		if _, answer := lightAnswerPath(clean); answer && s.d.Signin != nil && s.d.Signin.Weixin != nil &&
			strings.Contains(c.Request.UserAgent(), "MicroMessenger") {
			// in WeChat the answer page loads WeChat's JS-SDK for the share card (answer/wxshare.ts)
			csp = strings.Replace(csp, "script-src 'self'", "script-src 'self' "+WeixinSDKOrigin, 1)
		}
		c.Header("Content-Security-Policy", csp)
		if frameAncestors == "'none'" {
			c.Header("X-Frame-Options", "DENY")
		}
		c.File(index)
	}
}

// lightAnswerPath reports the respondent answer routes served by the light answer entry, and
// their survey's sid: /v8/diaowen/an/:sid, an/m/:sid, an/:sid/:answerId and
// an/:sid/contacts/:relateContactEsId (not the review pages an/review/... and
// an/review-event/..., which stay on the umi build).
func lightAnswerPath(p string) (sid string, ok bool) {
	const pre = "/v8/diaowen/an/"
	if !strings.HasPrefix(p, pre) {
		return "", false
	}
	parts := strings.Split(strings.Trim(strings.TrimPrefix(p, pre), "/"), "/")
	if parts[0] == "" || parts[0] == "review" || parts[0] == "review-event" {
		return "", false
	}
	switch {
	case len(parts) == 2 && parts[0] == "m":
		return parts[1], true
	case len(parts) == 1, len(parts) == 2, len(parts) == 3 && parts[1] == "contacts":
		return parts[0], true
	}
	return "", false
}

// WeixinSDKOrigin serves WeChat's JS-SDK (jweixin), the only outside script the answer page
// loads, and only inside WeChat with WeChat configured.
const WeixinSDKOrigin = "https://res.wx.qq.com"

// ConsoleCSP is the Content-Security-Policy of the console's pages (the umi build and the light
// answer build): scripts, styles, fonts, calls and frames only from this origin and never
// inline scripts; inline styles are allowed (antd writes style elements and attributes);
// images also over http(s) (authors put their own images in surveys) and as data:/blob:
// (icons, chart exports); no plugins; a <base> and form posts only to this origin.
// frameAncestors says who may frame the page ('none', or 'self' and a survey's listed sites).
func ConsoleCSP(frameAncestors string) string {
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https: http:; " +
		"font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; worker-src 'self' blob:; frame-src 'self'; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors " + frameAncestors
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
