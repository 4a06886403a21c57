package workflows_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

// reviewRun drives ReviewWorkflow in the time-skipping test environment with recorded
// activities.
type reviewRun struct {
	t          *testing.T
	env        *testsuite.TestWorkflowEnvironment
	entered    []activities.ReviewStepInput
	decisions  []activities.ReviewDecisionInput
	reminders  []activities.ReviewReminderInput
	ended      int
	answerGone bool     // EnterReviewStep finds the answer deleted
	recordGone bool     // RecordReviewDecision finds the answer deleted
	updates    []string // "accepted"/"rejected: msg"/"failed: msg" per update, in order
}

func newReview(t *testing.T) *reviewRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.ReviewWorkflow)
	env.RegisterActivity(acts)
	r := &reviewRun{t: t, env: env}
	env.OnActivity(acts.EnterReviewStep, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.ReviewStepInput) (bool, error) {
		if r.answerGone {
			return false, nil
		}
		r.entered = append(r.entered, in)
		return true, nil
	})
	env.OnActivity(acts.RecordReviewDecision, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.ReviewDecisionInput) (activities.ReviewDecisionOutput, error) {
		if r.recordGone {
			return activities.ReviewDecisionOutput{}, temporal.NewNonRetryableApplicationError("gone", activities.ErrTypeAnswerGone, nil)
		}
		r.decisions = append(r.decisions, in)
		out := activities.ReviewDecisionOutput{State: workflows.ChainWaiting}
		if in.Value == workflows.VerdictFail {
			out = activities.ReviewDecisionOutput{Finished: true, State: workflows.ChainFailed}
		} else if in.Final {
			out = activities.ReviewDecisionOutput{Finished: true, State: workflows.ChainPassed}
		}
		return out, nil
	})
	env.OnActivity(acts.RemindReviewStep, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.ReviewReminderInput) error {
		r.reminders = append(r.reminders, in)
		return nil
	})
	env.OnActivity(acts.EndReview, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.EndReviewInput) error {
		r.ended++
		return nil
	})
	return r
}

// chain2 is two levels (u:r1, then d:dept2) and the administrator (u:owner).
func chain2() workflows.ReviewInput {
	return workflows.ReviewInput{AnswerID: "a1", SurveyID: "s1", Levels: [][]string{{"u:r1"}, {"d:dept2"}}, AdminStep: true,
		AdminKeys: []string{"u:owner"}, Revision: 3}
}

// decideAt sends the decide update after d.
func (r *reviewRun) decideAt(d time.Duration, dec workflows.Decision) {
	r.env.RegisterDelayedCallback(func() {
		i := len(r.updates)
		r.updates = append(r.updates, "")
		r.env.UpdateWorkflow(workflows.UpdateDecide, fmt.Sprintf("u%d", i), &testsuite.TestUpdateCallback{
			OnAccept: func() { r.updates[i] = "accepted" },
			OnReject: func(err error) { r.updates[i] = "rejected: " + err.Error() },
			OnComplete: func(_ any, err error) {
				if err != nil {
					r.updates[i] = "failed: " + err.Error()
				}
			},
		}, dec)
	}, d)
}

func (r *reviewRun) run(in workflows.ReviewInput) workflows.ReviewResult {
	r.t.Helper()
	r.env.ExecuteWorkflow(workflows.ReviewWorkflow, in)
	if !r.env.IsWorkflowCompleted() || r.env.GetWorkflowError() != nil {
		r.t.Fatalf("workflow: completed=%v err=%v", r.env.IsWorkflowCompleted(), r.env.GetWorkflowError())
	}
	var res workflows.ReviewResult
	if err := r.env.GetWorkflowResult(&res); err != nil {
		r.t.Fatal(err)
	}
	return res
}

func (r *reviewRun) steps() []int {
	var out []int
	for _, e := range r.entered {
		out = append(out, e.Step)
	}
	return out
}

func pass(step int, keys ...string) workflows.Decision {
	return workflows.Decision{Step: step, UserID: "x", Keys: keys, Value: workflows.VerdictPass, Note: fmt.Sprintf("ok %d", step)}
}

func failAt(step int, keys ...string) workflows.Decision {
	d := pass(step, keys...)
	d.Value, d.Note = workflows.VerdictFail, "no"
	return d
}

func TestReviewAllLevelsPass(t *testing.T) {
	r := newReview(t)
	r.decideAt(time.Hour, pass(1, "u:r1"))
	r.decideAt(2*time.Hour, pass(2, "u:somebody", "d:dept2"))
	r.decideAt(3*time.Hour, pass(workflows.StepAdmin, "u:owner"))
	res := r.run(chain2())
	if res.State != workflows.ChainPassed || res.Step != workflows.StepAdmin {
		t.Fatalf("result %+v", res)
	}
	if got := fmt.Sprint(r.steps()); got != "[1 2 4]" {
		t.Fatalf("steps entered %s", got)
	}
	if len(r.decisions) != 3 || r.decisions[0].Final || r.decisions[1].Final || !r.decisions[2].Final {
		t.Fatalf("decisions %+v", r.decisions)
	}
	for i, d := range r.decisions {
		if want := start.Add(time.Duration(i+1) * time.Hour); !d.At.Equal(want) || d.AnswerID != "a1" || d.Note != fmt.Sprintf("ok %d", d.Step) {
			t.Fatalf("decision %d %+v", i, d)
		}
	}
	// each step's queue: the step's keys, entered when the previous one was decided
	if e := r.entered[1]; fmt.Sprint(e.Keys) != "[d:dept2]" || !e.At.Equal(start.Add(time.Hour)) || e.Chain.Revision != 3 {
		t.Fatalf("level 2 entry %+v", e)
	}
	if fmt.Sprint(r.updates) != "[accepted accepted accepted]" {
		t.Fatalf("updates %q", r.updates)
	}
}

func TestReviewWithoutAdminStepEndsAtTheLastLevel(t *testing.T) {
	r := newReview(t)
	in := chain2()
	in.AdminStep, in.Levels = false, in.Levels[:1]
	r.decideAt(time.Minute, workflows.Decision{UserID: "x", Keys: []string{"u:r1"}, Value: workflows.VerdictPass}) // step 0: the current one
	if res := r.run(in); res.State != workflows.ChainPassed || res.Step != 1 || len(r.decisions) != 1 || !r.decisions[0].Final {
		t.Fatalf("result %+v decisions %+v", res, r.decisions)
	}
}

func TestReviewFailEndsTheChainAtEachStep(t *testing.T) {
	for _, at := range []int{1, 2, workflows.StepAdmin} {
		t.Run(workflows.StepLabel(at), func(t *testing.T) {
			r := newReview(t)
			keys := map[int]string{1: "u:r1", 2: "d:dept2", workflows.StepAdmin: "u:owner"}
			for i, s := range []int{1, 2, workflows.StepAdmin} {
				d := pass(s, keys[s])
				if s == at {
					d = failAt(s, keys[s])
				}
				r.decideAt(time.Duration(i+1)*time.Hour, d)
				if s == at {
					break
				}
			}
			res := r.run(chain2())
			if res.State != workflows.ChainFailed || res.Step != at {
				t.Fatalf("result %+v", res)
			}
			last := r.decisions[len(r.decisions)-1]
			if last.Step != at || last.Value != workflows.VerdictFail || r.steps()[len(r.steps())-1] != at {
				t.Fatalf("decisions %+v steps %v", r.decisions, r.steps())
			}
		})
	}
}

// Refused decisions change nothing: the wrong person, a bad value, a note of 501
// characters, a step already decided, a step not reached yet.
func TestReviewValidatorRefusals(t *testing.T) {
	r := newReview(t)
	r.decideAt(time.Minute, pass(1, "u:intruder"))
	r.decideAt(2*time.Minute, workflows.Decision{Step: 1, Keys: []string{"u:r1"}, Value: 7})
	r.decideAt(3*time.Minute, workflows.Decision{Step: 1, Keys: []string{"u:r1"}, Value: 1, Note: strings.Repeat("注", 501)})
	r.decideAt(4*time.Minute, pass(2, "d:dept2"))
	r.decideAt(5*time.Minute, pass(1, "u:r1")) // accepted
	r.decideAt(6*time.Minute, pass(1, "u:r1")) // the same step again
	r.decideAt(7*time.Minute, failAt(2, "d:dept2"))
	res := r.run(chain2())
	want := []string{"rejected: " + workflows.MsgNotAssigned, "rejected: " + workflows.MsgBadValue, "rejected: " + workflows.MsgNoteTooLong,
		"rejected: " + workflows.MsgNotCurrent, "accepted", "rejected: " + workflows.MsgStepDecided, "accepted"}
	if fmt.Sprint(r.updates) != fmt.Sprint(want) {
		t.Fatalf("updates\n got %q\nwant %q", r.updates, want)
	}
	if res.State != workflows.ChainFailed || len(r.decisions) != 2 {
		t.Fatalf("result %+v decisions %+v", res, r.decisions)
	}
}

// An undecided level is escalated to the administrator at its deadline; reminders come
// every RemindMinutes meanwhile (survive: they are timers of the workflow).
func TestReviewEscalationAndReminders(t *testing.T) {
	r := newReview(t)
	in := chain2()
	in.AdminStep, in.RemindMinutes, in.EscalateMinutes = false, 20, 60
	r.decideAt(61*time.Minute, pass(1, "u:r1"))    // too late: level 1 is gone
	r.decideAt(90*time.Minute, pass(0, "u:owner")) // the administrator decides
	res := r.run(in)
	if res.State != workflows.ChainPassed || res.Step != workflows.StepAdmin {
		t.Fatalf("result %+v", res)
	}
	if got := fmt.Sprint(r.steps()); got != "[1 4]" {
		t.Fatalf("steps %s", got)
	}
	adm := r.entered[1]
	if adm.EscalatedFrom != 1 || !adm.At.Equal(start.Add(time.Hour)) || fmt.Sprint(adm.Keys) != "[u:owner]" || adm.DueAt != nil {
		t.Fatalf("escalated entry %+v", adm)
	}
	if e := r.entered[0]; e.DueAt == nil || !e.DueAt.Equal(start.Add(time.Hour)) {
		t.Fatalf("level 1 due %v", e.DueAt)
	}
	// level 1: reminders at 20 and 40 minutes (60 is the escalation); the admin step:
	// at 80 (20 after entering at 60); the decision came at 90
	if len(r.reminders) != 3 || !r.reminders[0].At.Equal(start.Add(20*time.Minute)) || r.reminders[1].N != 2 ||
		r.reminders[2].Step != workflows.StepAdmin || !r.reminders[2].At.Equal(start.Add(80*time.Minute)) {
		t.Fatalf("reminders %+v", r.reminders)
	}
	if r.updates[0] != "rejected: "+workflows.MsgEscalated || r.updates[1] != "accepted" {
		t.Fatalf("updates %q", r.updates)
	}
	if len(r.decisions) != 1 || !r.decisions[0].Final {
		t.Fatalf("decisions %+v", r.decisions)
	}
}

func TestReviewDeletionEndsTheChain(t *testing.T) {
	r := newReview(t)
	in := chain2()
	in.EscalateMinutes = 600
	r.decideAt(time.Hour, pass(1, "u:r1"))
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.SignalAnswerDeleted, nil) }, 2*time.Hour)
	r.decideAt(3*time.Hour, pass(2, "d:dept2"))
	res := r.run(in)
	if res.State != workflows.ChainEnded || res.Step != 2 || r.ended != 1 {
		t.Fatalf("result %+v ended %d", res, r.ended)
	}
	if len(r.decisions) != 1 {
		t.Fatalf("decisions %+v", r.decisions)
	}
	// the run ended before the third update: the test environment drops it
	if len(r.updates) > 2 && r.updates[2] == "accepted" {
		t.Fatalf("a decision was accepted after the deletion: %q", r.updates)
	}
}

func TestReviewOfAnAnswerDeletedBeforeItsStart(t *testing.T) {
	r := newReview(t)
	r.answerGone = true
	if res := r.run(chain2()); res.State != workflows.ChainEnded || len(r.decisions) != 0 {
		t.Fatalf("result %+v", res)
	}
}

// A decision that finds the answer deleted fails with a clear message and moves nothing;
// the deletion signal then ends the chain.
func TestReviewDecisionOnADeletedAnswer(t *testing.T) {
	r := newReview(t)
	r.recordGone = true
	r.decideAt(time.Minute, pass(1, "u:r1"))
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.SignalAnswerDeleted, nil) }, 2*time.Minute)
	res := r.run(chain2())
	if res.State != workflows.ChainEnded || res.Step != 1 || r.ended != 1 {
		t.Fatalf("result %+v", res)
	}
	if len(r.updates) != 1 || !strings.Contains(r.updates[0], workflows.MsgAnswerGone) {
		t.Fatalf("updates %q", r.updates)
	}
}

func TestReviewStateQueryAndMemo(t *testing.T) {
	r := newReview(t)
	r.decideAt(time.Hour, pass(1, "u:r1"))
	r.env.RegisterDelayedCallback(func() {
		v, err := r.env.QueryWorkflow(workflows.QueryReviewState)
		if err != nil {
			t.Error(err)
			return
		}
		var st workflows.ReviewState
		if err := v.Get(&st); err != nil || st.Step != 2 || st.State != workflows.ChainWaiting {
			t.Errorf("state %+v %v", st, err)
		}
	}, 90*time.Minute)
	r.decideAt(2*time.Hour, failAt(2, "d:dept2"))
	r.run(chain2())
}

// gradingRun drives GradingWorkflow.
type gradingRun struct {
	t       *testing.T
	env     *testsuite.TestWorkflowEnvironment
	waiting bool
	graded  []activities.RecordGradeInput
	updates []string
}

func newGrading(t *testing.T) *gradingRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.GradingWorkflow)
	env.RegisterActivity(acts)
	g := &gradingRun{t: t, env: env, waiting: true}
	env.OnActivity(acts.CheckGrading, mock.Anything, mock.Anything).Return(func(context.Context, string) (bool, error) { return g.waiting, nil })
	env.OnActivity(acts.RecordGrade, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.RecordGradeInput) error {
		g.graded = append(g.graded, in)
		return nil
	})
	return g
}

func gradingInput() workflows.GradingInput {
	return workflows.GradingInput{AnswerID: "a1", SurveyID: "s1", Graders: []string{"u:owner", "r:graders"},
		Items: []activities.GradeItem{{QuDwID: "q3", Max: 10}, {QuDwID: "q4", Max: 2.5}}}
}

func (g *gradingRun) gradeAt(d time.Duration, in workflows.Grade) {
	g.env.RegisterDelayedCallback(func() {
		i := len(g.updates)
		g.updates = append(g.updates, "")
		g.env.UpdateWorkflow(workflows.UpdateGrade, fmt.Sprintf("g%d", i), &testsuite.TestUpdateCallback{
			OnAccept:   func() { g.updates[i] = "accepted" },
			OnReject:   func(err error) { g.updates[i] = "rejected: " + err.Error() },
			OnComplete: func(any, error) {},
		}, in)
	}, d)
}

func (g *gradingRun) run() workflows.GradingResult {
	g.t.Helper()
	g.env.ExecuteWorkflow(workflows.GradingWorkflow, gradingInput())
	if !g.env.IsWorkflowCompleted() || g.env.GetWorkflowError() != nil {
		g.t.Fatalf("workflow: completed=%v err=%v", g.env.IsWorkflowCompleted(), g.env.GetWorkflowError())
	}
	var res workflows.GradingResult
	if err := g.env.GetWorkflowResult(&res); err != nil {
		g.t.Fatal(err)
	}
	return res
}

func scores(a, b float64) []activities.ItemScore {
	return []activities.ItemScore{{QuDwID: "q3", Score: a}, {QuDwID: "q4", Score: b}}
}

func TestGradingByAGrader(t *testing.T) {
	g := newGrading(t)
	g.gradeAt(time.Minute, workflows.Grade{UserID: "u7", Keys: []string{"u:u7"}, Scores: scores(5, 1)})                   // not a grader
	g.gradeAt(2*time.Minute, workflows.Grade{UserID: "u8", Keys: []string{"u:u8", "r:graders"}, Scores: scores(10.5, 1)}) // above the maximum
	g.gradeAt(3*time.Minute, workflows.Grade{UserID: "u8", Keys: []string{"r:graders"}, Scores: scores(7.25, 1)})         // not a 0.5 step
	g.gradeAt(4*time.Minute, workflows.Grade{UserID: "u8", Keys: []string{"r:graders"}, Scores: scores(7.5, 1)[:1]})      // an item missing
	g.gradeAt(5*time.Minute, workflows.Grade{UserID: "u8", Keys: []string{"r:graders"}, Scores: scores(7.5, 2.5)})
	res := g.run()
	if res.State != workflows.GradingGraded || len(g.graded) != 1 {
		t.Fatalf("result %+v graded %+v", res, g.graded)
	}
	if gr := g.graded[0]; gr.UserID != "u8" || gr.Scores[0].Score != 7.5 || gr.Scores[1].Score != 2.5 || len(gr.Items) != 2 || !gr.At.Equal(start.Add(5*time.Minute)) {
		t.Fatalf("recorded %+v", gr)
	}
	for i, w := range []string{workflows.MsgNotGrader, "between 0 and 10 in steps of 0.5", "between 0 and 10 in steps of 0.5", workflows.MsgScoreItems} {
		if !strings.HasPrefix(g.updates[i], "rejected") || !strings.Contains(g.updates[i], w) {
			t.Fatalf("update %d: %q, want %q", i, g.updates[i], w)
		}
	}
	if g.updates[4] != "accepted" {
		t.Fatalf("updates %q", g.updates)
	}
}

func TestGradingByStaffAndDeletion(t *testing.T) {
	g := newGrading(t)
	g.gradeAt(time.Minute, workflows.Grade{UserID: "c1", Keys: []string{"u:c1"}, Staff: true, Scores: scores(0, 0)})
	if res := g.run(); res.State != workflows.GradingGraded || len(g.graded) != 1 {
		t.Fatalf("staff grading: %+v", res)
	}
	g = newGrading(t)
	g.env.RegisterDelayedCallback(func() { g.env.SignalWorkflow(workflows.SignalAnswerDeleted, nil) }, time.Hour)
	if res := g.run(); res.State != workflows.GradingEnded || len(g.graded) != 0 {
		t.Fatalf("deleted: %+v", res)
	}
	g = newGrading(t)
	g.waiting = false // deleted (or graded) before the run started
	if res := g.run(); res.State != workflows.GradingEnded {
		t.Fatalf("nothing to grade: %+v", res)
	}
}
