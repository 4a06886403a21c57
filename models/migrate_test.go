package models_test

import (
	"context"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

func TestMigrateIdempotent(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			db, _ := testenv.RawDB(t, driver)
			if v, err := models.SchemaVersion(ctx, db); err != nil || v != 0 {
				t.Fatalf("empty database: version %d, %v", v, err)
			}
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatalf("first migrate: %v", err)
			}
			if v, err := models.SchemaVersion(ctx, db); err != nil || v != models.LatestVersion() {
				t.Fatalf("version after migrate = %d (%v), want %d", v, err, models.LatestVersion())
			}
			// User data and a tampered system role survive / get repaired by a second run.
			if err := db.Create(&models.User{ID: "u1", LoginName: "keepme1", PasswordHash: "x", Status: 2}).Error; err != nil {
				t.Fatal(err)
			}
			if err := db.Where("role_id = ?", "r-user").Delete(&models.RolePermission{}).Error; err != nil {
				t.Fatal(err)
			}
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatalf("second migrate: %v", err)
			}
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatalf("third migrate: %v", err)
			}
			if n := testenv.Count(t, db, &models.SchemaMigration{}); n != int64(len(models.Migrations)) {
				t.Fatalf("schema_migrations has %d rows, want %d", n, len(models.Migrations))
			}
			if n := testenv.Count(t, db, &models.Permission{}); n != int64(len(models.PermissionCatalog)) {
				t.Fatalf("%d permissions, want %d", n, len(models.PermissionCatalog))
			}
			if n := testenv.Count(t, db, &models.Role{}, "type = ?", models.RoleSystem); n != int64(len(models.SystemRoles)) {
				t.Fatalf("%d system roles", n)
			}
			if n := testenv.Count(t, db, &models.RolePermission{}, "role_id = ?", "r-user"); n != 2 {
				t.Fatalf("DWSURVEY_USER has %d permissions after re-migrate, want 2", n)
			}
			if n := testenv.Count(t, db, &models.User{}, "id = ?", "u1"); n != 1 {
				t.Fatal("user data lost by migrate")
			}
			// Every table exists.
			for _, m := range []any{&models.User{}, &models.Role{}, &models.Permission{}, &models.RolePermission{}, &models.UserRole{},
				&models.Department{}, &models.UserDepartment{}, &models.AuthToken{}, &models.RateCounter{}, &models.SysLog{},
				&models.SysLogArchive{}, &models.SiteSetting{}, &models.UploadFile{}} {
				if !db.Migrator().HasTable(m) {
					t.Errorf("table of %T missing", m)
				}
			}
			// Times round-trip in UTC.
			now := time.Now().UTC().Truncate(time.Second)
			if err := db.Create(&models.SysLog{Name: "t", OperationType: "login", CreatedAt: now}).Error; err != nil {
				t.Fatal(err)
			}
			var l models.SysLog
			db.Order("id desc").Take(&l)
			if !l.CreatedAt.Equal(now) {
				t.Fatalf("time round trip: stored %v, read %v", now, l.CreatedAt)
			}
		})
	}
}

func TestTimeFormat(t *testing.T) {
	loc, _ := time.LoadLocation("Asia/Shanghai")
	models.SetDisplayLocation(loc)
	defer models.SetDisplayLocation(time.UTC)
	ts := time.Date(2025, 1, 2, 16, 4, 5, 0, time.UTC)
	if got := models.FormatTime(ts); got != "2025-01-03 00:04:05" {
		t.Fatalf("FormatTime = %q", got)
	}
	if models.FormatTime(time.Time{}) != "" || models.FormatTimePtr(nil) != "" {
		t.Fatal("zero time must render empty")
	}
	for in, want := range map[string]time.Time{
		"2025-01-03 00:04:05":  ts,
		"2025-01-03":           time.Date(2025, 1, 2, 16, 0, 0, 0, time.UTC),
		"2025-01-02T16:04:05Z": ts,
	} {
		got, err := models.ParseTime(in)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseTime(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := models.ParseTime("yesterday"); err == nil {
		t.Fatal("bad date accepted")
	} else if _, ok := models.AsInvalid(err); !ok {
		t.Fatal("bad date must be an InvalidError")
	}
}
