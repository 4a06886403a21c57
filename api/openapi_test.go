package api_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/models"
)

// docs/openapi.json is generated from the route table (make openapi); it must not drift,
// and every app/ and admin/ operation must carry its permission.
func TestOpenAPIDocumentIsCurrent(t *testing.T) {
	_, routes := api.New(api.Deps{Config: config.Default()})
	doc, err := api.OpenAPI(routes)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes {
		area := r.Path[:bytes.IndexByte([]byte(r.Path), '/')]
		if (area == "app" || area == "admin") && r.Perm == "" {
			t.Errorf("%s %s declares no permission", r.Method, r.Path)
		}
		if r.Perm != "" && r.Perm != models.PermAuthenticated && !models.KnownPermission(r.Perm) {
			t.Errorf("%s %s needs unknown permission %q", r.Method, r.Path, r.Perm)
		}
	}
	want, err := os.ReadFile(filepath.Join("..", "docs", "openapi.json"))
	if err != nil {
		t.Fatalf("docs/openapi.json: %v (run make openapi)", err)
	}
	if !bytes.Equal(bytes.TrimSpace(want), bytes.TrimSpace(doc)) {
		t.Fatal("docs/openapi.json is out of date: run `make openapi` and commit it")
	}
}
