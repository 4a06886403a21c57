package api_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
)

// The respondent answer routes get the light answer entry (dist/an/index.html) when it is
// built; the review pages and every other page keep the umi console.
func TestConsoleServesLightAnswerEntry(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "an"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "index.html"), []byte("umi console"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "an", "index.html"), []byte("light answer"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "an", "answer.0123456789.js"), []byte("x"), 0o644))
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) { c.Server.ConsoleDir = dir }})
	get := func(p string) (string, http.Header) {
		r, err := http.Get(e.Server.URL + p)
		must(err)
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		if r.StatusCode != 200 {
			t.Fatalf("%s: %d", p, r.StatusCode)
		}
		return string(b), r.Header
	}
	for p, want := range map[string]string{
		"/v8/diaowen/an/abc1234":                 "light answer",
		"/v8/diaowen/an/abc1234/":                "light answer",
		"/v8/diaowen/an/m/abc1234":               "light answer",
		"/v8/diaowen/an/abc1234/answer-1":        "light answer",
		"/v8/diaowen/an/abc1234/contacts/c-1":    "light answer",
		"/v8/diaowen/an/review/abc1234/answer-1": "umi console",
		"/v8/diaowen/an/review-event/x/abc/a":    "umi console",
		"/v8/diaowen/an/abc1234/x/y":             "umi console",
		"/v8/diaowen/an-solution/answer-1":       "umi console",
		"/v8/diaowen/vote/top/abc":               "umi console",
		"/v8/dw/survey":                          "umi console",
	} {
		if body, _ := get(p); body != want {
			t.Errorf("%s: got %q, want %q", p, body, want)
		}
	}
	if _, h := get("/an/answer.0123456789.js"); !strings.Contains(h.Get("Cache-Control"), "immutable") {
		t.Fatalf("answer script Cache-Control %q", h.Get("Cache-Control"))
	}
	// without the light build the umi console answers the answer routes too
	must(os.Remove(filepath.Join(dir, "an", "index.html")))
	if body, _ := get("/v8/diaowen/an/abc1234"); body != "umi console" {
		t.Fatalf("fallback: %q", body)
	}
}
