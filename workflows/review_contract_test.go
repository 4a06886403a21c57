package workflows_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"dwsurvey/activities"
	"dwsurvey/models"
	"dwsurvey/services/review"
	lang "dwsurvey/survey"
	"dwsurvey/workflows"
)

// The outbox payloads written by services/review are the workflows' inputs: the same JSON
// decodes into both, field by field.
func TestReviewPayloadsAreTheWorkflowInputs(t *testing.T) {
	c := review.Chain{AnswerID: "a", SurveyID: "s", Levels: [][]string{{"u:1"}, {"d:2", "r:3"}}, AdminStep: true, AdminKeys: []string{"u:o"},
		RemindMinutes: 5, EscalateMinutes: 60, Revision: 7}
	raw, _ := json.Marshal(c)
	var in workflows.ReviewInput
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	want := workflows.ReviewInput{AnswerID: "a", SurveyID: "s", Levels: c.Levels, AdminStep: true, AdminKeys: c.AdminKeys, RemindMinutes: 5,
		EscalateMinutes: 60, Revision: 7}
	if !reflect.DeepEqual(in, want) {
		t.Fatalf("chain %+v", in)
	}
	g := review.GradingStart{AnswerID: "a", SurveyID: "s", Graders: []string{"u:o"}, Items: []lang.ManualItem{{QuDwID: "q3", Max: 2.5}}}
	raw, _ = json.Marshal(g)
	var gi workflows.GradingInput
	if err := json.Unmarshal(raw, &gi); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gi, workflows.GradingInput{AnswerID: "a", SurveyID: "s", Graders: []string{"u:o"}, Items: []activities.GradeItem{{QuDwID: "q3", Max: 2.5}}}) {
		t.Fatalf("grading %+v", gi)
	}
}

// The service checks some decisions before asking the workflow, in the validator's words;
// step numbers and verdicts are the models'.
func TestReviewMessagesAndNumbersAgree(t *testing.T) {
	for _, p := range [][2]string{{review.MsgBadValue, workflows.MsgBadValue}, {review.MsgNoteTooLong, workflows.MsgNoteTooLong},
		{review.MsgChainFinished, workflows.MsgChainFinished}} {
		if p[0] != p[1] {
			t.Errorf("%q != %q", p[0], p[1])
		}
	}
	if workflows.StepAdmin != models.ReviewStepAdmin || workflows.VerdictPass != models.VerifyPass || workflows.VerdictFail != models.VerifyFail ||
		workflows.ChainPassed != models.ReviewPassed || workflows.ChainFailed != models.ReviewFailed || workflows.ChainWaiting != models.ReviewWaiting ||
		workflows.ChainEnded != models.ReviewEnded || review.MaxNote != 500 {
		t.Error("constants differ")
	}
}
