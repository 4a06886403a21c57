package workflows

import (
	"go.temporal.io/sdk/worker"

	"dwsurvey/activities"
)

// Register adds every workflow and activity of the product to w.
func Register(w worker.Registry, acts *activities.Activities) {
	w.RegisterWorkflow(LogArchiveWorkflow)
	w.RegisterWorkflow(AnswerLogArchiveWorkflow)
	w.RegisterWorkflow(CollectionWorkflow)
	w.RegisterWorkflow(ExportWorkflow)
	w.RegisterWorkflow(ExportExpiryWorkflow)
	w.RegisterWorkflow(DeliveryWorkflow)
	w.RegisterWorkflow(InvitationWorkflow)
	w.RegisterWorkflow(ReviewWorkflow)
	w.RegisterWorkflow(GradingWorkflow)
	w.RegisterWorkflow(LotteryWorkflow)
	w.RegisterWorkflow(TranslationWorkflow)
	w.RegisterActivity(acts)
}
