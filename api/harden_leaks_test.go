package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
)

// C8: anonymous callers get score rankings only of exams whose author shows them, vote
// counts only of votes, no staff ids; self-registration is closed on a fresh site.
func TestAnonymousCallersSeeOnlyWhatTheAuthorShows(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "leak01")
		other := author(t, e, "leak02")
		anon := e.Client(t, "")
		publishWithAnswer := func(typ string, attrs M) string {
			t.Helper()
			doc := examDoc()
			if attrs != nil {
				doc["surveyAttrs"] = attrs
			}
			id, _ := publishDoc(t, owner, typ, doc)
			qs := []M{anRadio("q1", "q1a1"), {"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q2a1"}}}}
			expectSaveCode(t, e.Client(t, e.Login(t, "leak02", "secret-pw")), answerBody(id, newDwID(), qs, nil), 201)
			return id
		}
		const top = "none/v6/dw-answer-exam/top-sum-score.do?surveyId="
		stats := ans + "survey-stats.do?surveyId="

		plain := publishWithAnswer("survey", nil)
		anon.Get(top+plain).Refused(t, 404, "")
		other.Get(top+plain).Refused(t, 404, "")
		anon.Get(stats+plain).Refused(t, 404, "")
		var rows []struct {
			UserName string `json:"userName"`
		}
		owner.Get(top+plain).OK(t, &rows) // the survey's staff see it
		if len(rows) != 1 || rows[0].UserName != "leak02" {
			t.Fatalf("owner ranking %+v", rows)
		}

		hiddenExam := publishWithAnswer("exam", nil)
		anon.Get(top+hiddenExam).Refused(t, 404, "")
		for _, shown := range []any{true, M{"enabled": true}} {
			exam := publishWithAnswer("exam", M{"scoreAttr": M{"showTopSum": shown}})
			anon.Get(top+exam).OK(t, &rows)
			if len(rows) != 1 {
				t.Fatalf("shown ranking %+v", rows)
			}
		}

		vote := publishWithAnswer("vote", nil) // vote ranking on by default for votes
		var vs struct {
			CountRadio map[string]struct{ DocCount int } `json:"countRadio"`
		}
		anon.Get(stats+vote).OK(t, &vs)
		if vs.CountRadio["q1a1"].DocCount != 1 {
			t.Fatalf("vote counts %+v", vs)
		}
		hiddenVote := publishWithAnswer("vote", M{"voteAttr": M{"showVoteRankList": false}})
		anon.Get(stats+hiddenVote).Refused(t, 404, "")

		var prop map[string]any
		anon.Get("anon/web/get-sys-property").OK(t, &prop)
		if _, has := prop["userId"]; has {
			t.Fatalf("site property names a user id: %v", prop)
		}
		anon.Post("anon/security-token/register.do", M{"loginName": "mallory1", "email": "m@example.com", "name": "M",
			"password": "secret-pw", "pwdConfirm": "secret-pw"}).Refused(t, 400, "Registration is closed")
	})
}
