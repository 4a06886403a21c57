// Package starter connects services to Temporal: it implements the ports services declare
// (monitor.Backend, ...) and creates the product's schedules.
package starter

import (
	"context"
	"errors"
	"fmt"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"dwsurvey/workflows"
)

// ArchiveSchedule describes the daily log archive schedule.
type ArchiveSchedule struct {
	Cron          string // cron expression in TimeZone
	TimeZone      string // IANA zone
	TaskQueue     string
	OlderThanDays int
	BatchSize     int
}

// EnsureLogArchiveSchedule creates the schedule, or updates it to the given settings
// when it exists. Safe to call from every worker at start.
func EnsureLogArchiveSchedule(ctx context.Context, c client.Client, s ArchiveSchedule) error {
	return ensureArchiveSchedule(ctx, c, s, workflows.LogArchiveScheduleID, "log-archive", workflows.LogArchiveWorkflow)
}

// EnsureAnswerLogArchiveSchedule creates (or updates) the daily archive of the answer log with
// the same settings as the system log's.
func EnsureAnswerLogArchiveSchedule(ctx context.Context, c client.Client, s ArchiveSchedule) error {
	return ensureArchiveSchedule(ctx, c, s, workflows.AnswerLogArchiveScheduleID, "answer-log-archive", workflows.AnswerLogArchiveWorkflow)
}

func ensureArchiveSchedule(ctx context.Context, c client.Client, s ArchiveSchedule, scheduleID, workflowID string, wf any) error {
	spec := client.ScheduleSpec{CronExpressions: []string{s.Cron}, TimeZoneName: s.TimeZone}
	action := &client.ScheduleWorkflowAction{
		ID:        workflowID,
		Workflow:  wf,
		Args:      []any{workflows.LogArchiveInput{OlderThanDays: s.OlderThanDays, BatchSize: s.BatchSize}},
		TaskQueue: s.TaskQueue,
	}
	return ensureSchedule(ctx, c, scheduleID, spec, action)
}

// ensureSchedule creates the schedule id, or updates its spec and action when it exists.
func ensureSchedule(ctx context.Context, c client.Client, id string, spec client.ScheduleSpec, action *client.ScheduleWorkflowAction) error {
	_, err := c.ScheduleClient().Create(ctx, client.ScheduleOptions{ID: id, Spec: spec, Action: action})
	if err == nil {
		return nil
	}
	var exists *serviceerror.AlreadyExists
	if !errors.Is(err, temporal.ErrScheduleAlreadyRunning) && !errors.As(err, &exists) {
		return fmt.Errorf("create schedule %s: %w", id, err)
	}
	h := c.ScheduleClient().GetHandle(ctx, id)
	return h.Update(ctx, client.ScheduleUpdateOptions{DoUpdate: func(in client.ScheduleUpdateInput) (*client.ScheduleUpdate, error) {
		in.Description.Schedule.Spec = &spec
		in.Description.Schedule.Action = action
		return &client.ScheduleUpdate{Schedule: &in.Description.Schedule}, nil
	}})
}
