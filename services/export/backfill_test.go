package export_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/export"
	lang "dwsurvey/survey"
)

// Answers saved before export copies get the copy of their document: the rows they export
// are the same read either way; a copy written meanwhile (an edit, a grading) is kept; an
// unreadable document is counted and left to the document path; a second run finds nothing.
func TestBackfillCopies(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			db := testenv.DB(t, driver)
			ctx := context.Background()
			docs := map[string]string{
				"a1": `{"anQuestions":[{"quDwId":"q1","anRadio":{"optionDwId":"o2","otherText":"=cmd"}},{"quDwId":"q2","anFbk":{"answer":"中文"}}]}`,
				"a2": `{"anQuestions":[{"quDwId":"q1","quAnScore":2.5,"anRadio":{"optionDwId":"o1"}}]}`,
				"a3": ``,
				"a4": `{"anQuestions":[{"quDwId":"q2","anFbk":{"answer":"graded meanwhile"}}]}`,
				"a5": `{"anQuestions":[{"quDwId":`,
			}
			kept := lang.AppendExportCopy(nil, []*lang.AnQuestion{{QuDwID: "q2", AnFbk: &lang.AnFbk{Answer: "the newer copy"}}})
			now := time.Now().UTC().Truncate(time.Second)
			for i := 1; i <= 1203; i++ { // more than two batches
				id := fmt.Sprintf("a%d", i)
				doc, ok := docs[id]
				if !ok {
					doc = fmt.Sprintf(`{"anQuestions":[{"quDwId":"q2","anFbk":{"answer":"answer %d"}}]}`, i)
				}
				a := models.Answer{ID: id, SurveyID: "s1", SurveyVersion: 1, AnswerDwID: id, Document: doc, EndAnDate: now, BgAnDate: now, CreatedAt: now, UpdatedAt: now}
				if id == "a4" {
					a.ExportCopy = kept
				}
				if err := db.Create(&a).Error; err != nil {
					t.Fatal(err)
				}
			}
			var calls []int64
			res, err := export.BackfillCopies(ctx, db, func(seen int64) { calls = append(calls, seen) })
			if err != nil {
				t.Fatal(err)
			}
			if res.Written != 1201 || res.Unreadable != 1 || !reflect.DeepEqual(calls, []int64{500, 1000, 1202}) {
				t.Fatalf("first run %+v, progress %v", res, calls)
			}
			if res, err := export.BackfillCopies(ctx, db, nil); err != nil || res.Written != 0 || res.Unreadable != 1 {
				t.Fatalf("second run %+v %v", res, err)
			}
			var rows []models.Answer
			if err := db.Where("id IN ?", []string{"a1", "a2", "a3", "a4", "a5", "a1000"}).Find(&rows).Error; err != nil {
				t.Fatal(err)
			}
			l := export.NewLayout([]*lang.Survey{{Questions: []*lang.Question{
				{DwID: "q1", QuType: lang.TypeRadio, QuTitle: "Q1", QuRadios: []*lang.Option{{DwID: "o1", OptionTitle: "A", ShowOptionNote: 1}, {DwID: "o2", OptionTitle: "B", ShowOptionNote: 1}}},
				{DwID: "q2", QuType: lang.TypeFillblank, QuTitle: "Q2"},
			}}}, true, "en")
			vq := map[string]bool{"q1": true, "q2": true}
			for _, a := range rows {
				switch a.ID {
				case "a4":
					if string(a.ExportCopy) != string(kept) {
						t.Fatalf("the newer copy was overwritten: %x", a.ExportCopy)
					}
					continue
				case "a5":
					if a.ExportCopy != nil {
						t.Fatalf("an unreadable document got a copy: %x", a.ExportCopy)
					}
					continue
				}
				if a.ExportCopy == nil {
					t.Fatalf("%s has no copy", a.ID)
				}
				fromCopy, fromDoc := make([]export.Cell, len(l.Columns)), make([]export.Cell, len(l.Columns))
				if _, err := l.Row(&a, vq, fromCopy, false); err != nil {
					t.Fatal(err)
				}
				docOnly := a
				docOnly.ExportCopy = nil
				if _, err := l.Row(&docOnly, vq, fromDoc, false); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(fromCopy, fromDoc) {
					t.Fatalf("%s: from the copy %v, from the document %v", a.ID, fromCopy, fromDoc)
				}
			}
		})
	}
}
