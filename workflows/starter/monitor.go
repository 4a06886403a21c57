package starter

import (
	"context"
	"fmt"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"dwsurvey/models"
	"dwsurvey/services/monitor"
	"dwsurvey/workflows"
)

// Monitor implements monitor.Backend with a Temporal client.
type Monitor struct {
	Client    client.Client
	Namespace string
}

var _ monitor.Backend = (*Monitor)(nil)

func statusName(s enumspb.WorkflowExecutionStatus) string {
	switch s {
	case enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING:
		return "Running"
	case enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED:
		return "Completed"
	case enumspb.WORKFLOW_EXECUTION_STATUS_FAILED:
		return "Failed"
	case enumspb.WORKFLOW_EXECUTION_STATUS_CANCELED:
		return "Canceled"
	case enumspb.WORKFLOW_EXECUTION_STATUS_TERMINATED:
		return "Terminated"
	case enumspb.WORKFLOW_EXECUTION_STATUS_CONTINUED_AS_NEW:
		return "ContinuedAsNew"
	case enumspb.WORKFLOW_EXECUTION_STATUS_TIMED_OUT:
		return "TimedOut"
	}
	return "Unknown"
}

func fmtTS(t time.Time) string {
	if t.IsZero() || t.Unix() <= 0 {
		return ""
	}
	return models.FormatTime(t)
}

func execution(info *workflowpb.WorkflowExecutionInfo) monitor.Execution {
	ex := monitor.Execution{WorkflowID: info.GetExecution().GetWorkflowId(), RunID: info.GetExecution().GetRunId(),
		WorkflowType: info.GetType().GetName(), Status: statusName(info.GetStatus()), TaskQueue: info.GetTaskQueue()}
	if info.GetStartTime() != nil {
		ex.StartTime = fmtTS(info.GetStartTime().AsTime())
	}
	if info.GetCloseTime() != nil {
		ex.CloseTime = fmtTS(info.GetCloseTime().AsTime())
	}
	if p := info.GetMemo().GetFields()[workflows.MemoStep]; p != nil {
		var step string
		if converter.GetDefaultDataConverter().FromPayload(p, &step) == nil {
			ex.Step = step
		}
	}
	return ex
}

func (m *Monitor) List(ctx context.Context, query string, pageSize int, token []byte) ([]monitor.Execution, []byte, error) {
	resp, err := m.Client.ListWorkflow(ctx, &workflowservice.ListWorkflowExecutionsRequest{
		Namespace: m.Namespace, PageSize: int32(pageSize), NextPageToken: token, Query: query})
	if err != nil {
		return nil, nil, err
	}
	out := make([]monitor.Execution, 0, len(resp.Executions))
	for _, e := range resp.Executions {
		out = append(out, execution(e))
	}
	return out, resp.NextPageToken, nil
}

func (m *Monitor) Describe(ctx context.Context, workflowID, runID string) (*monitor.Execution, error) {
	d, err := m.Client.DescribeWorkflowExecution(ctx, workflowID, runID)
	if err != nil {
		return nil, err
	}
	ex := execution(d.GetWorkflowExecutionInfo())
	return &ex, nil
}

func (m *Monitor) History(ctx context.Context, workflowID, runID string) ([]monitor.Event, error) {
	it := m.Client.GetWorkflowHistory(ctx, workflowID, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var out []monitor.Event
	for it.HasNext() && len(out) < 5000 {
		ev, err := it.Next()
		if err != nil {
			return nil, err
		}
		out = append(out, monitor.Event{EventID: ev.GetEventId(), EventType: eventTypeName(ev.GetEventType()),
			EventTime: fmtTS(ev.GetEventTime().AsTime()), Summary: summarize(ev)})
	}
	return out, nil
}

// eventTypeName turns EVENT_TYPE_ACTIVITY_TASK_SCHEDULED into ActivityTaskScheduled.
func eventTypeName(t enumspb.EventType) string {
	s := t.String()
	if strings.HasPrefix(s, "EVENT_TYPE_") || strings.Contains(s, "_") {
		s = strings.TrimPrefix(s, "EVENT_TYPE_")
		parts := strings.Split(strings.ToLower(s), "_")
		for i, p := range parts {
			if p != "" {
				parts[i] = strings.ToUpper(p[:1]) + p[1:]
			}
		}
		return strings.Join(parts, "")
	}
	return s
}

// summarize picks the facts a person wants from an event.
func summarize(ev *historypb.HistoryEvent) string {
	switch {
	case ev.GetWorkflowExecutionStartedEventAttributes() != nil:
		a := ev.GetWorkflowExecutionStartedEventAttributes()
		return fmt.Sprintf("workflow %s started on task queue %s", a.GetWorkflowType().GetName(), a.GetTaskQueue().GetName())
	case ev.GetActivityTaskScheduledEventAttributes() != nil:
		return "activity " + ev.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName() + " scheduled"
	case ev.GetActivityTaskStartedEventAttributes() != nil:
		return fmt.Sprintf("activity started (attempt %d)", ev.GetActivityTaskStartedEventAttributes().GetAttempt())
	case ev.GetActivityTaskCompletedEventAttributes() != nil:
		return "activity completed"
	case ev.GetActivityTaskFailedEventAttributes() != nil:
		return "activity failed: " + ev.GetActivityTaskFailedEventAttributes().GetFailure().GetMessage()
	case ev.GetTimerStartedEventAttributes() != nil:
		return "timer started for " + ev.GetTimerStartedEventAttributes().GetStartToFireTimeout().AsDuration().String()
	case ev.GetTimerFiredEventAttributes() != nil:
		return "timer fired"
	case ev.GetWorkflowExecutionSignaledEventAttributes() != nil:
		return "signal " + ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName()
	case ev.GetWorkflowExecutionUpdateAcceptedEventAttributes() != nil:
		return "update " + ev.GetWorkflowExecutionUpdateAcceptedEventAttributes().GetAcceptedRequest().GetInput().GetName() + " accepted"
	case ev.GetWorkflowExecutionUpdateCompletedEventAttributes() != nil:
		if f := ev.GetWorkflowExecutionUpdateCompletedEventAttributes().GetOutcome().GetFailure(); f != nil {
			return "update failed: " + f.GetMessage()
		}
		return "update completed"
	case ev.GetWorkflowPropertiesModifiedEventAttributes() != nil:
		if p := ev.GetWorkflowPropertiesModifiedEventAttributes().GetUpsertedMemo().GetFields()[workflows.MemoStep]; p != nil {
			var step string
			if converter.GetDefaultDataConverter().FromPayload(p, &step) == nil {
				return "step: " + step
			}
		}
		return "properties modified"
	case ev.GetMarkerRecordedEventAttributes() != nil:
		return "recorded " + ev.GetMarkerRecordedEventAttributes().GetMarkerName()
	case ev.GetWorkflowExecutionFailedEventAttributes() != nil:
		return "workflow failed: " + ev.GetWorkflowExecutionFailedEventAttributes().GetFailure().GetMessage()
	case ev.GetWorkflowExecutionTerminatedEventAttributes() != nil:
		return "terminated: " + ev.GetWorkflowExecutionTerminatedEventAttributes().GetReason()
	case ev.GetWorkflowExecutionCancelRequestedEventAttributes() != nil:
		return "cancellation requested"
	case ev.GetWorkflowExecutionCompletedEventAttributes() != nil:
		return "workflow completed"
	case ev.GetWorkflowExecutionContinuedAsNewEventAttributes() != nil:
		return "continued as new run " + ev.GetWorkflowExecutionContinuedAsNewEventAttributes().GetNewExecutionRunId()
	}
	return ""
}

func (m *Monitor) Cancel(ctx context.Context, workflowID, runID string) error {
	return m.Client.CancelWorkflow(ctx, workflowID, runID)
}

func (m *Monitor) Terminate(ctx context.Context, workflowID, runID, reason string) error {
	return m.Client.TerminateWorkflow(ctx, workflowID, runID, reason)
}
