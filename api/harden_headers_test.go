package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// C11: every app/ and admin/ answer is no-store (refusals too); the console has a CSP without
// inline scripts and may not be framed; an answer page may be framed only by the sites its
// author lists on c/comp while embedding is on.
func TestConsoleHeaders(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"index.html", "an/index.html"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("<!doctype html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) { c.Server.ConsoleDir = dir }})

	// no-store on every protected route, with and without a token
	admin := e.Client(t, e.AdminToken(t))
	anon := e.Client(t, "")
	for _, r := range e.Routes {
		if !strings.HasPrefix(r.Path, "app/") && !strings.HasPrefix(r.Path, "admin/") {
			continue
		}
		for _, c := range []*testenv.Client{anon, admin} {
			resp := c.Do(r.Method, routePath(r.Path), nil)
			if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("%s %s (token %v): Cache-Control %q", r.Method, r.Path, c.Token != "", cc)
			}
		}
	}

	owner := author(t, e, "frame01")
	id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
	page := func(p string) http.Header {
		t.Helper()
		r, err := http.Get(e.Server.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.Header
	}
	ancestors := func(h http.Header) string {
		for _, d := range strings.Split(h.Get("Content-Security-Policy"), ";") {
			if d = strings.TrimSpace(d); strings.HasPrefix(d, "frame-ancestors ") {
				return strings.TrimPrefix(d, "frame-ancestors ")
			}
		}
		return "(none given)"
	}
	answerPages := []string{"/v8/diaowen/an/" + sid, "/v8/diaowen/an/m/" + sid, "/v8/diaowen/an/" + sid + "/answer-1", "/v8/diaowen/an/" + id}
	for _, p := range append([]string{"/", "/v8/dw/survey", "/login", "/v8/diaowen/an/review/" + sid + "/a1", "/v8/diaowen/an/nosuchsid"}, answerPages...) {
		h := page(p)
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self';") || strings.Contains(csp, "unsafe-eval") || ancestors(h) != "'none'" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: CSP %q, X-Frame-Options %q", p, csp, h.Get("X-Frame-Options"))
		}
	}

	// c/comp: bad sites are refused and change nothing; a stranger cannot read or change it
	snap := testenv.TableSnapshot(t, e.DB, "collect_settings", "survey_id")
	for _, origins := range [][]string{{"javascript:alert(1)"}, {"https://shop.example.com/path"}, {"*"}, {"https://a.example.com https://b.example.com"},
		{"ftp://x.example.com"}, {"https://"}, {"https://x.example.com'; script-src *"}, {"data:text/html,x"}} {
		owner.Post("app/survey/comp/save.do", M{"surveyId": id, "enabled": true, "origins": origins}).Refused(t, 400, "site address")
	}
	owner.Post("app/survey/comp/save.do", M{"surveyId": id, "enabled": true, "origins": []string{}}).Refused(t, 400, "list the sites")
	other := author(t, e, "frame02")
	other.Post("app/survey/comp/save.do", M{"surveyId": id, "enabled": true, "origins": []string{"https://evil.example.com"}}).Refused(t, 404, "")
	other.Get("app/survey/comp/get.do?surveyId="+id).Refused(t, 404, "")
	if testenv.TableSnapshot(t, e.DB, "collect_settings", "survey_id") != snap {
		t.Fatal("a refused embedding change was stored")
	}
	var emb struct {
		Enabled bool     `json:"enabled"`
		Origins []string `json:"origins"`
	}
	owner.Post("app/survey/comp/save.do", M{"surveyId": id, "enabled": true, "origins": []string{"https://Shop.Example.com/", "", "http://127.0.0.1:8081", "https://*.example.org", "https://shop.example.com"}}).OK(t, &emb)
	if !emb.Enabled || strings.Join(emb.Origins, " ") != "https://shop.example.com http://127.0.0.1:8081 https://*.example.org" {
		t.Fatalf("saved %+v", emb)
	}
	owner.Get("app/survey/comp/get.do?surveyId="+id).OK(t, &emb)
	for _, p := range answerPages {
		h := page(p)
		if got := ancestors(h); got != "'self' https://shop.example.com http://127.0.0.1:8081 https://*.example.org" || h.Get("X-Frame-Options") != "" {
			t.Errorf("%s with embedding: frame-ancestors %q, X-Frame-Options %q", p, got, h.Get("X-Frame-Options"))
		}
	}
	// the rest of the console and other surveys stay unframeable
	id2, sid2 := publishDoc(t, owner, "survey", simpleDoc(M{}))
	_ = id2
	for _, p := range []string{"/v8/dw/survey", "/v8/diaowen/an/review/" + sid + "/a1", "/v8/diaowen/an/" + sid2} {
		if got := ancestors(page(p)); got != "'none'" {
			t.Errorf("%s: frame-ancestors %q", p, got)
		}
	}
	// switched off: nobody again (the list is kept for later)
	owner.Post("app/survey/comp/save.do", M{"surveyId": id, "enabled": false, "origins": emb.Origins}).OK(t, nil)
	if got := ancestors(page("/v8/diaowen/an/" + sid)); got != "'none'" {
		t.Errorf("embedding off: frame-ancestors %q", got)
	}
	var cs models.CollectSetting
	e.DB.Take(&cs, "survey_id = ?", id)
	if cs.EmbedEnabled || !strings.Contains(cs.EmbedOrigins, "https://shop.example.com") {
		t.Fatalf("stored %+v", cs)
	}
	if !strings.Contains(api.ConsoleCSP("'none'"), "frame-ancestors 'none'") {
		t.Fatal("ConsoleCSP")
	}
}
