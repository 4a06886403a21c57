package survey_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/account"
	svc "dwsurvey/services/survey"
)

// Saving a document with answer placeholders: the server stores the dwIds they quote
// (dwPipes), refuses a placeholder to a deleted or moved question with a message naming the
// text and leaves the previous draft, refuses a 10,000-character fallback, and keeps texts that
// merely contain braces (a warning, not a refusal).
func TestSavePipes(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			db := testenv.DB(t, driver)
			ctx := context.Background()
			s := &svc.Service{DB: db}
			owner := account.NewPrincipalForTest("u-owner", models.PermSurveyManage)
			info, err := s.Add(ctx, owner, svc.AddInput{SurveyName: "Piping", SurveyType: "survey"})
			if err != nil {
				t.Fatal(err)
			}
			save := func(doc string) (*svc.SaveResult, error) {
				return s.Save(ctx, owner, svc.SaveInput{SurveyID: info.ID, SurveyJSONText: []byte(doc)})
			}
			draft := func() map[string]any {
				d, err := s.Design(ctx, owner, info.ID)
				if err != nil {
					t.Fatal(err)
				}
				var m map[string]any
				if err := json.Unmarshal([]byte(d.SurveyJSONText), &m); err != nil {
					t.Fatal(err)
				}
				return m
			}
			good := `{"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"Name?"},{"dwId":"q2","quType":"FILLBLANK","quTitle":"Hi {Q1|you}"}]}`
			r, err := save(good)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Warnings) != 0 {
				t.Fatalf("warnings %+v", r.Warnings)
			}
			pipes, _ := json.Marshal(draft()["dwPipes"])
			if string(pipes) != `{"q2/quTitle":[{"name":"Q1","quDwId":"q1"}]}` {
				t.Fatalf("stored dwPipes %s", pipes)
			}
			// An API client deletes Q1 but keeps the text and its stored entry: refused.
			deleted := `{"dwPipes":{"q2/quTitle":[{"name":"Q1","quDwId":"q1"}]},"questions":[{"dwId":"q3","quType":"FILLBLANK","quTitle":"New first"},{"dwId":"q2","quType":"FILLBLANK","quTitle":"Hi {Q1|you}"}]}`
			if _, err := save(deleted); err == nil || !strings.Contains(err.Error(), "questions[1].quTitle: {Q1} quotes a question or option that was deleted") {
				t.Fatalf("deleted: %v", err)
			}
			// ... or moves it without renumbering: refused, naming the new number.
			moved := `{"dwPipes":{"q3/quTitle":[{"name":"Q1","quDwId":"q1"}]},"questions":[{"dwId":"q2","quType":"FILLBLANK"},{"dwId":"q1","quType":"FILLBLANK"},{"dwId":"q3","quType":"FILLBLANK","quTitle":"{Q1}"}]}`
			if _, err := save(moved); err == nil || !strings.Contains(err.Error(), "write {Q2}") {
				t.Fatalf("moved: %v", err)
			}
			long := `{"questions":[{"dwId":"q1","quType":"FILLBLANK"},{"dwId":"q2","quType":"FILLBLANK","quTitle":"{Q1|` + strings.Repeat("x", 10000) + `}"}]}`
			if _, err := save(long); err == nil || !strings.Contains(err.Error(), "at most 200") {
				t.Fatalf("long fallback: %v", err)
			}
			if d := draft(); d["questions"].([]any)[1].(map[string]any)["quTitle"] != "Hi {Q1|you}" {
				t.Fatalf("a refused save changed the draft: %v", d)
			}
			braces := `{"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"Use {name} or {\"a\": 1} or {Q7"}]}`
			r, err = save(braces)
			if err != nil {
				t.Fatalf("braces refused: %v", err)
			}
			codes := ""
			for _, w := range r.Warnings {
				codes += w.Code + " "
			}
			if codes != "pipeUnknown " {
				t.Fatalf("warnings for braces: %q", codes)
			}
			if d := draft(); d["questions"].([]any)[0].(map[string]any)["quTitle"] != `Use {name} or {"a": 1} or {Q7` || d["dwPipes"] != nil {
				t.Fatalf("braces not kept: %v", d)
			}
		})
	}
}
