package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
)

// check-answer-pwd refuses a bulk password that has been used its allowed number of times
// (gate 8), so the respondent's page does not let it in only to refuse the submit.
func TestCheckAnswerPwdRefusesExhaustedBulkPassword(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "collpc1")
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		qs := []M{anRadio("q1", ok1Radio)}
		anon := e.Client(t, "")
		owner.Post("app/survey/answer-pwd/generate.do", M{"surveyId": id, "count": 1, "length": 8, "tag": "pc", "allowedCount": 1}).OK(t, nil)
		var rows []struct {
			Code string `json:"code"`
		}
		owner.Get("app/survey/answer-pwd/list.do?surveyId="+id).Page(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("rows %+v", rows)
		}
		code := rows[0].Code
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd="+code).OK(t, nil)
		expectSaveCode(t, anon, answerBody(id, newDwID(), qs, M{"anPwd": code}), 201)
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd="+code).Refused(t, 403, "used the maximum number of times")
		anon.Get(ans+"check-answer-pwd?sid="+sid+"&anPwd=WRONG123").Refused(t, 403, "Wrong answer password")
	})
}
