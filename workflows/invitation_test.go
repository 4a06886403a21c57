package workflows_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"

	"dwsurvey/activities"
	"dwsurvey/workflows"
)

// invitationRun drives InvitationWorkflow in skipped time over a scripted address book:
// pending people per round, who answers when, and which sends fail or bounce.
type invitationRun struct {
	t   *testing.T
	env *testsuite.TestWorkflowEnvironment
	// pending[round] are the people still to send in that round
	pending map[int][]string
	// answeredAt: person -> time from which they count as answered
	answeredAt map[string]time.Time
	fail       map[string]string // person -> "failed" | "bounced"
	stopAt     time.Time         // from then on the survey counts as ended
	batchErr   int               // the next batches fail with an error this many times

	batches  []time.Time
	sizes    []int
	sent     map[string]int // person -> messages (all rounds)
	rounds   []int          // rounds planned, in order
	finished []activities.FinishInput
}

func newInvitation(t *testing.T, people int) *invitationRun {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartTime(start)
	acts := &activities.Activities{}
	env.RegisterWorkflow(workflows.InvitationWorkflow)
	env.RegisterActivity(acts)
	r := &invitationRun{t: t, env: env, pending: map[int][]string{}, answeredAt: map[string]time.Time{}, fail: map[string]string{},
		sent: map[string]int{}}
	for i := 0; i < people; i++ {
		r.pending[0] = append(r.pending[0], string(rune('A'+i/26))+string(rune('a'+i%26)))
	}
	all := append([]string(nil), r.pending[0]...)
	stopped := func() bool { return !r.stopAt.IsZero() && !env.Now().Before(r.stopAt) }
	env.OnActivity(acts.SendInvitationBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.BatchInput) (activities.BatchResult, error) {
			if r.batchErr > 0 {
				r.batchErr--
				return activities.BatchResult{}, errors.New("mail server unreachable")
			}
			var res activities.BatchResult
			if stopped() {
				res.Stop = "the survey ended"
				return res, nil
			}
			r.batches = append(r.batches, env.Now().UTC())
			q := r.pending[in.Round]
			n := min(in.Limit, len(q))
			for _, p := range q[:n] {
				switch {
				case r.answered(p):
					res.Skipped++
				case r.fail[p] == "bounced":
					res.Bounced++
				case r.fail[p] == "failed":
					res.Failed++
				default:
					r.sent[p]++
					res.Sent++
				}
			}
			r.sizes = append(r.sizes, n)
			r.pending[in.Round] = q[n:]
			res.Remaining = len(r.pending[in.Round])
			return res, nil
		})
	env.OnActivity(acts.PlanInvitationRound, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.RoundInput) (activities.PlanResult, error) {
			if stopped() {
				return activities.PlanResult{Stop: "the survey ended"}, nil
			}
			r.rounds = append(r.rounds, in.Round)
			if _, planned := r.pending[in.Round]; !planned { // idempotent: plan once
				for _, p := range all {
					if !r.answered(p) && r.fail[p] != "bounced" {
						r.pending[in.Round] = append(r.pending[in.Round], p)
					}
				}
			}
			return activities.PlanResult{Planned: len(r.pending[in.Round])}, nil
		})
	env.OnActivity(acts.FinishDistribution, mock.Anything, mock.Anything).Return(func(_ context.Context, in activities.FinishInput) error {
		r.finished = append(r.finished, in)
		return nil
	})
	return r
}

func (r *invitationRun) answered(p string) bool {
	at, ok := r.answeredAt[p]
	return ok && !r.env.Now().Before(at)
}

func (r *invitationRun) run(in workflows.InvitationInput) workflows.InvitationResult {
	r.t.Helper()
	in.DistributionID = "d1"
	r.env.ExecuteWorkflow(workflows.InvitationWorkflow, in)
	if !r.env.IsWorkflowCompleted() {
		r.t.Fatal("workflow did not complete")
	}
	if err := r.env.GetWorkflowError(); err != nil {
		r.t.Fatal(err)
	}
	var res workflows.InvitationResult
	if err := r.env.GetWorkflowResult(&res); err != nil {
		r.t.Fatal(err)
	}
	if len(r.finished) != 1 {
		r.t.Fatalf("finished %d times: %+v", len(r.finished), r.finished)
	}
	return res
}

// 130 invitations at 60 a minute go in three batches of 60, 60 and 10, a minute apart;
// with no reminders the distribution then finishes.
func TestInvitationBatchesAtTheRate(t *testing.T) {
	r := newInvitation(t, 130)
	res := r.run(workflows.InvitationInput{PerMinute: 60})
	if len(r.sizes) != 3 || r.sizes[0] != 60 || r.sizes[1] != 60 || r.sizes[2] != 10 {
		t.Fatalf("batches %v", r.sizes)
	}
	for i := 1; i < len(r.batches); i++ {
		if gap := r.batches[i].Sub(r.batches[i-1]); gap != time.Minute {
			t.Fatalf("batch %d came %v after the previous one", i+1, gap)
		}
	}
	if res.State != activities.DistributionFinished || res.Sent != 130 || res.Rounds != 1 || len(r.sent) != 130 {
		t.Fatalf("result %+v, %d people reached", res, len(r.sent))
	}
}

// Reminders go every RemindEvery to those who have not answered, and only to them; the
// distribution finishes early when everybody answered.
func TestInvitationRemindersReachOnlyTheUnanswered(t *testing.T) {
	r := newInvitation(t, 10)
	for i, p := range r.pending[0] {
		switch {
		case i < 6: // six answer within the first day
			r.answeredAt[p] = start.Add(time.Duration(i+1) * time.Hour)
		case i < 9: // three during the second day
			r.answeredAt[p] = start.Add(30 * time.Hour)
		default: // the last one after the second reminder
			r.answeredAt[p] = start.Add(60 * time.Hour)
		}
	}
	res := r.run(workflows.InvitationInput{PerMinute: 100, Reminders: 5, RemindEvery: 24 * time.Hour})
	if len(r.batches) != 3 || r.batches[1].Sub(start) != 24*time.Hour || r.batches[2].Sub(start) != 48*time.Hour {
		t.Fatalf("batches at %v", r.batches)
	}
	if r.sizes[0] != 10 || r.sizes[1] != 4 || r.sizes[2] != 1 {
		t.Fatalf("rounds sized %v", r.sizes)
	}
	for p, n := range r.sent {
		at := r.answeredAt[p]
		want := 1 // the invitation
		for _, b := range r.batches[1:] {
			if b.Before(at) {
				want++
			}
		}
		if n != want {
			t.Fatalf("%s answered at %v got %d messages, want %d", p, at.Sub(start), n, want)
		}
	}
	// the third reminder finds nobody left at 72 h: finished before the fourth and fifth
	if res.State != activities.DistributionFinished || res.Reason != "everybody answered" || len(r.rounds) != 3 {
		t.Fatalf("result %+v rounds %v", res, r.rounds)
	}
}

// When the survey ends, the next step stops the distribution: no reminder leaves.
func TestInvitationStopsWhenTheSurveyEnds(t *testing.T) {
	r := newInvitation(t, 5)
	r.stopAt = start.Add(36 * time.Hour)
	res := r.run(workflows.InvitationInput{PerMinute: 60, Reminders: 3, RemindEvery: 24 * time.Hour})
	if res.State != activities.DistributionStopped || res.Reason != "the survey ended" || len(r.batches) != 2 {
		t.Fatalf("result %+v batches %v", res, r.batches)
	}
	if r.finished[0].State != activities.DistributionStopped {
		t.Fatalf("finished %+v", r.finished)
	}
}

// Failed and bounced sends are counted, bounced people get no reminder, the others go on;
// a batch that fails as a whole (the mail server unreachable) is retried.
func TestInvitationPartialFailures(t *testing.T) {
	r := newInvitation(t, 6)
	r.fail[r.pending[0][1]] = "bounced"
	r.fail[r.pending[0][2]] = "failed"
	r.batchErr = 2
	res := r.run(workflows.InvitationInput{PerMinute: 60, Reminders: 1, RemindEvery: time.Hour})
	if res.Sent != 8 || res.Bounced != 1 || res.Failed != 2 || res.Rounds != 2 {
		t.Fatalf("result %+v", res)
	}
	if r.sizes[1] != 5 { // the bounced address is left out of the reminder
		t.Fatalf("reminder to %d people", r.sizes[1])
	}
}

// The author's stop signal ends the wait for the next reminder at once.
func TestInvitationStopSignal(t *testing.T) {
	r := newInvitation(t, 3)
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.StopSignal, nil) }, 2*time.Hour)
	res := r.run(workflows.InvitationInput{PerMinute: 60, Reminders: 2, RemindEvery: 24 * time.Hour})
	if res.State != activities.DistributionStopped || len(r.batches) != 1 || r.env.Now().Sub(start) > 3*time.Hour {
		t.Fatalf("result %+v after %v", res, r.env.Now().Sub(start))
	}
}

// The author's "remind now" brings the next reminder forward; the schedule goes on from there.
func TestInvitationRemindNow(t *testing.T) {
	r := newInvitation(t, 4)
	r.env.RegisterDelayedCallback(func() { r.env.SignalWorkflow(workflows.RemindSignal, nil) }, 2*time.Hour)
	res := r.run(workflows.InvitationInput{PerMinute: 60, Reminders: 2, RemindEvery: 24 * time.Hour})
	if len(r.batches) != 3 || r.batches[1].Sub(start) != 2*time.Hour || r.batches[2].Sub(start) != 26*time.Hour {
		t.Fatalf("batches at %v", r.batches)
	}
	if res.State != activities.DistributionFinished || res.Rounds != 3 {
		t.Fatalf("result %+v", res)
	}
}
