// Package monitor lets administrators list, inspect, cancel and terminate the Temporal
// workflow executions of this product. The Temporal calls live behind Backend, which
// workflows/starter implements, so services never import the workflow code.
package monitor

import (
	"context"
	"fmt"
	"strings"

	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/outbox"
)

// Execution is one workflow run.
type Execution struct {
	WorkflowID   string `json:"workflowId"`
	RunID        string `json:"runId"`
	WorkflowType string `json:"workflowType"`
	Status       string `json:"status"`
	StartTime    string `json:"startTime"`
	CloseTime    string `json:"closeTime"`
	TaskQueue    string `json:"taskQueue"`
	// Step is where a review or grading workflow stands ("level 2", "administrator",
	// "grading", "passed", ...; the workflow's memo), empty for other workflows.
	Step string `json:"step,omitempty"`
}

// Event is one history event, summarised for people.
type Event struct {
	EventID   int64  `json:"eventId"`
	EventType string `json:"eventType"`
	EventTime string `json:"eventTime"`
	Summary   string `json:"summary"`
}

// Backend talks to Temporal.
type Backend interface {
	List(ctx context.Context, query string, pageSize int, nextPageToken []byte) ([]Execution, []byte, error)
	Describe(ctx context.Context, workflowID, runID string) (*Execution, error)
	History(ctx context.Context, workflowID, runID string) ([]Event, error)
	Cancel(ctx context.Context, workflowID, runID string) error
	Terminate(ctx context.Context, workflowID, runID, reason string) error
}

// Statuses accepted by the status filter (Temporal's ExecutionStatus names).
var Statuses = []string{"Running", "Completed", "Failed", "Canceled", "Terminated", "ContinuedAsNew", "TimedOut"}

type Service struct {
	Backend   Backend
	TaskQueue string
	UIURL     string
	Namespace string
	Audit     *audit.Recorder
	// DB holds the outbox, whose state is shown with the list (nil: not shown).
	DB  *gorm.DB
	Now func() time.Time
}

// Page is one page of executions, with the outbox's state (events written with their
// changes and not yet turned into workflows).
type Page struct {
	Items         []Execution   `json:"items"`
	NextPageToken string        `json:"nextPageToken"`
	TemporalUIURL string        `json:"temporalUiUrl"`
	Outbox        *outbox.Stats `json:"outbox,omitempty"`
}

func validName(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r == ':' || r == '.' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')) {
			return false
		}
	}
	return true
}

// List returns executions of this product's task queue, newest first, filtered by type and status.
func (s *Service) List(ctx context.Context, workflowType, status string, pageSize int, token string) (*Page, error) {
	q := []string{fmt.Sprintf("TaskQueue = '%s'", s.TaskQueue)}
	if workflowType != "" {
		if !validName(workflowType) {
			return nil, models.Invalid("Invalid workflow type")
		}
		q = append(q, fmt.Sprintf("WorkflowType = '%s'", workflowType))
	}
	if status != "" {
		ok := false
		for _, st := range Statuses {
			ok = ok || st == status
		}
		if !ok {
			return nil, models.Invalid("Unknown status %q", status)
		}
		q = append(q, fmt.Sprintf("ExecutionStatus = '%s'", status))
	}
	if pageSize < 1 || pageSize > 100 {
		pageSize = 20
	}
	items, next, err := s.Backend.List(ctx, strings.Join(q, " AND "), pageSize, []byte(token))
	if err != nil {
		return nil, fmt.Errorf("list workflows: %w", err)
	}
	if items == nil {
		items = []Execution{}
	}
	page := &Page{Items: items, NextPageToken: string(next), TemporalUIURL: s.UIURL}
	if s.DB != nil {
		now := time.Now()
		if s.Now != nil {
			now = s.Now()
		}
		st, err := outbox.ReadStats(ctx, s.DB, now)
		if err != nil {
			return nil, fmt.Errorf("outbox state: %w", err)
		}
		page.Outbox = &st
	}
	return page, nil
}

// Detail is an execution with its readable history.
type Detail struct {
	Info          *Execution `json:"info"`
	Events        []Event    `json:"events"`
	TemporalUIURL string     `json:"temporalUiUrl"`
}

// own loads an execution and refuses those of other task queues as not found.
func (s *Service) own(ctx context.Context, workflowID, runID string) (*Execution, error) {
	if !validName(workflowID) || (runID != "" && !validName(runID)) {
		return nil, models.Invalid("Invalid workflow id")
	}
	ex, err := s.Backend.Describe(ctx, workflowID, runID)
	if err != nil || ex.TaskQueue != s.TaskQueue {
		return nil, models.ErrNotFound
	}
	return ex, nil
}

// History returns an execution and its events.
func (s *Service) History(ctx context.Context, workflowID, runID string) (*Detail, error) {
	ex, err := s.own(ctx, workflowID, runID)
	if err != nil {
		return nil, err
	}
	evs, err := s.Backend.History(ctx, ex.WorkflowID, ex.RunID)
	if err != nil {
		return nil, err
	}
	ui := ""
	if s.UIURL != "" {
		ui = fmt.Sprintf("%s/namespaces/%s/workflows/%s/%s/history", strings.TrimRight(s.UIURL, "/"), s.Namespace, ex.WorkflowID, ex.RunID)
	}
	return &Detail{Info: ex, Events: evs, TemporalUIURL: ui}, nil
}

// Cancel requests cancellation of a running execution.
func (s *Service) Cancel(ctx context.Context, a audit.Entry, workflowID, runID string) error {
	ex, err := s.own(ctx, workflowID, runID)
	if err != nil {
		return err
	}
	if ex.Status != "Running" {
		return models.Invalid("Only running workflows can be cancelled")
	}
	if err := s.Backend.Cancel(ctx, ex.WorkflowID, ex.RunID); err != nil {
		return err
	}
	a.Name, a.Notes, a.OperationType, a.Success = "Cancel workflow", ex.WorkflowID+" "+ex.RunID, audit.OpUpdate, true
	s.Audit.Record(ctx, a)
	return nil
}

// Terminate ends a running execution at once.
func (s *Service) Terminate(ctx context.Context, a audit.Entry, workflowID, runID, reason string) error {
	ex, err := s.own(ctx, workflowID, runID)
	if err != nil {
		return err
	}
	if ex.Status != "Running" {
		return models.Invalid("Only running workflows can be terminated")
	}
	if strings.TrimSpace(reason) == "" {
		reason = "terminated by " + a.UserName
	}
	if err := s.Backend.Terminate(ctx, ex.WorkflowID, ex.RunID, reason); err != nil {
		return err
	}
	a.Name, a.Notes, a.OperationType, a.Success = "Terminate workflow", ex.WorkflowID+" "+ex.RunID+": "+reason, audit.OpUpdate, true
	s.Audit.Record(ctx, a)
	return nil
}
