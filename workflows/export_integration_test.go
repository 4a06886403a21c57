package workflows_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"dwsurvey/activities"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/analysis"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/export"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/storage"
	"dwsurvey/workflows"
)

// seedExportSurvey stores a published survey of 10 questions and n submitted answers.
func seedExportSurvey(t *testing.T, db *gorm.DB, n int) string {
	t.Helper()
	id := "ex-" + testenv.RandomSuffix(8)
	var qs []map[string]any
	var an []map[string]any
	for i := 1; i <= 10; i++ {
		q := fmt.Sprintf("q%d", i)
		if i%2 == 1 {
			qs = append(qs, map[string]any{"dwId": q, "quType": "RADIO", "quTitle": "Question " + q,
				"quRadios": []map[string]any{{"dwId": q + "a", "optionTitle": "A"}, {"dwId": q + "b", "optionTitle": "B"}}})
			an = append(an, map[string]any{"quDwId": q, "quType": "RADIO", "anRadio": map[string]any{"optionDwId": q + "b"}})
		} else {
			qs = append(qs, map[string]any{"dwId": q, "quType": "FILLBLANK", "quTitle": "Question " + q})
			an = append(an, map[string]any{"quDwId": q, "quType": "FILLBLANK", "anFbk": map[string]any{"answer": "some text 中文 " + q}})
		}
	}
	doc, _ := json.Marshal(map[string]any{"questions": qs})
	now := time.Now().UTC().Truncate(time.Second)
	if err := db.Create(&models.Survey{ID: id, Sid: testenv.RandomSuffix(8), OwnerID: "1", Title: "export", SurveyType: "survey",
		State: models.SurveyCollecting, PublishedVersion: 1, PublishedAt: &now, CreatedAt: now, UpdatedAt: now}).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Create(&models.SurveyVersion{ID: id + "-v1", SurveyID: id, Version: 1, Document: string(doc), PublishedAt: now}).Error; err != nil {
		t.Fatal(err)
	}
	ad, _ := json.Marshal(map[string]any{"anQuestions": an})
	batch := make([]models.Answer, 0, 2000)
	flush := func() {
		if len(batch) > 0 {
			if err := db.CreateInBatches(batch, len(batch)).Error; err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	for i := 0; i < n; i++ {
		at := now.Add(-time.Duration(i/3) * time.Second) // three answers share each second
		batch = append(batch, models.Answer{ID: fmt.Sprintf("%s-%07d", id, i), SurveyID: id, SurveyVersion: 1, AnswerDwID: strconv.Itoa(i),
			IsEff: 1, ClientIP: "10.0.0.1", BgAnDate: at.Add(-time.Minute), EndAnDate: at, DurationMs: 60000, Document: string(ad), CreatedAt: at, UpdatedAt: at})
		if len(batch) == cap(batch) {
			flush()
		}
	}
	flush()
	return id
}

// exportWorker runs the product's workflows and activities on queue, its export service
// counting the answers it reads from the database.
// pause (if > 0) is spent after every page read, so that the test can stop the worker in the
// middle of the export however fast the machine is.
func exportWorker(t *testing.T, c client.Client, queue string, db *gorm.DB, blob storage.BlobStore, reads *atomic.Int64, pause time.Duration) worker.Worker {
	t.Helper()
	surveys := &surveysvc.Service{DB: db}
	results := &analysis.Service{DB: db, Surveys: surveys, Answers: &answersvc.Service{DB: db, Surveys: surveys}}
	svc := &export.Service{DB: db, Analysis: results, Blob: blob, PageSize: 2000, OnRead: func(n int) {
		reads.Add(int64(n))
		time.Sleep(pause)
	}}
	w := worker.New(c, queue, worker.Options{WorkerStopTimeout: time.Second})
	workflows.Register(w, &activities.Activities{Export: svc})
	if err := w.Start(); err != nil {
		t.Fatalf("start worker: %v", err)
	}
	return w
}

// TestExportResumesAfterWorkerStops: the worker is stopped in the middle of a 200,000-answer
// export; a new worker resumes from the stored parts (re-reading at most one page from the
// database) and the file holds every answer exactly once.
//
// Robust on a loaded machine: no step has a deadline tighter than minutes (a page may take
// seconds when the test gets a sliver of a core), the heartbeat timeout (20 s) is far above
// a page's time so that no attempt is taken for dead while it runs — only the stop of worker
// 1 lets it lapse, which is what hands the export to worker 2.
func TestExportResumesAfterWorkerStops(t *testing.T) {
	c := temporalClient(t)
	db := testenv.DB(t, "mysql")
	n := 200000
	if v, _ := strconv.Atoi(os.Getenv("DWS_TEST_EXPORT_ROWS")); v > 0 {
		n = v
	}
	seedStart := time.Now()
	surveyID := seedExportSurvey(t, db, n)
	t.Logf("seeded %d answers in %v", n, time.Since(seedStart).Round(time.Millisecond))
	blob, err := storage.NewLocalBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := json.Marshal(export.Options{Values: export.ValuesText, Lang: "en"})
	ex := models.Export{ID: "ex-" + testenv.RandomSuffix(10), SurveyID: surveyID, OwnerID: "1", Format: export.FormatCSV,
		Options: string(opts), State: models.ExportQueued, CreatedAt: time.Now().UTC()}
	if err := db.Create(&ex).Error; err != nil {
		t.Fatal(err)
	}
	queue := "dws-export-" + testenv.RandomSuffix(4)
	var reads1, reads2 atomic.Int64
	w1 := exportWorker(t, c, queue, db, blob, &reads1, 20*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: workflows.ExportWorkflowID(ex.ID), TaskQueue: queue, WorkflowTaskTimeout: 2 * time.Second},
		workflows.ExportWorkflow, workflows.ExportInput{ExportID: ex.ID, TaskQueue: queue, HeartbeatTimeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	row := func() models.Export {
		var e models.Export
		if err := db.Take(&e, "id = ?", ex.ID).Error; err != nil {
			t.Fatal(err)
		}
		return e
	}
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		e := row()
		if e.RowsDone >= int64(n/3) {
			break
		}
		if e.State != models.ExportQueued && e.State != models.ExportRunning {
			t.Fatalf("the export ended before a third of the answers: %+v", e)
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 minutes the export has %d of %d answers", e.RowsDone, n)
		}
	}
	w1.Stop()
	stopped := row()
	if stopped.State != models.ExportRunning || stopped.RowsDone >= int64(n) {
		t.Fatalf("after the stop: %+v", stopped)
	}
	t.Logf("worker 1 stopped after %d stored rows (%d parts), %d read", stopped.RowsDone, stopped.Parts, reads1.Load())
	w2 := exportWorker(t, c, queue, db, blob, &reads2, 0)
	defer w2.Stop()
	if err := run.Get(ctx, nil); err != nil {
		t.Fatalf("workflow: %v", err)
	}
	done := row()
	if done.State != models.ExportDone || done.RowsDone != int64(n) || done.RowsTotal != int64(n) || done.Parts != 0 {
		t.Fatalf("finished row: %+v", done)
	}
	reread := reads1.Load() + reads2.Load() - int64(n)
	t.Logf("worker 2 read %d answers; %d answers read twice", reads2.Load(), reread)
	if reads2.Load() == 0 || reads2.Load() >= int64(n) || reread < 0 || reread > 2000 {
		t.Fatalf("read %d + %d answers for %d: re-read %d (at most one page of 2000)", reads1.Load(), reads2.Load(), n, reread)
	}
	rc, _, err := blob.Get(ctx, done.BlobKey)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	r := csv.NewReader(rc)
	r.ReuseRecord = true
	seen := make(map[string]bool, n)
	if _, err := r.Read(); err != nil { // header
		t.Fatal(err)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if seen[rec[0]] {
			t.Fatalf("answer %s twice in the file", rec[0])
		}
		seen[rec[0]] = true
	}
	if len(seen) != n {
		t.Fatalf("file has %d answers, want %d", len(seen), n)
	}
	for i := 0; i <= stopped.Parts+1; i++ {
		if _, _, err := blob.Get(ctx, fmt.Sprintf("exports/%s/part-%06d", ex.ID, i)); err == nil {
			t.Fatalf("part %d left in the blob store", i)
		}
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "export_history.json")
	}
}
