package workflows_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/models"
	"dwsurvey/workflows"
)

type collectionRun struct {
	t      *testing.T
	env    *testsuite.TestWorkflowEnvironment
	opened []time.Time
	closed []activities.CloseCollectionInput
	closAt []time.Time
}

func newCollection(t *testing.T) *collectionRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.CollectionWorkflow)
	env.RegisterActivity(acts)
	r := &collectionRun{t: t, env: env}
	env.OnActivity(acts.OpenCollection, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.OpenCollectionInput) error {
		r.opened = append(r.opened, env.Now().UTC())
		return nil
	})
	env.OnActivity(acts.CloseCollection, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.CloseCollectionInput) error {
		r.closed = append(r.closed, in)
		r.closAt = append(r.closAt, env.Now().UTC())
		return nil
	})
	return r
}

func at(d time.Duration) *time.Time { t := start.Add(d); return &t }

func (r *collectionRun) run(in workflows.CollectionInput) workflows.CollectionResult {
	r.t.Helper()
	if in.SurveyID == "" {
		in.SurveyID = "s1"
	}
	r.env.ExecuteWorkflow(workflows.CollectionWorkflow, in)
	if !r.env.IsWorkflowCompleted() || r.env.GetWorkflowError() != nil {
		r.t.Fatalf("workflow: completed=%v err=%v", r.env.IsWorkflowCompleted(), r.env.GetWorkflowError())
	}
	var res workflows.CollectionResult
	if err := r.env.GetWorkflowResult(&res); err != nil {
		r.t.Fatal(err)
	}
	return res
}

// expect checks: opened at openAt (nil = never opened), closed once at closeAt with reason.
func (r *collectionRun) expect(res workflows.CollectionResult, openAt *time.Time, closeAt time.Time, reason string) {
	r.t.Helper()
	if openAt == nil && len(r.opened) != 0 || openAt != nil && (len(r.opened) != 1 || !r.opened[0].Equal(*openAt)) {
		r.t.Fatalf("opened at %v, want %v", r.opened, openAt)
	}
	if len(r.closed) != 1 || r.closed[0].Reason != reason || r.closed[0].SurveyID != "s1" || !r.closAt[0].Equal(closeAt) {
		r.t.Fatalf("closed %+v at %v, want once at %v for %s", r.closed, r.closAt, closeAt, reason)
	}
	if res.Reason != reason || res.Opened != (openAt != nil) || !res.ClosedAt.Equal(closeAt) {
		r.t.Fatalf("result %+v", res)
	}
}

func (r *collectionRun) signalAt(d time.Duration, name string) {
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(name, nil) }, d)
}

// updateAt runs the reschedule update at d; the refusal message (or "") lands in *refused.
func (r *collectionRun) updateAt(d time.Duration, u workflows.Reschedule, refused *string, accepted *bool) {
	r.env.RegisterDelayedCallback(func() {
		r.env.UpdateWorkflow(workflows.UpdateReschedule, "u"+d.String(), &testsuite.TestUpdateCallback{
			OnAccept:   func() { *accepted = true },
			OnReject:   func(err error) { *refused = err.Error() },
			OnComplete: func(any, error) {},
		}, u)
	}, d)
}

func TestCollectionStartsLaterThenOpensAndEndsAtEndTime(t *testing.T) {
	r := newCollection(t)
	res := r.run(workflows.CollectionInput{StartAt: at(time.Hour), EndAt: at(3*time.Hour + 7*time.Second)})
	r.expect(res, at(time.Hour), *at(3*time.Hour + 7*time.Second), workflows.ReasonEndTime)
}

func TestCollectionOpensAtOnceWithoutStartOrPastStart(t *testing.T) {
	r := newCollection(t)
	res := r.run(workflows.CollectionInput{StartAt: at(-time.Hour), EndAt: at(time.Minute)})
	r.expect(res, at(0), *at(time.Minute), workflows.ReasonEndTime)
}

func TestCollectionEndsAfterNAnswers(t *testing.T) {
	r := newCollection(t)
	r.signalAt(30*time.Minute, workflows.SignalAnswerCapReached)
	res := r.run(workflows.CollectionInput{EndNum: 3, EndAt: at(24 * time.Hour)})
	r.expect(res, at(0), *at(30 * time.Minute), workflows.ReasonAnswerCap)
}

func TestCollectionClosesWhenQuotasFull(t *testing.T) {
	r := newCollection(t)
	r.signalAt(10*time.Minute, workflows.SignalQuotasFull)
	res := r.run(workflows.CollectionInput{CloseOnQuotasFull: true})
	r.expect(res, at(0), *at(10 * time.Minute), workflows.ReasonQuotasFull)
}

func TestCollectionEndNow(t *testing.T) {
	r := newCollection(t)
	r.signalAt(2*time.Hour, workflows.SignalEndNow)
	res := r.run(workflows.CollectionInput{StartAt: at(time.Hour)})
	r.expect(res, at(time.Hour), *at(2 * time.Hour), workflows.ReasonEndNow)
}

func TestCollectionEndNowBeforeStartNeverOpens(t *testing.T) {
	r := newCollection(t)
	r.signalAt(time.Hour, workflows.SignalEndNow)
	res := r.run(workflows.CollectionInput{StartAt: at(5 * time.Hour), EndAt: at(6 * time.Hour)})
	r.expect(res, nil, *at(time.Hour), workflows.ReasonEndNow)
}

func TestCollectionReturnToEdit(t *testing.T) {
	r := newCollection(t)
	r.signalAt(45*time.Minute, workflows.SignalReturnToEdit)
	res := r.run(workflows.CollectionInput{EndAt: at(48 * time.Hour)})
	r.expect(res, at(0), *at(45 * time.Minute), workflows.ReasonReturnToEdit)
}

func TestCollectionRepeatedSignalsCloseOnce(t *testing.T) {
	r := newCollection(t)
	r.env.RegisterDelayedCallback(func() {
		r.env.SignalWorkflow(workflows.SignalEndNow, nil)
		r.env.SignalWorkflow(workflows.SignalEndNow, nil)
		r.env.SignalWorkflow(workflows.SignalAnswerCapReached, nil)
	}, time.Minute)
	res := r.run(workflows.CollectionInput{})
	r.expect(res, at(0), *at(time.Minute), workflows.ReasonEndNow)
}

func TestCollectionEndMovedEarlier(t *testing.T) {
	r := newCollection(t)
	var refused string
	var accepted bool
	r.updateAt(time.Hour, workflows.Reschedule{EndAt: at(2 * time.Hour)}, &refused, &accepted)
	res := r.run(workflows.CollectionInput{EndAt: at(10 * time.Hour)})
	if !accepted || refused != "" {
		t.Fatalf("update accepted=%v refused=%q", accepted, refused)
	}
	r.expect(res, at(0), *at(2 * time.Hour), workflows.ReasonEndTime)
}

func TestCollectionEndMovedLater(t *testing.T) {
	r := newCollection(t)
	var refused string
	var accepted bool
	r.updateAt(time.Hour, workflows.Reschedule{EndAt: at(5 * time.Hour)}, &refused, &accepted)
	res := r.run(workflows.CollectionInput{EndAt: at(2 * time.Hour)})
	if !accepted || refused != "" {
		t.Fatalf("update accepted=%v refused=%q", accepted, refused)
	}
	r.expect(res, at(0), *at(5 * time.Hour), workflows.ReasonEndTime)
}

func TestCollectionStartMovedEarlierAndLater(t *testing.T) {
	for _, tc := range []struct {
		name    string
		newOpen time.Duration
	}{{"earlier", time.Hour}, {"later", 4 * time.Hour}} {
		t.Run(tc.name, func(t *testing.T) {
			r := newCollection(t)
			var refused string
			var accepted bool
			r.updateAt(30*time.Minute, workflows.Reschedule{StartAt: at(tc.newOpen), EndAt: at(6 * time.Hour)}, &refused, &accepted)
			res := r.run(workflows.CollectionInput{StartAt: at(2 * time.Hour), EndAt: at(6 * time.Hour)})
			if !accepted || refused != "" {
				t.Fatalf("update accepted=%v refused=%q", accepted, refused)
			}
			r.expect(res, at(tc.newOpen), *at(6 * time.Hour), workflows.ReasonEndTime)
		})
	}
}

func TestCollectionRescheduleRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		u    workflows.Reschedule
		msg  string
	}{
		{"end in the past", workflows.Reschedule{EndAt: at(30 * time.Minute)}, workflows.MsgEndInPast},
		{"end now", workflows.Reschedule{EndAt: at(time.Hour)}, workflows.MsgEndInPast},
		{"start after end", workflows.Reschedule{StartAt: at(5 * time.Hour), EndAt: at(4 * time.Hour)}, workflows.MsgStartAfterEnd},
		{"start equals end", workflows.Reschedule{StartAt: at(4 * time.Hour), EndAt: at(4 * time.Hour)}, workflows.MsgStartAfterEnd},
		{"negative count", workflows.Reschedule{EndAt: at(4 * time.Hour), EndNum: -1}, workflows.MsgNegativeEndNum},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newCollection(t)
			var refused string
			var accepted bool
			r.updateAt(time.Hour, tc.u, &refused, &accepted)
			var st workflows.CollectionStatus
			r.env.RegisterDelayedCallback(func() {
				v, err := r.env.QueryWorkflow(workflows.QueryCollectionStatus)
				if err != nil {
					t.Error(err)
					return
				}
				_ = v.Get(&st)
			}, 90*time.Minute)
			res := r.run(workflows.CollectionInput{EndAt: at(3 * time.Hour), EndNum: 5})
			if accepted || !strings.Contains(refused, tc.msg) {
				t.Fatalf("accepted=%v refused=%q, want %q", accepted, refused, tc.msg)
			}
			if st.EndAt == nil || !st.EndAt.Equal(*at(3 * time.Hour)) || st.EndNum != 5 || st.Phase != "collecting" {
				t.Fatalf("a refused update changed the schedule: %+v", st)
			}
			r.expect(res, at(0), *at(3 * time.Hour), workflows.ReasonEndTime)
		})
	}
}

// The workflow's close reasons are stored by the service; they must equal models.CloseReason*.
func TestCloseReasonsMatchModels(t *testing.T) {
	for got, want := range map[string]string{
		workflows.ReasonEndTime: models.CloseReasonEndTime, workflows.ReasonAnswerCap: models.CloseReasonAnswerCap,
		workflows.ReasonQuotasFull: models.CloseReasonQuotasFull, workflows.ReasonEndNow: models.CloseReasonEndNow,
		workflows.ReasonReturnToEdit: models.CloseReasonReturnToEdit,
	} {
		if got != want {
			t.Errorf("workflow reason %q, model reason %q", got, want)
		}
	}
}
