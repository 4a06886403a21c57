package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
)

// answerNums reads answerNum of the survey from My surveys, the recycle bin (when inBin),
// info.do and the legacy surveyAll.do.
func answerNums(t *testing.T, c *testenv.Client, id string, inBin bool) []int {
	t.Helper()
	type row struct {
		ID        string `json:"id"`
		AnswerNum int    `json:"answerNum"`
	}
	list := "app/survey/list.do?current=1&pageSize=50"
	if inBin {
		list = "app/survey/recycle-list.do?current=1&pageSize=50"
	}
	var rows []row
	c.Get(list).Page(t, &rows)
	got := []int{-1}
	for _, r := range rows {
		if r.ID == id {
			got[0] = r.AnswerNum
		}
	}
	if inBin {
		return got
	}
	var info row
	c.Get("app/survey/info.do?id="+id).OK(t, &info)
	var all struct {
		AnswerNum int `json:"answerNum"`
	}
	c.Post("app/design/survey-design/surveyAll.do", M{"surveyId": id}).OK(t, &all)
	return append(got, info.AnswerNum, all.AnswerNum)
}

// B1: the survey lists show the number of valid submitted answers (not test answers), and it
// follows deletes, the recycle bin and review verdicts.
func TestSurveyAnswerNumFollowsAnswers(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "counter01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		want := func(n int, inBin bool) {
			t.Helper()
			for i, got := range answerNums(t, owner, id, inBin) {
				if got != n {
					t.Fatalf("answerNum (view %d) = %d, want %d", i, got, n)
				}
			}
		}
		want(0, false)
		var ids []string
		for range 3 {
			d := expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
			ids = append(ids, d.DbAnswerID)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, M{"isTest": 1}), 201)
		want(3, false)

		owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{ids[0]}}).OK(t, nil)
		want(2, false)

		owner.Post("app/survey/delete.do", M{"id": id}).OK(t, nil)
		want(2, true)
		owner.Post("app/survey/recycle-restore.do", M{"id": id}).OK(t, nil)
		want(2, false)

		owner.Post(ad+"answer-verified.do", M{"answerId": ids[1], "verifyValue": 2}).OK(t, nil)
		want(1, false)
		owner.Post(ad+"answer-verified.do", M{"answerId": ids[1], "verifyValue": 2}).OK(t, nil)
		want(1, false)
		owner.Post(ad+"answer-verified.do", M{"answerId": ids[1], "verifyValue": 1}).OK(t, nil)
		want(2, false)
	})
}
