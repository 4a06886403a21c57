package workflows_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows/starter"
)

func outboxProbeWorkflow(ctx workflow.Context, key string) (string, error) { return key, nil }

// Events committed while no process could start their workflows (the API died after the
// commit) are started by the next dispatcher; dispatching them all again (a lease that ran
// out, two dispatchers) starts nothing twice.
func TestOutboxStartsEveryWorkflowOnce(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	queue := "outbox-" + testenv.RandomSuffix(6)
	w := worker.New(c, queue, worker.Options{})
	w.RegisterWorkflow(outboxProbeWorkflow)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()

	prefix := "probe-" + testenv.RandomSuffix(6) + ":"
	var evs []outbox.Event
	for i := 0; i < 20; i++ {
		evs = append(evs, outbox.Event{Kind: "probe", Key: fmt.Sprint(i)})
	}
	if err := outbox.Add(db, time.Now(), evs...); err != nil {
		t.Fatal(err)
	}
	st := starter.Starter{Client: c, TaskQueue: queue}
	d := &outbox.Dispatcher{DB: db}
	d.Register("probe", func(ctx context.Context, ev models.OutboxEvent) error {
		return st.StartOnce(ctx, prefix+ev.Key, outboxProbeWorkflow, ev.Key)
	})
	ctx := context.Background()
	for round := 0; round < 2; round++ {
		if n, err := d.DispatchDue(ctx); err != nil || n != 20 {
			t.Fatalf("round %d dispatched %d (%v)", round, n, err)
		}
		if p := testenv.Count(t, db, &models.OutboxEvent{}, "done = ?", false); p != 0 {
			st, _ := outbox.ReadStats(ctx, db, time.Now())
			t.Fatalf("round %d left %d pending: %s", round, p, st.LastError)
		}
		// wait until every run completed, then dispatch everything again
		for i := 0; i < 20; i++ {
			var out string
			if err := c.GetWorkflow(ctx, prefix+fmt.Sprint(i), "").Get(ctx, &out); err != nil || out != fmt.Sprint(i) {
				t.Fatalf("workflow %d: %q %v", i, out, err)
			}
		}
		db.Model(&models.OutboxEvent{}).Where("1 = 1").Updates(map[string]any{"done": false, "due_at": time.Now().Add(-time.Second)})
	}
	// one run per id, even after the second dispatch of every event
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := c.ListWorkflow(ctx, &workflowservice.ListWorkflowExecutionsRequest{
			Query: fmt.Sprintf("TaskQueue = '%s'", queue), PageSize: 100})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(resp.Executions); n == 20 || time.Now().After(deadline) {
			if n != 20 {
				t.Fatalf("%d executions for 20 events", n)
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
}
