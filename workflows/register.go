package workflows

import (
	"go.temporal.io/sdk/worker"

	"dwsurvey/activities"
)

// Register adds every workflow and activity of the product to w.
func Register(w worker.Registry, acts *activities.Activities) {
	w.RegisterWorkflow(LogArchiveWorkflow)
	w.RegisterWorkflow(CollectionWorkflow)
	w.RegisterActivity(acts)
}
