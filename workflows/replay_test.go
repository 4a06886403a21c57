package workflows_test

import (
	"os"
	"path/filepath"
	"testing"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"dwsurvey/workflows"
)

// TestReplayRecordedHistories replays every history recorded from a real run (see
// recordHistory) against the current workflow code: a non-deterministic change fails here.
func TestReplayRecordedHistories(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*_history.json"))
	if len(files) == 0 {
		t.Fatal("no recorded history in workflows/testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			h, err := client.HistoryFromJSON(fh, client.HistoryJSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(h.Events) < 5 {
				t.Fatalf("history %s has only %d events", f, len(h.Events))
			}
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflow(workflows.LogArchiveWorkflow)
			r.RegisterWorkflow(workflows.AnswerLogArchiveWorkflow)
			r.RegisterWorkflow(workflows.CollectionWorkflow)
			r.RegisterWorkflow(workflows.ExportWorkflow)
			r.RegisterWorkflow(workflows.DeliveryWorkflow)
			r.RegisterWorkflow(workflows.InvitationWorkflow)
			r.RegisterWorkflow(workflows.ReviewWorkflow)
			r.RegisterWorkflow(workflows.GradingWorkflow)
			r.RegisterWorkflow(workflows.LotteryWorkflow)
			r.RegisterWorkflow(workflows.TranslationWorkflow)
			if err := r.ReplayWorkflowHistory(nil, h); err != nil {
				t.Fatalf("replay %s: %v", f, err)
			}
		})
	}
}
