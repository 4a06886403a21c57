package survey_test

import (
	"context"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/account"
	svc "dwsurvey/services/survey"
)

// Saving a document whose conditions call a function with the wrong number of arguments or a
// regex the two engines cannot run alike (catastrophic nesting, look-around) is refused with
// the path and the line:column of the call, and the previous draft stays; a portable regex
// saves. The refused documents' messages are all "bad", looked for with their quotes because a
// random id may hold the hex letters b, a, d.
func TestSaveRefusesBadFunctionCalls(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			db := testenv.DB(t, driver)
			ctx := context.Background()
			s := &svc.Service{DB: db}
			owner := account.NewPrincipalForTest("u-owner", models.PermSurveyManage)
			info, err := s.Add(ctx, owner, svc.AddInput{SurveyName: "Functions", SurveyType: "survey"})
			if err != nil {
				t.Fatal(err)
			}
			save := func(doc string) error {
				_, err := s.Save(ctx, owner, svc.SaveInput{SurveyID: info.ID, SurveyJSONText: []byte(doc)})
				return err
			}
			question := func(validate string) string {
				return `{"questions":[{"dwId":"q1","quType":"FILLBLANK","quTitle":"Code?","logicDsl":{"validateDsl":` + validate + `}}]}`
			}
			good := question(`"validate regex(Q1, \"^[0-9]+$\") \"digits only\""`)
			if err := save(good); err != nil {
				t.Fatalf("portable regex refused: %v", err)
			}
			for _, c := range []struct{ doc, want string }{
				{`{"dwDsl":"validate upper(Q1, 2) = \"A\" \"bad\"","questions":[{"dwId":"q1","quType":"FILLBLANK"}]}`,
					"dwDsl: 1:10: wrong number of arguments to upper"},
				{`{"dwDsl":"validate regex(Q1, \"(a+)+$\") \"bad\"","questions":[{"dwId":"q1","quType":"FILLBLANK"}]}`,
					"dwDsl: 1:21: regex: nested repetition such as (a+)+ is refused"},
				{question(`"validate regex(Q1, \"a(?=b)\") \"bad\""`),
					"questions[0].logicDsl.validateDsl: 1:23: regex: only (?:...) groups are allowed"},
				{question(`"validate iif(Q1) \"bad\""`),
					"questions[0].logicDsl.validateDsl: 1:10: wrong number of arguments to iif"},
			} {
				err := save(c.doc)
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("save %s: got %v, want %q", c.doc, err, c.want)
				}
			}
			d, err := s.Design(ctx, owner, info.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(d.SurveyJSONText, `digits only`) || strings.Contains(d.SurveyJSONText, `\"bad\"`) {
				t.Fatalf("a refused save changed the draft: %s", d.SurveyJSONText)
			}
		})
	}
}
