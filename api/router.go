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
	"dwsurvey/services/collect"
	"dwsurvey/services/monitor"
	"dwsurvey/services/site"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/services/upload"
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
	s.registerCollect()
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
		chain = append(chain, s.requirePerm(perm))
	case "anon", "none", "up":
		chain = append(chain, s.optionalAuth())
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
			if strings.HasPrefix(clean, "/embed/") {
				// the site widget keeps its address on third-party pages: revalidate, never immutable
				c.Header("Cache-Control", "public, max-age=3600, must-revalidate")
			} else if strings.Contains(clean, "/static/") || strings.HasSuffix(clean, ".js") || strings.HasSuffix(clean, ".css") {
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			c.File(file)
			return
		}
		index := filepath.Join(dir, "index.html")
		if lightAnswerPath(clean) {
			// the respondent pages have their own light build (console/scripts/build-answer.mjs)
			if light := filepath.Join(dir, "an", "index.html"); fileExists(light) {
				index = light
			}
		}
		if _, err := os.Stat(index); err != nil {
			c.String(http.StatusNotFound, "The console is not built: run `make console` (see README).")
			return
		}
		c.Header("Cache-Control", "no-cache")
		c.File(index)
	}
}

// lightAnswerPath reports the respondent answer routes served by the light answer entry:
// /v8/diaowen/an/:sid, an/m/:sid, an/:sid/:answerId and an/:sid/contacts/:relateContactEsId
// (not the review pages an/review/... and an/review-event/..., which stay on the umi build).
func lightAnswerPath(p string) bool {
	const pre = "/v8/diaowen/an/"
	if !strings.HasPrefix(p, pre) {
		return false
	}
	parts := strings.Split(strings.Trim(strings.TrimPrefix(p, pre), "/"), "/")
	if parts[0] == "" || parts[0] == "review" || parts[0] == "review-event" {
		return false
	}
	switch len(parts) {
	case 1, 2:
		return true
	case 3:
		return parts[1] == "contacts"
	}
	return false
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
