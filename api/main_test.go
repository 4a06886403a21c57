package api_test

import (
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// both runs fn on a fresh server over SQLite and over MariaDB, in parallel.
func both(t *testing.T, opts testenv.Options, fn func(t *testing.T, e *testenv.Env)) {
	t.Helper()
	for _, d := range testenv.Drivers {
		d := d
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := testenv.NewServer(t, d, opts)
			fn(t, e)
		})
	}
}

func logRows(t *testing.T, e *testenv.Env, where string, args ...any) []models.SysLog {
	t.Helper()
	var rows []models.SysLog
	if err := e.DB.Where(where, args...).Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	return rows
}

func user(t *testing.T, e *testenv.Env, loginName string) models.User {
	t.Helper()
	var u models.User
	if err := e.DB.Take(&u, "login_name = ?", loginName).Error; err != nil {
		t.Fatalf("user %s: %v", loginName, err)
	}
	return u
}
