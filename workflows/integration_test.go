package workflows_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"google.golang.org/protobuf/encoding/protojson"
	"gorm.io/gorm"

	"dwsurvey/activities"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/monitor"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

var (
	tsrv    *testenv.Temporal
	tsrvErr error
)

func TestMain(m *testing.M) {
	tsrv, tsrvErr = testenv.StartTemporal()
	code := m.Run()
	tsrv.Stop()
	os.Exit(code)
}

func temporalClient(t *testing.T) client.Client {
	t.Helper()
	testenv.Require(t, tsrvErr)
	return tsrv.Client
}

// startWorker wires a worker exactly as cmd/dwsurvey does.
func startWorker(t *testing.T, c client.Client, queue string, db *gorm.DB) worker.Worker {
	t.Helper()
	w := worker.New(c, queue, worker.Options{WorkerStopTimeout: 5 * time.Second})
	workflows.Register(w, &activities.Activities{Audit: &audit.Recorder{DB: db}})
	if err := w.Start(); err != nil {
		t.Fatalf("start worker: %v", err)
	}
	return w
}

func insertLogs(t *testing.T, db *gorm.DB, old, recent int) {
	t.Helper()
	now := time.Now().UTC()
	var rows []models.SysLog
	for i := 0; i < old; i++ {
		rows = append(rows, models.SysLog{Name: "old", OperationType: "login", Success: true, CreatedAt: now.Add(-40*24*time.Hour - time.Duration(i)*time.Minute)})
	}
	for i := 0; i < recent; i++ {
		rows = append(rows, models.SysLog{Name: "recent", OperationType: "login", CreatedAt: now.Add(-time.Duration(i) * time.Minute)})
	}
	if err := db.CreateInBatches(&rows, 200).Error; err != nil {
		t.Fatal(err)
	}
}

func checkMovedOnce(t *testing.T, db *gorm.DB, old, recent int) {
	t.Helper()
	if n := testenv.Count(t, db, &models.SysLogArchive{}); n != int64(old) {
		t.Fatalf("archive has %d rows, want %d", n, old)
	}
	var distinct int64
	db.Model(&models.SysLogArchive{}).Distinct("id").Count(&distinct)
	if distinct != int64(old) {
		t.Fatalf("archive has duplicate ids")
	}
	if n := testenv.Count(t, db, &models.SysLog{}, "name = ?", "old"); n != 0 {
		t.Fatalf("%d old rows left in the log", n)
	}
	if n := testenv.Count(t, db, &models.SysLog{}, "name = ?", "recent"); n != int64(recent) {
		t.Fatalf("recent rows: %d, want %d", n, recent)
	}
	var overlap int64
	db.Model(&models.SysLog{}).Where("id IN (?)", db.Model(&models.SysLogArchive{}).Select("id")).Count(&overlap)
	if overlap != 0 {
		t.Fatalf("%d rows are both in the log and in the archive", overlap)
	}
}

func TestArchiveWorkflowOnTemporalAndMariaDB(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	insertLogs(t, db, 25, 5)
	queue := "dws-test-" + testenv.RandomSuffix(4)
	w := startWorker(t, c, queue, db)
	defer w.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "archive-" + queue, TaskQueue: queue},
		workflows.LogArchiveWorkflow, workflows.LogArchiveInput{OlderThanDays: 30, BatchSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	var res workflows.LogArchiveResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatalf("workflow: %v", err)
	}
	if res.Moved != 25 || res.Batches != 3 {
		t.Fatalf("result = %+v", res)
	}
	checkMovedOnce(t, db, 25, 5)

	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "logarchive_history.json")
	}
}

// recordHistory writes the run's history to testdata/<file> for the replay test
// (DWS_RECORD_HISTORY=1 go test -run 'TestArchiveWorkflowOnTemporalAndMariaDB|TestCollectionSurvivesWorkerRestart' ./workflows/).
func recordHistory(t *testing.T, c client.Client, id, runID, file string) {
	it := c.GetWorkflowHistory(context.Background(), id, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	h := &historypb.History{}
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		h.Events = append(h.Events, ev)
	}
	raw, err := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", file), raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestArchiveWorkflowSurvivesWorkerRestart(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	const old, recent = 100, 3
	insertLogs(t, db, old, recent)
	archiveSurvivesRestart(t, c, old, workflows.LogArchiveWorkflow, 30,
		func(queue string) worker.Worker { return startWorker(t, c, queue, db) },
		func() int64 { return testenv.Count(t, db, &models.SysLogArchive{}) })
	checkMovedOnce(t, db, old, recent)
}

// archiveSurvivesRestart runs an archive workflow (wf over rows older than days) of `old` rows
// in batches of 2, stops its worker part-way, checks that nothing moves without a worker, and
// waits for a new worker to finish the run: archived counts the archive rows.
func archiveSurvivesRestart(t *testing.T, c client.Client, old int, wf any, days int, start func(queue string) worker.Worker, archived func() int64) {
	t.Helper()
	queue := "dws-test-" + testenv.RandomSuffix(4)
	w1 := start(queue)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "archive-restart-" + queue, TaskQueue: queue,
		// A task handed to the stopped worker's last poll is lost until it times out; keep that short.
		WorkflowTaskTimeout: 2 * time.Second},
		// A batch handed to the stopped worker is retried after BatchTimeout: keep it short too.
		wf, workflows.LogArchiveInput{OlderThanDays: days, BatchSize: 2, BatchTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// Stop the first worker part-way.
	deadline := time.Now().Add(30 * time.Second)
	for archived() < 16 {
		if time.Now().After(deadline) {
			t.Fatal("the first worker made no progress")
		}
		time.Sleep(20 * time.Millisecond)
	}
	w1.Stop()
	atStop := archived()
	time.Sleep(500 * time.Millisecond)
	stalled := archived()
	if stalled >= int64(old) {
		t.Fatalf("the run finished before the worker was stopped (%d rows); the test proves nothing", stalled)
	}
	if stalled-atStop > 2 {
		t.Fatalf("rows kept moving with no worker: %d -> %d", atStop, stalled)
	}
	// A new worker (a new process in production) picks the run up.
	restarted := time.Now()
	w2 := start(queue)
	defer w2.Stop()
	defer func() { t.Logf("completed %s after the restart", time.Since(restarted).Round(time.Millisecond)) }()
	var res workflows.LogArchiveResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatalf("workflow after restart: %v", err)
	}
	if res.Moved != old {
		t.Fatalf("result moved %d, want %d", res.Moved, old)
	}
}

func TestEnsureLogArchiveSchedule(t *testing.T) {
	c := temporalClient(t)
	ctx := context.Background()
	s := starter.ArchiveSchedule{Cron: "30 3 * * *", TimeZone: "Asia/Shanghai", TaskQueue: "dws-sched-a", OlderThanDays: 180, BatchSize: 500}
	if err := starter.EnsureLogArchiveSchedule(ctx, c, s); err != nil {
		t.Fatalf("create: %v", err)
	}
	h := c.ScheduleClient().GetHandle(ctx, workflows.LogArchiveScheduleID)
	defer h.Delete(ctx)
	s.TaskQueue, s.Cron, s.BatchSize = "dws-sched-b", "0 4 * * *", 100
	if err := starter.EnsureLogArchiveSchedule(ctx, c, s); err != nil {
		t.Fatalf("second call must update, got %v", err)
	}
	d, err := h.Describe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	act, ok := d.Schedule.Action.(*client.ScheduleWorkflowAction)
	if !ok || act.TaskQueue != "dws-sched-b" {
		t.Fatalf("action = %#v", d.Schedule.Action)
	}
	if d.Schedule.Spec.TimeZoneName != "Asia/Shanghai" {
		t.Fatalf("time zone = %q", d.Schedule.Spec.TimeZoneName)
	}
	next := d.Info.NextActionTimes
	if len(next) == 0 {
		t.Fatal("no next action time")
	}
	loc, _ := time.LoadLocation("Asia/Shanghai")
	if at := next[0].In(loc); at.Hour() != 4 || at.Minute() != 0 {
		t.Fatalf("next run at %v, want 04:00 Asia/Shanghai after the update", at)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestMonitorOnTemporal(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "sqlite")
	ctx := context.Background()
	queue := "dws-mon-" + testenv.RandomSuffix(4)
	svc := &monitor.Service{Backend: &starter.Monitor{Client: c, Namespace: tsrv.Namespace}, TaskQueue: queue, Namespace: tsrv.Namespace,
		UIURL: "http://127.0.0.1:8233", Audit: &audit.Recorder{DB: db}}
	// No worker polls the queue, so the runs stay Running.
	start := func(id, q string) client.WorkflowRun {
		r, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: q}, workflows.LogArchiveWorkflow, workflows.LogArchiveInput{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r1 := start("mon-a-"+queue, queue)
	r2 := start("mon-b-"+queue, queue)
	foreign := start("mon-foreign-"+queue, queue+"-other")
	defer c.TerminateWorkflow(ctx, foreign.GetID(), "", "test cleanup")

	ids := func(p *monitor.Page) map[string]monitor.Execution {
		m := map[string]monitor.Execution{}
		for _, e := range p.Items {
			m[e.WorkflowID] = e
		}
		return m
	}
	waitFor(t, "both runs in the list", func() bool {
		p, err := svc.List(ctx, "LogArchiveWorkflow", "Running", 50, "")
		return err == nil && len(ids(p)) == 2
	})
	p, _ := svc.List(ctx, "LogArchiveWorkflow", "Running", 50, "")
	e := ids(p)[r1.GetID()]
	if e.WorkflowType != "LogArchiveWorkflow" || e.Status != "Running" || e.TaskQueue != queue || e.RunID != r1.GetRunID() || e.StartTime == "" || e.CloseTime != "" {
		t.Fatalf("execution = %+v", e)
	}
	if _, ok := ids(p)[foreign.GetID()]; ok {
		t.Fatal("a run of another task queue is listed")
	}
	if p, err := svc.List(ctx, "", "Completed", 50, ""); err != nil || len(p.Items) != 0 {
		t.Fatalf("Completed filter: %+v %v", p, err)
	}
	if p, err := svc.List(ctx, "OtherWorkflow", "", 50, ""); err != nil || len(p.Items) != 0 {
		t.Fatalf("type filter: %+v %v", p, err)
	}

	d, err := svc.History(ctx, r1.GetID(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Events) == 0 || d.Events[0].EventType != "WorkflowExecutionStarted" || !strings.Contains(d.Events[0].Summary, "LogArchiveWorkflow") ||
		!strings.Contains(d.Events[0].Summary, queue) || d.Events[0].EventTime == "" || !strings.Contains(d.TemporalUIURL, r1.GetRunID()) {
		t.Fatalf("history = %+v", d)
	}

	// Another task queue's run, and an unknown id, are "not found".
	if _, err := svc.History(ctx, foreign.GetID(), ""); err != models.ErrNotFound {
		t.Fatalf("foreign history: %v", err)
	}
	if err := svc.Terminate(ctx, audit.Entry{UserName: "admin"}, foreign.GetID(), "", "x"); err != models.ErrNotFound {
		t.Fatalf("foreign terminate: %v", err)
	}
	if _, err := svc.History(ctx, "no-such-workflow", ""); err != models.ErrNotFound {
		t.Fatalf("unknown history: %v", err)
	}

	// Cancel records a cancellation request; terminate ends the run.
	if err := svc.Cancel(ctx, audit.Entry{UserName: "admin"}, r1.GetID(), r1.GetRunID()); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	d, _ = svc.History(ctx, r1.GetID(), "")
	found := false
	for _, ev := range d.Events {
		found = found || ev.EventType == "WorkflowExecutionCancelRequested"
	}
	if !found {
		t.Fatalf("no cancel request in %+v", d.Events)
	}
	if err := svc.Terminate(ctx, audit.Entry{UserName: "admin"}, r2.GetID(), "", "stop it"); err != nil {
		t.Fatalf("terminate: %v", err)
	}
	desc, err := c.DescribeWorkflowExecution(ctx, r2.GetID(), "")
	if err != nil || desc.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_TERMINATED {
		t.Fatalf("after terminate: %v %v", desc.GetWorkflowExecutionInfo().GetStatus(), err)
	}
	if err := svc.Cancel(ctx, audit.Entry{UserName: "admin"}, r2.GetID(), ""); err == nil || !strings.Contains(err.Error(), "Only running") {
		t.Fatalf("cancel of a terminated run: %v", err)
	}
	waitFor(t, "terminated status in the list", func() bool {
		p, err := svc.List(ctx, "", "Terminated", 50, "")
		return err == nil && len(p.Items) == 1 && p.Items[0].WorkflowID == r2.GetID() && p.Items[0].CloseTime != ""
	})
	_ = c.TerminateWorkflow(ctx, r1.GetID(), "", "test cleanup")
	if n := testenv.Count(t, db, &models.SysLog{}, "operation_type = ? AND user_name = ?", "update", "admin"); n != 2 {
		t.Fatalf("%d monitor actions logged, want 2", n)
	}
}
