package activities_test

import (
	"context"
	"testing"
	"time"

	"dwsurvey/activities"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/audit"
)

func TestArchiveLogBatchIdempotent(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := testenv.DB(t, driver)
			now := time.Now().UTC().Truncate(time.Second)
			cutoff := now.Add(-30 * 24 * time.Hour)
			var old []models.SysLog
			for i := 0; i < 10; i++ {
				old = append(old, models.SysLog{Name: "old", OperationType: "login", UserName: "u", IP: "10.0.0.1", Success: i%2 == 0,
					CreatedAt: cutoff.Add(-time.Duration(i+1) * time.Hour)})
			}
			recent := []models.SysLog{
				{Name: "recent", OperationType: "login", CreatedAt: now},
				{Name: "at cutoff", OperationType: "login", CreatedAt: cutoff},
			}
			if err := db.Create(&old).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Create(&recent).Error; err != nil {
				t.Fatal(err)
			}
			// Simulate an interrupted earlier attempt: the first 4 rows were copied but not deleted.
			for _, l := range old[:4] {
				if err := db.Create(&models.SysLogArchive{ID: l.ID, Name: l.Name, OperationType: l.OperationType, Success: l.Success,
					UserName: l.UserName, IP: l.IP, CreatedAt: l.CreatedAt, ArchivedAt: now}).Error; err != nil {
					t.Fatal(err)
				}
			}
			acts := &activities.Activities{Audit: &audit.Recorder{DB: db}}
			in := activities.ArchiveBatchInput{Cutoff: cutoff, BatchSize: 6}
			total := 0
			for i := 0; i < 5; i++ {
				n, err := acts.ArchiveLogBatch(ctx, in)
				if err != nil {
					t.Fatalf("batch %d: %v", i, err)
				}
				if n > in.BatchSize {
					t.Fatalf("batch moved %d > %d", n, in.BatchSize)
				}
				total += n
				if n == 0 {
					break
				}
			}
			if total != 10 {
				t.Fatalf("moved %d rows, want 10", total)
			}
			// Running again after completion moves nothing.
			if n, err := acts.ArchiveLogBatch(ctx, in); err != nil || n != 0 {
				t.Fatalf("rerun moved %d (%v)", n, err)
			}
			if n := testenv.Count(t, db, &models.SysLogArchive{}); n != 10 {
				t.Fatalf("archive has %d rows, want exactly 10", n)
			}
			if n := testenv.Count(t, db, &models.SysLog{}); n != 2 {
				t.Fatalf("log has %d rows, want the 2 not older than the cutoff", n)
			}
			var ids []int64
			db.Model(&models.SysLogArchive{}).Order("id").Pluck("id", &ids)
			for i, l := range old {
				if ids[i] != l.ID {
					t.Fatalf("archive ids %v do not keep the original ids", ids)
				}
			}
			var a models.SysLogArchive
			db.Take(&a, "id = ?", old[7].ID)
			if a.IP != "10.0.0.1" || a.UserName != "u" || a.Success != old[7].Success || !a.CreatedAt.Equal(old[7].CreatedAt) || a.ArchivedAt.IsZero() {
				t.Fatalf("archived row = %+v", a)
			}
			// The archive is listed by the admin log list.
			rec := &audit.Recorder{DB: db}
			rows, n, err := rec.List(ctx, audit.Filter{Archived: true}, 1, 100)
			if err != nil || n != 10 || len(rows) != 10 {
				t.Fatalf("archived list: %d %v", n, err)
			}
		})
	}
}
