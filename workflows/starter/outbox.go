package starter

import (
	"context"
	"errors"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"dwsurvey/models"
	"dwsurvey/services/contacts"
	"dwsurvey/services/export"
	"dwsurvey/services/language"
	"dwsurvey/services/outbox"
	"dwsurvey/services/webhook"
	"dwsurvey/workflows"
)

// Features are the services some handlers call (a nil service: its kinds stay unhandled in
// this process, and their events wait for one that handles them).
type Features struct {
	// Webhooks plans deliveries from events; WebhookRetry is their retry schedule.
	Webhooks     *webhook.Service
	WebhookRetry workflows.RetryPolicy
	// InvitationsPerMinute is the send rate of distributions (config mail.per_minute; 60 when 0).
	InvitationsPerMinute int
	// InvitationHeartbeat is the heartbeat timeout of invitation batches (1 minute when 0;
	// tests that stop workers shorten it).
	InvitationHeartbeat time.Duration
	// WorkflowTaskTimeout of the started runs (server default when 0; tests that stop
	// workers shorten it, so a task handed to a stopped worker comes back sooner).
	WorkflowTaskTimeout time.Duration
	// Translation holds the chunk time-out and attempts of AI translations (defaults when zero).
	Translation workflows.TranslationInput
}

// Outbox registers on d the handler of every outbox event kind: each starts (or signals)
// the workflow of its process. Add a kind here when a feature writes a new one.
func Outbox(d *outbox.Dispatcher, c client.Client, taskQueue string, f Features) {
	s := Starter{Client: c, TaskQueue: taskQueue, WorkflowTaskTimeout: f.WorkflowTaskTimeout}
	d.Register(export.OutboxKind, exportStart(s))
	d.Register(contacts.OutboxKind, invitationStart(s, f.InvitationsPerMinute, f.InvitationHeartbeat))
	reviewHandlers(d, s)
	d.Register(contacts.RemindKind, func(ctx context.Context, ev models.OutboxEvent) error {
		var e contacts.RemindEvent
		if err := outbox.Decode(ev, &e); err != nil {
			return err
		}
		err := c.SignalWorkflow(ctx, workflows.InvitationWorkflowID(e.DistributionID), "", workflows.RemindSignal, nil)
		var gone *serviceerror.NotFound
		if errors.As(err, &gone) { // the distribution ended meanwhile: nothing to remind
			return nil
		}
		return err
	})
	registerLottery(d, s)
	d.Register(language.OutboxKind, translationStart(s, f.Translation))
	if f.Webhooks != nil {
		registerWebhooks(d, s, f.Webhooks, f.WebhookRetry)
	}
}

// registerWebhooks: a submitted answer, an answer's final review and a closed collection
// become one delivery per subscribed hook, each its own DeliveryWorkflow; a replay starts
// the delivery's next run.
func registerWebhooks(d *outbox.Dispatcher, st Starter, hooks *webhook.Service, retry workflows.RetryPolicy) {
	fanout := func(ctx context.Context, ev models.OutboxEvent) error {
		ids, err := hooks.Fanout(ctx, ev)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := st.StartOnce(ctx, workflows.DeliveryWorkflowID(id, 0), workflows.DeliveryWorkflow,
				workflows.DeliveryInput{DeliveryID: id, Retry: retry}); err != nil {
				return err
			}
		}
		return nil
	}
	d.Register(webhook.KindAnswer, fanout)
	d.Register(webhook.KindAnswerReviewed, fanout)
	d.Register(webhook.KindSurveyClosed, fanout)
	d.Register(webhook.KindReplay, func(ctx context.Context, ev models.OutboxEvent) error {
		var r webhook.Replay
		if err := outbox.Decode(ev, &r); err != nil {
			return err
		}
		return st.StartOnce(ctx, workflows.DeliveryWorkflowID(r.DeliveryID, r.Replay), workflows.DeliveryWorkflow,
			workflows.DeliveryInput{DeliveryID: r.DeliveryID, Replay: r.Replay, Retry: retry})
	})
}

// invitationStart: a distribution written with its event becomes its InvitationWorkflow.
func invitationStart(st Starter, perMinute int, heartbeat time.Duration) outbox.Handler {
	if perMinute <= 0 {
		perMinute = 60
	}
	return func(ctx context.Context, ev models.OutboxEvent) error {
		var e contacts.StartEvent
		if err := outbox.Decode(ev, &e); err != nil {
			return err
		}
		return st.StartOnce(ctx, workflows.InvitationWorkflowID(e.DistributionID), workflows.InvitationWorkflow, workflows.InvitationInput{
			DistributionID: e.DistributionID, PerMinute: perMinute, Reminders: e.Reminders,
			RemindEvery: time.Duration(e.RemindEveryHours) * time.Hour, Heartbeat: heartbeat})
	}
}

// Starter starts workflows for outbox handlers.
type Starter struct {
	Client    client.Client
	TaskQueue string
	// WorkflowTaskTimeout of new runs (server default when 0).
	WorkflowTaskTimeout time.Duration
}

// StartOnce starts workflow wf with id, unless a workflow with that id runs or has ever
// run (its history is the proof the event was acted on): a second dispatch of the same
// event changes nothing. The id must derive from the entity (`review:<answerId>`).
func (s Starter) StartOnce(ctx context.Context, id string, wf any, args ...any) error {
	_, err := s.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: id, TaskQueue: s.TaskQueue, WorkflowTaskTimeout: s.WorkflowTaskTimeout,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_FAIL,
	}, wf, args...)
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return nil
	}
	return err
}
