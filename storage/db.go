// Package storage opens the database (MySQL/MariaDB or SQLite) and the blob store
// (S3 through minio-go, or a local folder).
package storage

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// OpenDB opens driver ("mysql" or "sqlite") at dsn. For MySQL the DSN gets parseTime,
// loc=UTC, utf8mb4 and interpolateParams when missing: all times are stored in UTC.
// For SQLite the file's folder is created, WAL and a busy timeout are enabled, and the
// pool is limited to one writer connection so concurrent writers queue instead of failing.
func OpenDB(driver, dsn string, maxOpen int) (*gorm.DB, error) {
	gcfg := &gorm.Config{Logger: logger.Default.LogMode(logger.Silent), NowFunc: func() time.Time { return time.Now().UTC() }}
	switch driver {
	case "mysql":
		db, err := gorm.Open(mysql.Open(mysqlDSN(dsn)), gcfg)
		if err != nil {
			return nil, fmt.Errorf("open mysql: %w", err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		if maxOpen > 0 {
			sqlDB.SetMaxOpenConns(maxOpen)
			sqlDB.SetMaxIdleConns(maxOpen)
		}
		sqlDB.SetConnMaxLifetime(30 * time.Minute)
		return db, nil
	case "sqlite":
		if dsn != ":memory:" && !strings.HasPrefix(dsn, "file:") {
			if err := os.MkdirAll(filepath.Dir(dsn), 0o755); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		full := dsn + sep + "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_txlock=immediate"
		db, err := gorm.Open(sqlite.Open(full), gcfg)
		if err != nil {
			return nil, fmt.Errorf("open sqlite %s: %w", dsn, err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		sqlDB.SetMaxOpenConns(1)
		return db, nil
	}
	return nil, fmt.Errorf("unknown database driver %q", driver)
}

func mysqlDSN(dsn string) string {
	add := func(k, v string) {
		if !strings.Contains(dsn, k+"=") {
			if strings.Contains(dsn, "?") {
				dsn += "&" + k + "=" + v
			} else {
				dsn += "?" + k + "=" + v
			}
		}
	}
	add("parseTime", "true")
	add("loc", "UTC")
	add("charset", "utf8mb4")
	// Client-side interpolation saves a prepare and a close round trip per statement; it is
	// safe because the connection charset is always utf8mb4 (set above).
	add("interpolateParams", "true")
	return dsn
}

// IsMySQL reports whether db talks to MySQL/MariaDB.
func IsMySQL(db *gorm.DB) bool { return db.Dialector.Name() == "mysql" }
