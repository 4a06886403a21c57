package workflows

import (
	"go.temporal.io/sdk/workflow"

	"dwsurvey/activities"
)

// AnswerLogArchiveScheduleID is the id of the daily Temporal Schedule that starts
// AnswerLogArchiveWorkflow (the system log's pattern: same settings, log.archive_*).
const AnswerLogArchiveScheduleID = "answer-log-archive-daily"

// AnswerLogArchiveWorkflow moves answer log rows (the answer page's events of every survey)
// older than the cutoff to the answer log archive, batch by batch, until none is left; the
// admin answer log shows the archive on request.
func AnswerLogArchiveWorkflow(ctx workflow.Context, in LogArchiveInput) (LogArchiveResult, error) {
	var a *activities.Activities
	return archiveInBatches(ctx, in, a.ArchiveAnswerLogBatch, AnswerLogArchiveWorkflow)
}
