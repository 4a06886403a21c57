package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// BenchmarkCascadeChina measures what the answer page loads for the built-in China list
// (~3,500 items): the first level (lazy, what a respondent waits for) next to the whole tree
// (the editor's info.do, the reference). Run: go test ./api -run '^$' -bench CascadeChina
func BenchmarkCascadeChina(b *testing.B) {
	e := testenv.NewServer(b, "sqlite", testenv.Options{})
	admin := e.Client(b, e.AdminToken(b))
	anon := e.Client(b, "")
	for _, c := range []struct{ name, path string }{
		{"first-level", "none/v6/dw-answer-survey/cascade-json-info.do?id=" + models.BuiltinChinaID},
		{"whole-tree", "admin/cascade/info.do?id=" + models.BuiltinChinaID},
	} {
		cl := anon
		if c.name == "whole-tree" {
			cl = admin
		}
		b.Run(c.name, func(b *testing.B) {
			var size int
			for i := 0; i < b.N; i++ {
				r := cl.Get(c.path)
				if r.Status != 200 {
					b.Fatalf("%s: %d", c.path, r.Status)
				}
				size = len(r.Body)
			}
			b.ReportMetric(float64(size), "bytes/response")
		})
	}
}
