package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// C9: a batch call that names one object the caller may not touch (another user's answer or
// password, an unknown user) is refused as a whole and changes nothing.
func TestBatchCallsAreAllOrNothing(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "batch01")
		other := author(t, e, "batch02")
		anon := e.Client(t, "")
		mine, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		theirs, _ := publishDoc(t, other, "survey", simpleDoc(M{}))
		a1 := expectSaveCode(t, anon, answerBody(mine, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201).DbAnswerID
		a2 := expectSaveCode(t, anon, answerBody(mine, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201).DbAnswerID
		foreign := expectSaveCode(t, anon, answerBody(theirs, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201).DbAnswerID

		// answers: own + another user's, own + unknown
		snap := answerSnapshot(t, e.DB)
		owner.Post(ad+"delete-answer.do", M{"surveyId": mine, "ids": []string{a1, foreign}}).Refused(t, 404, "")
		owner.Post(ad+"delete-answer.do", M{"surveyId": mine, "ids": []string{a1, "no-such-answer"}}).Refused(t, 404, "")
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("a refused answer batch deleted some answers")
		}
		var del struct{ Deleted int }
		owner.Post(ad+"delete-answer.do", M{"surveyId": mine, "ids": []string{a1, a2}}).OK(t, &del)
		if del.Deleted != 2 {
			t.Fatalf("deleted %d, want 2", del.Deleted)
		}
		owner.Post(ad+"delete-answer.do", M{"surveyId": mine, "ids": []string{a1, a2}}).OK(t, &del) // repeated: harmless
		if del.Deleted != 0 {
			t.Fatalf("repeated delete deleted %d", del.Deleted)
		}

		// answer passwords: own + another survey's
		owner.Post("app/survey/answer-pwd/generate.do", M{"surveyId": mine, "count": 2, "length": 6, "allowedCount": 1}).OK(t, nil)
		other.Post("app/survey/answer-pwd/generate.do", M{"surveyId": theirs, "count": 1, "length": 6, "allowedCount": 1}).OK(t, nil)
		type pwd struct {
			ID      string `json:"id"`
			Enabled bool   `json:"enabled"`
		}
		var own, their []pwd
		owner.Get("app/survey/answer-pwd/list.do?surveyId="+mine).Page(t, &own)
		other.Get("app/survey/answer-pwd/list.do?surveyId="+theirs).Page(t, &their)
		pwSnap := func() string { return testenv.TableSnapshot(t, e.DB, "answer_passwords", "id") }
		before := pwSnap()
		for _, path := range []string{"disable.do", "delete.do"} {
			owner.Post("app/survey/answer-pwd/"+path, M{"surveyId": mine, "ids": []string{own[0].ID, their[0].ID}}).Refused(t, 404, "")
		}
		if pwSnap() != before {
			t.Fatal("a refused password batch changed passwords")
		}

		// users: one unknown id refuses the whole batch
		admin := e.Client(t, e.AdminToken(t))
		u1 := e.CreateUser(t, "batchu1", "secret-pw")
		e.DB.Model(&models.User{}).Where("id = ?", u1).Update("login_count", 7)
		before = testenv.Snapshot(t, e.DB)
		admin.Post("admin/user/delete.do", M{"ids": []string{u1, "no-such-user"}}).Refused(t, 400, "Unknown user")
		admin.Post("admin/user/reset-login-count.do", M{"ids": []string{u1, "no-such-user"}}).Refused(t, 400, "Unknown user")
		admin.Post("admin/user/reset-pwd.do", M{"ids": []string{u1, "no-such-user"}, "password": "new-secret-1"}).Refused(t, 400, "Unknown user")
		if testenv.Snapshot(t, e.DB) != before {
			t.Fatal("a refused user batch changed users")
		}
		admin.Post("admin/user/delete.do", M{"ids": []string{u1}}).OK(t, nil)
	})
}
