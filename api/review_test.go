package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/admin"
	"dwsurvey/services/review"
	lang "dwsurvey/survey"
	"dwsurvey/workflows"
)

var (
	temporalOnce sync.Once
	temporalSrv  *testenv.Temporal
	temporalErr  error
)

// sharedTemporal starts one Temporal dev server for the package's review tests (stopped in
// TestMain); each test server gets its own task queue.
func sharedTemporal(t *testing.T) *testenv.Temporal {
	t.Helper()
	temporalOnce.Do(func() { temporalSrv, temporalErr = testenv.StartTemporal() })
	testenv.Require(t, temporalErr)
	return temporalSrv
}

func TestMain(m *testing.M) {
	code := m.Run()
	temporalSrv.Stop()
	os.Exit(code)
}

// reviewEnv is a test server running the workflows on the shared Temporal server.
func reviewEnv(t *testing.T, driver string) *testenv.Env {
	return testenv.NewServer(t, driver, testenv.Options{Temporal: sharedTemporal(t)})
}

// reviewSnapshot renders what a refused decision or grading must not change.
func reviewSnapshot(t *testing.T, e *testenv.Env) string {
	t.Helper()
	var b strings.Builder
	for _, st := range []struct{ table, order string }{{"answers", "id"}, {"answer_reviews", "id"}, {"review_tasks", "answer_id"},
		{"review_queue_entries", "answer_id, assignee"}, {"answer_counters", "survey_id, ckey, slot"}, {"answer_gradings", "answer_id"},
		{"grade_audits", "id"}} {
		b.WriteString(testenv.TableSnapshot(t, e.DB, st.table, st.order) + "\n")
	}
	var n int64
	e.DB.Model(&models.OutboxEvent{}).Where("kind = ?", review.KindAnswerReviewed).Count(&n)
	b.WriteString("reviewed events: " + itoa(int(n)))
	return b.String()
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type queuePage struct {
	TotalItems int64             `json:"totalItems"`
	Result     []review.QueueRow `json:"result"`
}

func queueOf(t *testing.T, c *testenv.Client, surveyID string) queuePage {
	t.Helper()
	var p queuePage
	c.Get("app/v6/review/queue.do?surveyId="+surveyID).OK(t, &p)
	return p
}

func verify(c *testenv.Client, answerID string, value int, note string, level int) *testenv.Response {
	body := M{"answerId": answerID, "verifyValue": value, "verifyNote": note}
	if level > 0 {
		body["verifyLevel"] = level
	}
	return c.Post(ad+"answer-verified.do", body)
}

func stateCount(t *testing.T, c *testenv.Client, surveyID, state string) int64 {
	t.Helper()
	var p struct {
		TotalItems int64 `json:"totalItems"`
	}
	c.Post(ad+"list.do", M{"surveyId": surveyID, "filters": M{"state": state}}).OK(t, &p)
	return p.TotalItems
}

func radioCount(t *testing.T, c *testenv.Client, surveyID, opt string) int64 {
	t.Helper()
	var st struct {
		CountRadio map[string]struct {
			DocCount int64 `json:"docCount"`
		} `json:"countRadio"`
	}
	c.Get(ad+"survey-stats.do?surveyId="+surveyID).OK(t, &st)
	return st.CountRadio[opt].DocCount
}

// The review chain through the API on real Temporal: two levels and the administrator,
// assigned by account and by department; refused decisions change nothing; the raw-data
// filters and the charts follow each decision; notes and the timeline are kept per level.
func TestReviewChainThroughTheAPI(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			e := reviewEnv(t, driver)
			ctx := context.Background()
			owner := author(t, e, "owner01")
			r1ID := e.CreateUser(t, "reviewer1", "secret-pw")
			r2ID := e.CreateUser(t, "reviewer2", "secret-pw")
			e.CreateUser(t, "outsider", "secret-pw")
			dept, err := e.Deps.Admin.AddDept(ctx, admin.Actor{}, admin.DeptInput{Name: "Checkers", Code: "chk-" + testenv.RandomSuffix(4)})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Deps.Admin.AddDeptUsers(ctx, admin.Actor{}, dept.ID, []string{r2ID}); err != nil {
				t.Fatal(err)
			}
			r1 := e.Client(t, e.Login(t, "reviewer1", "secret-pw"))
			r2 := e.Client(t, e.Login(t, "reviewer2", "secret-pw"))
			out := e.Client(t, e.Login(t, "outsider", "secret-pw"))
			id, _ := publishDoc(t, owner, "survey", simpleDoc(nil))

			// settings: refused inputs first, then two levels + administrator
			settings := M{"surveyId": id, "enabled": true, "levels": 2, "adminStep": true,
				"reviewers": []any{[]M{{"kind": "user", "id": r1ID}}, []M{{"kind": "dept", "id": dept.ID}}}}
			bad := func(change M, msg string) {
				b := M{}
				for k, v := range settings {
					b[k] = v
				}
				for k, v := range change {
					b[k] = v
				}
				owner.Post("app/v6/review/settings-save.do", b).Refused(t, 400, msg)
			}
			bad(M{"levels": 4}, "must be 1, 2 or 3")
			bad(M{"reviewers": []any{[]M{{"kind": "user", "id": r1ID}}, []M{}}}, "Level 2 needs at least one reviewer")
			bad(M{"reviewers": []any{[]M{{"kind": "user", "id": "nobody"}}, []M{{"kind": "dept", "id": dept.ID}}}}, "does not exist")
			bad(M{"reviewers": []any{[]M{{"kind": "group", "id": r1ID}}}}, "unknown assignee kind")
			bad(M{"escalateMinutes": -5}, "escalation deadline")
			r1.Post("app/v6/review/settings-save.do", settings).Refused(t, 403, "")
			var st review.Settings
			owner.Get("app/v6/review/settings.do?surveyId="+id).OK(t, &st)
			if st.Enabled || st.Revision != 0 {
				t.Fatalf("refused saves stored settings: %+v", st)
			}
			owner.Post("app/v6/review/settings-save.do", settings).OK(t, &st)
			if !st.Enabled || st.Revision != 1 || st.Reviewers[1][0].Name != "Checkers" || !st.VerifyAttr.DataVerify || st.VerifyAttr.VerifyLevel != 2 {
				t.Fatalf("saved settings %+v", st)
			}

			// three answers enter the chain at level 1 (through the outbox, no waiting on submit)
			anon := e.Client(t, "")
			var ids []string
			for _, o := range []string{"q1a1", "q1a1", "q1a2"} {
				_, d := save(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", o)}, nil))
				if d.AnCheckResultCode != 201 {
					t.Fatalf("save: %+v", d)
				}
				ids = append(ids, d.DbAnswerID)
			}
			eventually(t, "three answers in reviewer 1's queue", func() bool { return queueOf(t, r1, id).TotalItems == 3 })
			if q := queueOf(t, r2, id); q.TotalItems != 0 {
				t.Fatalf("reviewer 2 sees %d answers at level 1", q.TotalItems)
			}
			q1 := queueOf(t, r1, "")
			if len(q1.Result) != 3 || q1.Result[0].Step != 1 || q1.Result[0].SurveyID != id ||
				q1.Result[0].EnteredAt > q1.Result[1].EnteredAt || q1.Result[1].EnteredAt > q1.Result[2].EnteredAt {
				t.Fatalf("queue (oldest first) %+v, answers %v", q1.Result, ids)
			}
			var counts []review.SurveyCount
			r1.Get("app/v6/review/queue-surveys.do").OK(t, &counts)
			if len(counts) != 1 || counts[0].Waiting != 3 {
				t.Fatalf("per survey %+v", counts)
			}
			a, b, c := ids[0], ids[1], ids[2]
			if n := stateCount(t, owner, id, "unreviewed"); n != 3 {
				t.Fatalf("unreviewed %d", n)
			}

			// refusals: nothing changes
			snap := reviewSnapshot(t, e)
			verify(out, a, 1, "", 0).Refused(t, 404, "")                         // not in the chain at all
			verify(r2, a, 1, "", 0).Refused(t, 400, workflows.MsgNotAssigned)    // level 2 reviewer at level 1
			verify(owner, a, 1, "", 0).Refused(t, 400, workflows.MsgNotAssigned) // the administrator before its step
			verify(r1, a, 1, "", workflows.StepAdmin).Refused(t, 400, workflows.MsgNotCurrent)
			verify(r1, a, 7, "", 0).Refused(t, 400, workflows.MsgBadValue)
			verify(r1, a, 1, strings.Repeat("注", 501), 0).Refused(t, 400, workflows.MsgNoteTooLong)
			postForm(t, r1, ad+"answer-verified.do", map[string][]string{"answerId": {a}, "verifyValue": {"1"}, "verifyLevel": {"x"}}).Refused(t, 400, "verifyLevel")
			if got := reviewSnapshot(t, e); got != snap {
				t.Fatalf("a refused decision changed data:\n%s\n---\n%s", snap, got)
			}

			// level 1: pass a and b, fail c; the next row of the queue comes back
			var next *review.QueueRow
			verify(r1, a, 1, "level 1 ok", 1).OK(t, &next)
			wantNext := q1.Result[0].AnswerID // the oldest other than a
			if wantNext == a {
				wantNext = q1.Result[1].AnswerID
			}
			if next == nil || next.AnswerID != wantNext {
				t.Fatalf("next after a: %+v, queue %+v", next, q1.Result)
			}
			eventually(t, "a at level 2", func() bool { return queueOf(t, r2, id).TotalItems == 1 })
			snap = reviewSnapshot(t, e)
			verify(r1, a, 1, "again", 1).Refused(t, 400, workflows.MsgStepDecided) // the same step twice
			if got := reviewSnapshot(t, e); got != snap {
				t.Fatal("a second decision on the same step changed data")
			}
			verify(r1, b, 1, "", 1).OK(t, &next)
			verify(r1, c, 2, "wrong answer", 1).OK(t, &next)
			if next != nil {
				t.Fatalf("queue should be empty, next %+v", next)
			}
			eventually(t, "two answers at level 2", func() bool { return queueOf(t, r2, id).TotalItems == 2 })
			snap = reviewSnapshot(t, e)
			verify(r1, c, 1, "", 1).Refused(t, 400, workflows.MsgChainFinished) // finished chain
			verify(owner, c, 1, "", 0).Refused(t, 400, workflows.MsgChainFinished)
			if got := reviewSnapshot(t, e); got != snap {
				t.Fatal("a decision on a finished chain changed data")
			}
			if u, r, s := stateCount(t, owner, id, "unreviewed"), stateCount(t, owner, id, "reviewed"), stateCount(t, owner, id, "screened"); u != 2 || r != 0 || s != 1 {
				t.Fatalf("after level 1: unreviewed %d reviewed %d screened %d", u, r, s)
			}
			if n := radioCount(t, owner, id, "q1a2"); n != 0 {
				t.Fatalf("the screened answer is still in the chart: %d", n)
			}

			// level 2 (by department): pass a, fail b; administrator passes a
			eventually(t, "two answers at level 2", func() bool { return queueOf(t, r2, id).TotalItems == 2 })
			verify(r2, a, 1, "level 2 ok", 2).OK(t, nil)
			verify(r2, b, 2, "level 2 no", 2).OK(t, nil)
			eventually(t, "a at the administrator step", func() bool { return queueOf(t, owner, id).TotalItems == 1 })
			verify(owner, a, 1, "admin ok", workflows.StepAdmin).OK(t, &next)
			if u, r, s := stateCount(t, owner, id, "unreviewed"), stateCount(t, owner, id, "reviewed"), stateCount(t, owner, id, "screened"); u != 0 || r != 1 || s != 2 {
				t.Fatalf("at the end: unreviewed %d reviewed %d screened %d", u, r, s)
			}
			if n := radioCount(t, owner, id, "q1a1"); n != 1 {
				t.Fatalf("chart q1a1 = %d, want 1 (b was screened)", n)
			}
			var row models.Answer
			e.DB.Where("id = ?", a).Take(&row)
			if row.Verify1 != 1 || row.Verify1Note != "level 1 ok" || row.Verify2Note != "level 2 ok" || row.VerifyAdmin != 1 || row.AdminNote != "admin ok" || row.HandleState != 1 {
				t.Fatalf("answer a: %+v", row)
			}
			var tl review.Timeline
			r2.Get("app/v6/review/timeline.do?answerId="+a).OK(t, &tl)
			var decided []string
			for _, it := range tl.Items {
				if it.Kind == "decided" {
					decided = append(decided, it.UserName+":"+it.Note)
				}
			}
			if tl.State != models.ReviewPassed || strings.Join(decided, "|") != "reviewer1:level 1 ok|reviewer2:level 2 ok|owner01:admin ok" ||
				tl.Notes["verify2Note"] != "level 2 ok" || tl.Notes["verifyAdminNote"] != "admin ok" {
				t.Fatalf("timeline %+v", tl)
			}
			out.Get("app/v6/review/timeline.do?answerId="+a).Refused(t, 404, "")
			var view review.ReviewView
			r1.Get("app/v6/review/answer.do?answerId="+b).OK(t, &view)
			if view.Answer == nil || view.Answer.IP != "" || view.Survey == nil || view.Timeline.State != models.ReviewFailed {
				t.Fatalf("review view %+v", view)
			}
			// the final decisions wrote answer.reviewed events (the webhook consumes them)
			var evs []models.OutboxEvent
			e.DB.Where("kind = ?", review.KindAnswerReviewed).Order("entity_key").Find(&evs)
			if len(evs) != 3 {
				t.Fatalf("%d answer.reviewed events", len(evs))
			}
			for _, ev := range evs {
				var p review.Reviewed
				json.Unmarshal([]byte(ev.Payload), &p)
				if (ev.Key == a) != (p.Verdict == "pass") || p.SurveyID != id {
					t.Fatalf("event %s %+v", ev.Key, p)
				}
			}
		})
	}
}

// Deleting an answer in review takes it out of every queue and ends its workflow.
func TestReviewDeletionEndsTheWorkflow(t *testing.T) {
	e := reviewEnv(t, "mysql")
	owner := author(t, e, "owner02")
	r1ID := e.CreateUser(t, "reviewer3", "secret-pw")
	r1 := e.Client(t, e.Login(t, "reviewer3", "secret-pw"))
	id, _ := publishDoc(t, owner, "survey", simpleDoc(nil))
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "enabled": true, "levels": 1,
		"reviewers": []any{[]M{{"kind": "user", "id": r1ID}}}}).OK(t, nil)
	_, d := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
	eventually(t, "the answer in the queue", func() bool { return queueOf(t, r1, id).TotalItems == 1 })
	owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{d.DbAnswerID}}).OK(t, nil)
	if q := queueOf(t, r1, id); q.TotalItems != 0 {
		t.Fatalf("deleted answer still queued: %+v", q)
	}
	c := sharedTemporal(t).Client
	eventually(t, "the review workflow to end", func() bool {
		desc, err := c.DescribeWorkflowExecution(context.Background(), workflows.ReviewWorkflowID(d.DbAnswerID), "")
		return err == nil && desc.GetWorkflowExecutionInfo().GetCloseTime() != nil
	})
	var res workflows.ReviewResult
	if err := c.GetWorkflow(context.Background(), workflows.ReviewWorkflowID(d.DbAnswerID), "").Get(context.Background(), &res); err != nil || res.State != workflows.ChainEnded {
		t.Fatalf("result %+v %v", res, err)
	}
}

// A settings change applies to answers submitted afterwards: an answer already in its chain
// keeps the levels and reviewers it started with (they travel in the workflow input).
func TestReviewSettingsChangeKeepsRunningChains(t *testing.T) {
	e := reviewEnv(t, "mysql")
	owner := author(t, e, "owner04")
	oldID, newID := e.CreateUser(t, "reviewer-old", "secret-pw"), e.CreateUser(t, "reviewer-new", "secret-pw")
	rOld, rNew := e.Client(t, e.Login(t, "reviewer-old", "secret-pw")), e.Client(t, e.Login(t, "reviewer-new", "secret-pw"))
	id, _ := publishDoc(t, owner, "survey", simpleDoc(nil))
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "enabled": true, "levels": 1,
		"reviewers": []any{[]M{{"kind": "user", "id": oldID}}}}).OK(t, nil)
	_, first := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
	eventually(t, "the first answer in the old reviewer's queue", func() bool { return queueOf(t, rOld, id).TotalItems == 1 })

	// two levels now, the new reviewer first, the old one second
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "enabled": true, "levels": 2,
		"reviewers": []any{[]M{{"kind": "user", "id": newID}}, []M{{"kind": "user", "id": oldID}}}}).OK(t, nil)
	_, second := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil))
	eventually(t, "the second answer in the new reviewer's queue", func() bool { return queueOf(t, rNew, id).TotalItems == 1 })
	if q := queueOf(t, rNew, id); q.Result[0].AnswerID != second.DbAnswerID {
		t.Fatalf("new reviewer's queue %+v, want only %s", q.Result, second.DbAnswerID)
	}
	// the first answer still waits at its only level for the old reviewer, and its pass is final
	verify(rNew, first.DbAnswerID, 1, "", 1).Refused(t, 404, "") // not in that chain at all
	verify(rOld, first.DbAnswerID, 1, "old chain", 1).OK(t, nil)
	var a models.Answer
	e.DB.Where("id = ?", first.DbAnswerID).Take(&a)
	if a.HandleState != 1 || a.Verify1Note != "old chain" {
		t.Fatalf("the first answer did not end reviewed after its one level: %+v", a)
	}
	var res workflows.ReviewResult
	run := sharedTemporal(t).Client.GetWorkflow(context.Background(), workflows.ReviewWorkflowID(first.DbAnswerID), "")
	if err := run.Get(context.Background(), &res); err != nil || res.State != workflows.ChainPassed || res.Step != 1 {
		t.Fatalf("first chain %+v %v", res, err)
	}
	// the second one follows the new chain: its pass at level 1 moves it to the old reviewer
	verify(rNew, second.DbAnswerID, 1, "new chain", 1).OK(t, nil)
	eventually(t, "the second answer at level 2", func() bool { return queueOf(t, rOld, id).TotalItems == 1 })
	var b models.Answer
	e.DB.Where("id = ?", second.DbAnswerID).Take(&b)
	if b.HandleState != 0 || b.Verify1Note != "new chain" {
		t.Fatalf("the second answer ended after one of its two levels: %+v", b)
	}
}

// A level left undecided past its deadline goes to the administrator on the workflow's real
// timer (a minute here): the level's reviewer no longer sees it, the administrator's queue
// shows it as escalated, the timeline records the escalation, and the administrator decides.
func TestReviewEscalationOnRealTimers(t *testing.T) {
	t.Parallel()
	e := reviewEnv(t, "mysql")
	owner := author(t, e, "owner05")
	r1ID := e.CreateUser(t, "reviewer-late", "secret-pw")
	r1 := e.Client(t, e.Login(t, "reviewer-late", "secret-pw"))
	id, _ := publishDoc(t, owner, "survey", simpleDoc(nil))
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "enabled": true, "levels": 1, "escalateMinutes": 1,
		"reviewers": []any{[]M{{"kind": "user", "id": r1ID}}}}).OK(t, nil)
	_, d := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
	eventually(t, "the answer at level 1", func() bool { return queueOf(t, r1, id).TotalItems == 1 })
	if q := queueOf(t, owner, id); q.TotalItems != 0 {
		t.Fatalf("the administrator sees the answer before the escalation: %+v", q)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for queueOf(t, owner, id).TotalItems != 1 {
		if time.Now().After(deadline) {
			t.Fatal("no escalation 3 minutes after a 1-minute deadline")
		}
		time.Sleep(time.Second)
	}
	q := queueOf(t, owner, id)
	if q.Result[0].AnswerID != d.DbAnswerID || q.Result[0].Step != workflows.StepAdmin || q.Result[0].Escalated != 1 {
		t.Fatalf("administrator's queue after the escalation %+v", q.Result)
	}
	if q := queueOf(t, r1, id); q.TotalItems != 0 {
		t.Fatalf("the escalated answer is still in the level's queue: %+v", q)
	}
	snap := reviewSnapshot(t, e)
	verify(r1, d.DbAnswerID, 1, "late", 1).Refused(t, 400, workflows.MsgEscalated)
	if got := reviewSnapshot(t, e); got != snap {
		t.Fatal("a decision on the escalated level changed data")
	}
	var tl review.Timeline
	owner.Get("app/v6/review/timeline.do?answerId="+d.DbAnswerID).OK(t, &tl)
	kinds := []string{}
	for _, it := range tl.Items {
		kinds = append(kinds, it.Kind)
	}
	if tl.Escalated != 1 || !strings.Contains(strings.Join(kinds, ","), "escalated") {
		t.Fatalf("timeline %+v", tl)
	}
	verify(owner, d.DbAnswerID, 1, "decided after the escalation", workflows.StepAdmin).OK(t, nil)
	var a models.Answer
	e.DB.Where("id = ?", d.DbAnswerID).Take(&a)
	if a.HandleState != 1 || a.VerifyAdmin != 1 || a.AdminNote != "decided after the escalation" {
		t.Fatalf("answer after the administrator's pass %+v", a)
	}
}

func gradingExamDoc() M {
	return M{"surveyAttrs": M{"scoreAttr": M{"showTopSum": M{"enabled": true}}}, "questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quAttr": M{"scoreAttr": M{"maxScore": 5}},
			"quRadios": []M{{"dwId": "q1a1", "optionTitle": "right", "isRight": true}, {"dwId": "q1a2", "optionTitle": "wrong"}}},
		{"dwId": "q2", "quType": "CHECKBOX", "quTitle": "Q2", "quAttr": M{"scoreAttr": M{"maxScore": 10}},
			"quCheckboxs": []M{{"dwId": "q2a1", "isRight": true}, {"dwId": "q2a2", "isRight": true}, {"dwId": "q2a3"}}},
		{"dwId": "q3", "quType": "ANSWER", "quTitle": "Essay", "quAttr": M{"scoreAttr": M{"maxScore": 10}}},
		{"dwId": "q4", "quType": "FILLBLANK", "quTitle": "Blank", "quAttr": M{"scoreAttr": M{"maxScore": 5}}},
	}}
}

func examAnswer(q1 string, essay, blank string) []M {
	return []M{anRadio("q1", q1), {"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "q2a1"}, {"optionDwId": "q2a2"}}},
		{"quDwId": "q3", "quType": "ANSWER", "anFbk": M{"answer": essay}, "quCustomScore": 10},
		{"quDwId": "q4", "quType": "FILLBLANK", "anFbk": M{"answer": blank}}}
}

type gradeData struct {
	SumScore float64 `json:"sumScore"`
	EsID     *string `json:"esId"`
}

func grade(c *testenv.Client, answerID string, q3, q4 any) *testenv.Response {
	return c.Post(ad+"answer-custom-score.do", M{"answerCommon": M{"answerId": answerID},
		"anQuestions": []M{{"quDwId": "q3", "quCustomScore": q3}, {"quDwId": "q4", "quCustomScore": q4}}})
}

type rankRow struct {
	AnswerID string  `json:"answerId"`
	SumScore float64 `json:"sumScore"`
}

// Hand grading through the API on real Temporal: an exam with two automatic and two
// hand-graded questions, three submissions graded in turn through the queue (next, then
// last), totals recomputed on the server, the ranking and the score statistics follow,
// the respondent's view loses "being graded", the owner's re-grading is audited.
func TestGradingThroughTheAPI(t *testing.T) {
	e := reviewEnv(t, "mysql")
	owner := author(t, e, "owner03")
	gID := e.CreateUser(t, "grader1", "secret-pw")
	e.CreateUser(t, "outsider3", "secret-pw")
	g := e.Client(t, e.Login(t, "grader1", "secret-pw"))
	out := e.Client(t, e.Login(t, "outsider3", "secret-pw"))
	id, sid := publishDoc(t, owner, "exam", gradingExamDoc())
	owner.Post("app/v6/review/settings-save.do", M{"surveyId": id, "levels": 1, "graders": []M{{"kind": "user", "id": gID}}}).OK(t, nil)
	anon := e.Client(t, "")
	var ids []string
	var tokens []string
	for i, q1 := range []string{"q1a1", "q1a2", "q1a1"} {
		var d struct {
			saveData
			ScorePending bool `json:"scorePending"`
		}
		env := anon.Post(ans+"save-survey-answer.do", answerBody(id, newDwID(), examAnswer(q1, "essay "+itoa(i), "blank"), nil)).Env(t)
		json.Unmarshal(env.Data, &d)
		if d.AnCheckResultCode != 201 || !d.ScorePending {
			t.Fatalf("save %d: %+v", i, d)
		}
		// automatic part only (the respondent's quCustomScore 10 is ignored)
		if want := map[string]float64{"q1a1": 15, "q1a2": 10}[q1]; d.SumScore != want {
			t.Fatalf("provisional total %v, want %v", d.SumScore, want)
		}
		ids, tokens = append(ids, d.DbAnswerID), append(tokens, d.ResumeToken)
	}
	var ranking []rankRow
	anon.Get("none/v6/dw-answer-exam/top-sum-score.do?sid="+sid).OK(t, &ranking)
	if len(ranking) != 0 {
		t.Fatalf("provisional totals ranked: %+v", ranking)
	}
	var page struct {
		TotalItems int64 `json:"totalItems"`
		Result     []struct {
			AnswerID string `json:"answerId"`
		} `json:"result"`
	}
	eventually(t, "grading workflows", func() bool {
		n := 0
		for _, a := range ids {
			if _, err := sharedTemporal(t).Client.DescribeWorkflowExecution(context.Background(), workflows.GradingWorkflowID(a), ""); err == nil {
				n++
			}
		}
		return n == 3
	})
	g.Get("app/v6/grading/queue.do?surveyId="+id).OK(t, &page)
	if page.TotalItems != 3 || page.Result[0].AnswerID != ids[0] {
		t.Fatalf("grading queue %+v", page)
	}
	var view review.GradingView
	g.Get("app/v6/grading/answer.do?answerId="+ids[0]).OK(t, &view)
	if len(view.Items) != 2 || view.Items[0].QuDwID != "q3" || view.Items[0].Max != 10 || view.Items[0].Score != nil || view.AutoScore != 15 || !view.ScorePending || view.Waiting != 3 {
		t.Fatalf("grading view %+v", view)
	}
	// refusals change nothing
	snap := reviewSnapshot(t, e)
	grade(out, ids[0], 5, 5).Refused(t, 404, "")
	grade(g, ids[0], 11, 5).Refused(t, 400, "between 0 and 10 in steps of 0.5")
	grade(g, ids[0], 7.25, 5).Refused(t, 400, "steps of 0.5")
	g.Post(ad+"answer-custom-score.do", M{"answerId": ids[0], "anQuestions": []M{{"quDwId": "q3", "quCustomScore": 5}}}).Refused(t, 400, "1 of 2 scored")
	g.Post(ad+"answer-custom-score.do", M{"answerId": ids[0], "anQuestions": []M{{"quDwId": "q3", "quCustomScore": 5}, {"quDwId": "q4", "quCustomScore": 1},
		{"quDwId": "q1", "quCustomScore": 5}}}).Refused(t, 400, "not graded by hand")
	if reviewSnapshot(t, e) != snap {
		t.Fatal("a refused grading changed data")
	}
	// graded in turn: next, next, last
	var gd gradeData
	grade(g, ids[0], 7.5, "4").OK(t, &gd)
	if gd.SumScore != 26.5 || gd.EsID == nil || *gd.EsID != ids[1] {
		t.Fatalf("first grading %+v", gd)
	}
	grade(g, ids[1], 10, 5).OK(t, &gd)
	if gd.SumScore != 25 || gd.EsID == nil || *gd.EsID != ids[2] {
		t.Fatalf("second grading %+v", gd)
	}
	grade(g, ids[2], 0, 0).OK(t, &gd)
	if gd.SumScore != 15 || gd.EsID != nil {
		t.Fatalf("last grading %+v", gd)
	}
	anon.Get("none/v6/dw-answer-exam/top-sum-score.do?sid="+sid).OK(t, &ranking)
	if len(ranking) != 3 || ranking[0].AnswerID != ids[0] || ranking[0].SumScore != 26.5 || ranking[2].SumScore != 15 {
		t.Fatalf("ranking %+v", ranking)
	}
	var mine struct {
		SumScore     float64 `json:"sumScore"`
		ScorePending bool    `json:"scorePending"`
	}
	anon.Get(ans+"get-survey-answer.do?answerId="+ids[1]+"&resumeToken="+tokens[1]).OK(t, &mine)
	if mine.SumScore != 25 || mine.ScorePending {
		t.Fatalf("respondent's view %+v", mine)
	}
	var stats review.ScoreStats
	owner.Get("app/v6/grading/score-stats.do?surveyId="+id).OK(t, &stats)
	if stats.Count != 3 || stats.Pending != 0 || stats.Max != 26.5 || stats.Min != 15 || stats.Avg != 22.17 {
		t.Fatalf("score stats %+v", stats)
	}
	// re-grading: not the grader, the owner (audited with old and new totals)
	grade(g, ids[2], 1, 1).Refused(t, 400, review.MsgOwnerRegrades)
	grade(owner, ids[2], 2, 1).OK(t, &gd)
	if gd.SumScore != 18 {
		t.Fatalf("re-graded %+v", gd)
	}
	// the answer's export copy was rewritten with its document: the copy of the graded
	// document (exports read the hand scores from it)
	var graded models.Answer
	if err := e.DB.Take(&graded, "id = ?", ids[2]).Error; err != nil {
		t.Fatal(err)
	}
	gdoc, err := lang.ParseAnswer([]byte(graded.Document))
	if err != nil {
		t.Fatal(err)
	}
	if want := lang.AppendExportCopy(nil, gdoc.AnQuestions); !bytes.Equal(graded.ExportCopy, want) {
		t.Fatalf("export copy after grading %x, want %x", graded.ExportCopy, want)
	}
	owner.Get("app/v6/grading/answer.do?answerId="+ids[2]).OK(t, &view)
	if len(view.History) != 2 || view.History[0].OldSum != 15 || view.History[0].NewSum != 15 || view.History[1].OldSum != 15 ||
		view.History[1].NewSum != 18 || view.History[1].UserName != "owner03" || view.History[1].OldScores[0].Score != 0 {
		t.Fatalf("history %+v", view.History)
	}
	if rows := logRows(t, e, "name = ?", "Re-grade answer"); len(rows) != 1 || !strings.Contains(rows[0].Notes, "15 -> 18") {
		t.Fatalf("audit %+v", rows)
	}
	var gr struct {
		State string
	}
	if err := sharedTemporal(t).Client.GetWorkflow(context.Background(), workflows.GradingWorkflowID(ids[0]), "").Get(context.Background(), &gr); err != nil || gr.State != workflows.GradingGraded {
		t.Fatalf("grading workflow %+v %v", gr, err)
	}
}
