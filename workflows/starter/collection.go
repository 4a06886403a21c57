package starter

import (
	"context"
	"errors"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"dwsurvey/models"
	"dwsurvey/services/collect"
	"dwsurvey/workflows"
)

// Collection implements collect.Scheduler with a Temporal client.
type Collection struct {
	Client    client.Client
	TaskQueue string
	// WorkflowTaskTimeout of new runs (server default when 0).
	WorkflowTaskTimeout time.Duration
}

var _ collect.Scheduler = (*Collection)(nil)

func input(s collect.Schedule) workflows.CollectionInput {
	return workflows.CollectionInput{SurveyID: s.SurveyID, StartAt: s.StartAt, EndAt: s.EndAt, EndNum: s.EndNum, CloseOnQuotasFull: s.CloseOnQuotasFull}
}

// Start starts collection:<surveyId>; a running run (a re-publish) is terminated and
// replaced by the new schedule, a closed one is followed by a new run.
func (c *Collection) Start(ctx context.Context, s collect.Schedule) (string, error) {
	run, err := c.Client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: workflows.CollectionWorkflowID(s.SurveyID), TaskQueue: c.TaskQueue, WorkflowTaskTimeout: c.WorkflowTaskTimeout,
		WorkflowIDReusePolicy:    enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_TERMINATE_EXISTING,
	}, workflows.CollectionWorkflow, input(s))
	if err != nil {
		return "", err
	}
	return run.GetRunID(), nil
}

func notRunning(err error) bool {
	var nf *serviceerror.NotFound
	return errors.As(err, &nf) || (err != nil && strings.Contains(err.Error(), "workflow execution already completed"))
}

// Signal signals the running workflow.
func (c *Collection) Signal(ctx context.Context, surveyID, name string) error {
	err := c.Client.SignalWorkflow(ctx, workflows.CollectionWorkflowID(surveyID), "", name, nil)
	if notRunning(err) {
		return collect.ErrNoWorkflow
	}
	return err
}

// Reschedule runs the reschedule update and waits for its result.
func (c *Collection) Reschedule(ctx context.Context, s collect.Schedule) error {
	h, err := c.Client.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: workflows.CollectionWorkflowID(s.SurveyID), UpdateName: workflows.UpdateReschedule,
		WaitForStage: client.WorkflowUpdateStageCompleted,
		Args:         []any{workflows.Reschedule{StartAt: s.StartAt, EndAt: s.EndAt, EndNum: s.EndNum}},
	})
	if notRunning(err) {
		return collect.ErrNoWorkflow
	}
	if err != nil {
		return err
	}
	var st workflows.CollectionStatus
	if err := h.Get(ctx, &st); err != nil {
		if notRunning(err) {
			return collect.ErrNoWorkflow
		}
		var app interface{ Message() string }
		if errors.As(err, &app) {
			if strings.Contains(app.Message(), "already ended") {
				return collect.ErrNoWorkflow
			}
			return models.Invalid("%s", app.Message())
		}
		return err
	}
	return nil
}

// Describe describes the latest run of the survey's workflow.
func (c *Collection) Describe(ctx context.Context, surveyID string) (*collect.WorkflowInfo, error) {
	d, err := c.Client.DescribeWorkflowExecution(ctx, workflows.CollectionWorkflowID(surveyID), "")
	if notRunning(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	info := d.GetWorkflowExecutionInfo()
	return &collect.WorkflowInfo{WorkflowID: info.GetExecution().GetWorkflowId(), RunID: info.GetExecution().GetRunId(),
		Status: statusName(info.GetStatus())}, nil
}
