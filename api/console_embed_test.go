package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
)

// The console handler: the site widget script is revalidated (its address is pasted on
// third-party pages) and hashed assets stay immutable. Who may frame the answer page is
// TestConsoleHeaders (harden_headers_test.go): nobody until the author lists sites on c/comp.
func TestConsoleEmbedScriptAndFraming(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "embed"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "embed", "dwsurvey-embed.js"), []byte("(function(){})();"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "umi.abc123.js"), []byte("x"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html>"), 0o644))
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) { c.Server.ConsoleDir = dir }})
	get := func(p string) *http.Response {
		r, err := http.Get(e.Server.URL + p)
		must(err)
		r.Body.Close()
		if r.StatusCode != 200 {
			t.Fatalf("%s: %d", p, r.StatusCode)
		}
		return r
	}
	if cc := get("/embed/dwsurvey-embed.js").Header.Get("Cache-Control"); strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=3600") {
		t.Fatalf("widget Cache-Control %q", cc)
	}
	if cc := get("/umi.abc123.js").Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
		t.Fatalf("asset Cache-Control %q", cc)
	}
}
