package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/services/eval"
)

const evalAPI = "app/v6/dw-eval/"

func scoredRadio(id string) M {
	var opts []M
	for i := 1; i <= 5; i++ {
		opts = append(opts, M{"dwId": id + "o" + string(rune('0'+i)), "optionTitle": string(rune('0' + i)), "scoreNum": i})
	}
	return M{"dwId": id, "quType": "RADIO", "quTitle": id, "quRadios": opts}
}

// Solutions: the author's texts are sanitised; after submitting, the answer's solutions are
// the ones its SOLUTION rules chose on the server (the client's list is ignored).
func TestEvalSolutionsFollowRules(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "evalsol")
	q := M{"dwId": "q1", "quType": "RADIO", "quTitle": "Stress", "quRadios": []M{opt("hi"), opt("lo")},
		"questionLogics": []M{{"logicType": "SOLUTION", "cgQuItemId": []string{"hi"}, "skQuId": []string{"rest"}},
			{"logicType": "SOLUTION", "cgQuItemId": []string{"lo"}, "skQuId": []string{"keep"}}}}
	surveyID, _ := publishDoc(t, owner, "eval", M{"questions": []M{q}})
	var d eval.SolutionDesign
	owner.Get(evalAPI+"solutions.do?surveyId="+surveyID).OK(t, &d)
	if strings.Join(d.RuleIDs, ",") != "rest,keep" {
		t.Fatalf("rule ids %v", d.RuleIDs)
	}
	owner.Post(evalAPI+"save-solutions.do", M{"surveyId": surveyID, "solutions": []M{
		{"solutionId": "rest", "title": "Rest", "content": `<p>Take a break<script>alert(1)</script><img src=x onerror=alert(2)></p>`},
		{"solutionId": "keep", "title": "Keep going", "content": "<b>Fine</b>"}}}).OK(t, nil)
	owner.Post(evalAPI+"save-solutions.do", M{"surveyId": surveyID, "solutions": []M{{"solutionId": "a"}, {"solutionId": "a"}}}).Refused(t, 400, "twice")
	_, a := save(t, e.Client(t, ""), answerBody(surveyID, newDwID(), []M{anRadio("q1", "hi")}, nil))
	var r eval.AnswerSolution
	e.Client(t, "").Post("none/v6/dw-answer-eval/save-solution.do", M{"answerId": a.DbAnswerID, "resumeToken": a.ResumeToken, "anSolutionIds": []string{"keep"}}).OK(t, &r)
	if len(r.Solutions) != 1 || r.Solutions[0].SolutionID != "rest" || strings.Contains(r.Solutions[0].Content, "script") ||
		strings.Contains(r.Solutions[0].Content, "onerror") || !strings.Contains(r.Solutions[0].Content, "Take a break") {
		t.Fatalf("solutions %+v", r)
	}
	e.Client(t, "").Get("none/v6/dw-answer-eval/answer-solution.do?answerId="+a.DbAnswerID+"&resumeToken=wrong").Refused(t, 404, "")
}

// eval360: 1 self and 4 others (2 peers, a manager, a subordinate) with an anonymity
// threshold of 3: dimension scores shown, the peer breakdown hidden; a third peer shows it.
func TestEval360AnonymityThreshold(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "eval360o")
		surveyID, _ := publishDoc(t, owner, "eval360", M{"questions": []M{scoredRadio("lead"), scoredRadio("talk")}})
		var g eval.Group
		owner.Post(evalAPI+"save-dimension-group.do", M{"surveyId": surveyID, "name": "Competences", "dimensions": []M{
			{"name": "Leadership", "items": []M{{"quDwId": "lead", "weight": 1}}, "bands": []M{{"min": 0, "max": 2.99, "label": "Developing"}, {"min": 3, "max": 5, "label": "Strong"}}},
			{"name": "Communication", "items": []M{{"quDwId": "talk", "weight": 2}, {"quDwId": "lead", "weight": 1}}}}}).OK(t, &g)
		owner.Post(evalAPI+"save-dimension-group.do", M{"surveyId": surveyID, "name": "Bad", "dimensions": []M{
			{"name": "X", "items": []M{{"quDwId": "nope", "weight": 1}}}}}).Refused(t, 400, "does not exist")
		owner.Post(evalAPI+"save-dimension-group.do", M{"surveyId": surveyID, "name": "Bad", "dimensions": []M{
			{"name": "X", "items": []M{{"quDwId": "lead", "weight": 1}}, "bands": []M{{"min": 0, "max": 3}, {"min": 2, "max": 5}}}}}).Refused(t, 400, "overlap")
		var sub eval.Subject
		raters := []M{{"role": "self", "name": "Ann"}, {"role": "manager"}, {"role": "peer"}, {"role": "peer"}, {"role": "subordinate"}, {"role": "peer"}}
		owner.Post(evalAPI+"save-subject.do", M{"surveyId": surveyID, "name": "Ann", "anonMin": 3, "raters": raters}).OK(t, &sub)
		if len(sub.Raters) != 6 || len(sub.Raters[0].Token) < 16 {
			t.Fatalf("subject %+v", sub)
		}
		answer := func(tok string, lead, talk int) {
			aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": newDwID(), "evalRater": tok}, "anQuestions": []M{
				anRadio("lead", "leado"+string(rune('0'+lead))), anRadio("talk", "talko"+string(rune('0'+talk)))}})
			code, d := save(t, e.Client(t, ""), M{"surveyId": surveyID, "jsonVersion": 6, "answerJson": string(aj)})
			if code != 200 || d.AnCheckResultCode != 201 {
				t.Fatalf("answer: %d %+v", code, d)
			}
		}
		answer(sub.Raters[0].Token, 5, 5) // self
		answer(sub.Raters[1].Token, 4, 2) // manager
		answer(sub.Raters[2].Token, 3, 3) // peer
		answer(sub.Raters[3].Token, 1, 3) // peer
		answer(sub.Raters[4].Token, 4, 4) // subordinate
		answer("forged-token", 1, 1)      // counts for nobody
		var rep eval.SubjectReport
		owner.Get(evalAPI+"subject-report.do?subjectId="+sub.ID).OK(t, &rep)
		peer := rep.Roles[1]
		if rep.Self.Raters != 1 || rep.Self.Hidden || rep.Others.Raters != 4 || rep.Others.Hidden || peer.Role != "peer" || peer.Raters != 2 || !peer.Hidden || peer.Scores != nil {
			t.Fatalf("with 2 peers: self %+v others %+v peer %+v", rep.Self, rep.Others, peer)
		}
		lead := rep.Dimensions[0]
		if lead.Name != "Leadership" || lead.Score != 3.4 || lead.Band == nil || lead.Band.Label != "Strong" || rep.Others.Scores[lead.ID].Score != 3 || rep.Self.Scores[lead.ID].Score != 5 {
			t.Fatalf("leadership %+v others %+v", lead, rep.Others.Scores[lead.ID])
		}
		answer(sub.Raters[5].Token, 2, 2) // third peer
		owner.Get(evalAPI+"subject-report.do?subjectId="+sub.ID).OK(t, &rep)
		peer = rep.Roles[1]
		if peer.Raters != 3 || peer.Hidden || peer.Scores[lead.ID].Score != 2 {
			t.Fatalf("with 3 peers: %+v", peer)
		}
		other := author(t, e, "eval360x")
		other.Get(evalAPI+"subject-report.do?subjectId="+sub.ID).Refused(t, 404, "")
		// the respondent's own dimension report
		_, a := save(t, e.Client(t, ""), answerBody(surveyID, newDwID(), []M{anRadio("lead", "leado2"), anRadio("talk", "talko5")}, nil))
		var r eval.Report
		e.Client(t, "").Get("none/v6/dw-answer-eval/dimension-report.do?answerId="+a.DbAnswerID+"&resumeToken="+a.ResumeToken).OK(t, &r)
		dims := r.Groups[0].Dimensions
		if dims[0].Score != 2 || dims[0].Band.Label != "Developing" || dims[1].Score != 4 || dims[1].Max != 5 || dims[1].Percent != 80 {
			t.Fatalf("report %+v", dims)
		}
	})
}
