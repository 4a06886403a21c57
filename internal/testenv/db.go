package testenv

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/storage"
)

// Drivers are the two database drivers every integration suite runs on.
var Drivers = []string{"sqlite", "mysql"}

// MySQLBaseDSN is DWS_TEST_MYSQL_DSN or root:@tcp(127.0.0.1:3306)/ (no database name).
func MySQLBaseDSN() string {
	if v := os.Getenv("DWS_TEST_MYSQL_DSN"); v != "" {
		return v
	}
	return "root:@tcp(127.0.0.1:3306)/"
}

// WithDatabase puts name into a DSN of the form user:pw@tcp(host)/[db][?params].
func WithDatabase(dsn, name string) string {
	params := ""
	if i := strings.IndexByte(dsn, '?'); i >= 0 {
		dsn, params = dsn[:i], dsn[i:]
	}
	i := strings.LastIndexByte(dsn, '/')
	if i < 0 {
		return dsn + "/" + name + params
	}
	return dsn[:i+1] + name + params
}

// MySQLDatabase is a fresh database on the test server.
type MySQLDatabase struct {
	Name string
	DSN  string // DSN including the database name
	base string
}

// CreateMySQLDatabase creates dws_test_<random>; an unreachable server is ErrMissing.
func CreateMySQLDatabase() (*MySQLDatabase, error) {
	base := MySQLBaseDSN()
	admin, err := sql.Open("mysql", WithDatabase(base, ""))
	if err != nil {
		return nil, err
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		return nil, fmt.Errorf("%w: MariaDB/MySQL at %s is unreachable (set DWS_TEST_MYSQL_DSN): %v", ErrMissing, base, err)
	}
	name := "dws_test_" + RandomSuffix(6)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE `"+name+"` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		return nil, err
	}
	return &MySQLDatabase{Name: name, DSN: WithDatabase(base, name), base: base}, nil
}

// Drop removes the database.
func (m *MySQLDatabase) Drop() error {
	admin, err := sql.Open("mysql", WithDatabase(m.base, ""))
	if err != nil {
		return err
	}
	defer admin.Close()
	_, err = admin.Exec("DROP DATABASE IF EXISTS `" + m.Name + "`")
	return err
}

// RawDB opens an empty (not migrated) database of driver owned by t, removed at the end.
// It returns the gorm handle and the DSN (for processes that open it themselves).
func RawDB(t testing.TB, driver string) (*gorm.DB, string) {
	t.Helper()
	var dsn string
	switch driver {
	case "sqlite":
		dsn = filepath.Join(t.TempDir(), "dwsurvey.db")
	case "mysql":
		m, err := CreateMySQLDatabase()
		Require(t, err)
		t.Cleanup(func() {
			if err := m.Drop(); err != nil {
				t.Errorf("drop %s: %v", m.Name, err)
			}
		})
		dsn = m.DSN
	default:
		t.Fatalf("unknown driver %q", driver)
	}
	db, err := storage.OpenDB(driver, dsn, 10)
	if err != nil {
		t.Fatalf("open %s: %v", driver, err)
	}
	t.Cleanup(func() {
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
	})
	return db, dsn
}

// DB opens a fresh, migrated database of driver owned by t.
func DB(t testing.TB, driver string) *gorm.DB {
	t.Helper()
	db, _ := RawDB(t, driver)
	if err := models.Migrate(context.Background(), db); err != nil {
		t.Fatalf("migrate %s: %v", driver, err)
	}
	return db
}

// Count returns the number of rows of model matching the optional where clause.
func Count(t testing.TB, db *gorm.DB, model any, where ...any) int64 {
	t.Helper()
	q := db.Model(model)
	if len(where) > 0 {
		q = q.Where(where[0], where[1:]...)
	}
	var n int64
	if err := q.Count(&n).Error; err != nil {
		t.Fatalf("count: %v", err)
	}
	return n
}
