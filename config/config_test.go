package config_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"dwsurvey/config"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	cfg, err := config.Load("", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatalf("defaults must validate: %v", err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"addr", cfg.Server.Addr, "127.0.0.1:8080"},
		{"time zone", cfg.Server.TimeZone, "Asia/Shanghai"},
		{"driver", cfg.Database.Driver, "sqlite"},
		{"sqlite dsn", cfg.Database.DSN, filepath.Join("data", "dwsurvey.db")},
		{"blob driver", cfg.Blob.Driver, "local"},
		{"blob dir", cfg.Blob.Dir, filepath.Join("data", "blobs")},
		{"namespace", cfg.Temporal.Namespace, "default"},
		{"task queue", cfg.Temporal.TaskQueue, "dwsurvey"},
		{"token ttl", cfg.Auth.TokenTTL, 12 * time.Hour},
		{"max failures", cfg.Auth.LoginMaxFailures, 5},
		{"upload", cfg.Upload.MaxSizeMB, 20},
		{"archive days", cfg.Log.ArchiveAfterDays, 180},
		{"archive batch", cfg.Log.ArchiveBatch, 500},
		{"trusted proxies", len(cfg.Server.TrustedProxies), 0},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if cfg.Location().String() != "Asia/Shanghai" {
		t.Errorf("Location = %v", cfg.Location())
	}
}

func TestYAMLThenEnv(t *testing.T) {
	p := filepath.Join(t.TempDir(), "dws.yaml")
	yaml := `
server:
  addr: 0.0.0.0:9000
  trusted_proxies: [10.0.0.1, 192.168.0.0/16]
database:
  driver: mysql
  dsn: "u:p@tcp(db:3306)/dws"
auth:
  token_ttl: 2h
upload:
  max_size_mb: 7
blob:
  driver: s3
  endpoint: s3.local:9000
  bucket: files
`
	if err := os.WriteFile(p, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Addr != "0.0.0.0:9000" || cfg.Database.Driver != "mysql" || cfg.Database.DSN != "u:p@tcp(db:3306)/dws" ||
		cfg.Auth.TokenTTL != 2*time.Hour || cfg.Upload.MaxSizeMB != 7 || cfg.Blob.Bucket != "files" ||
		!reflect.DeepEqual(cfg.Server.TrustedProxies, []string{"10.0.0.1", "192.168.0.0/16"}) {
		t.Fatalf("YAML not applied: %+v", cfg)
	}
	// Values not in the file keep their defaults.
	if cfg.Log.ArchiveBatch != 500 || cfg.Temporal.TaskQueue != "dwsurvey" {
		t.Fatalf("defaults lost: %+v", cfg)
	}

	// Environment wins over the file.
	cfg, err = config.Load(p, env(map[string]string{
		"DWS_SERVER_ADDR":               "127.0.0.1:7000",
		"DWS_AUTH_TOKEN_TTL":            "90m",
		"DWS_AUTH_LOGIN_WINDOW":         "1m30s",
		"DWS_SERVER_TRUSTED_PROXIES":    " 127.0.0.1 , ,10.1.0.0/16",
		"DWS_UPLOAD_MAX_SIZE_MB":        "3",
		"DWS_AUTH_LOGIN_MAX_FAILURES":   "9",
		"DWS_BLOB_USE_SSL":              "true",
		"DWS_DATABASE_DSN":              "other",
		"DWS_LOG_ARCHIVE_CRON":          "0 1 * * *",
		"DWS_TEMPORAL_ADDRESS":          "temporal:7233",
		"DWS_DATABASE_MAX_OPEN_CONNS":   "4",
		"DWS_ADMIN_PASSWORD":            "secret123",
		"DWS_LOG_ARCHIVE_AFTER_DAYS":    "30",
		"DWS_TEMPORAL_DEV_PORT":         "17233",
		"DWS_SERVER_TIME_ZONE":          "UTC",
		"DWS_DATA_DIR":                  "/tmp/dws",
		"DWS_UNRELATED_SETTING_IGNORED": "x",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name     string
		got, exp any
	}{
		{"addr", cfg.Server.Addr, "127.0.0.1:7000"},
		{"ttl", cfg.Auth.TokenTTL, 90 * time.Minute},
		{"window", cfg.Auth.LoginWindow, 90 * time.Second},
		{"upload", cfg.Upload.MaxSizeMB, 3},
		{"failures", cfg.Auth.LoginMaxFailures, 9},
		{"ssl", cfg.Blob.UseSSL, true},
		{"dsn", cfg.Database.DSN, "other"},
		{"cron", cfg.Log.ArchiveCron, "0 1 * * *"},
		{"temporal", cfg.Temporal.Address, "temporal:7233"},
		{"conns", cfg.Database.MaxOpenConns, 4},
		{"admin", cfg.Admin.Password, "secret123"},
		{"days", cfg.Log.ArchiveAfterDays, 30},
		{"dev port", cfg.Temporal.DevPort, 17233},
		{"tz", cfg.Server.TimeZone, "UTC"},
		{"data", cfg.Data.Dir, "/tmp/dws"},
	}
	for _, w := range want {
		if w.got != w.exp {
			t.Errorf("%s = %v, want %v", w.name, w.got, w.exp)
		}
	}
	if !reflect.DeepEqual(cfg.Server.TrustedProxies, []string{"127.0.0.1", "10.1.0.0/16"}) {
		t.Errorf("list = %q", cfg.Server.TrustedProxies)
	}
}

func TestEnvParseErrorsNameTheVariable(t *testing.T) {
	for name, val := range map[string]string{
		"DWS_AUTH_TOKEN_TTL":          "12 hours",
		"DWS_UPLOAD_MAX_SIZE_MB":      "big",
		"DWS_BLOB_USE_SSL":            "maybe",
		"DWS_AUTH_LOGIN_MAX_FAILURES": "1.5",
	} {
		_, err := config.Load("", env(map[string]string{name: val}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: want an error naming the variable, got %v", name, val, err)
		}
	}
}

func TestValidationNamesTheVariable(t *testing.T) {
	cases := map[string]map[string]string{
		"DWS_SERVER_ADDR":            {"DWS_SERVER_ADDR": "nohostport"},
		"DWS_SERVER_TIME_ZONE":       {"DWS_SERVER_TIME_ZONE": "Mars/Olympus"},
		"DWS_SERVER_TRUSTED_PROXIES": {"DWS_SERVER_TRUSTED_PROXIES": "10.0.0.1,not-an-ip"},
		"DWS_DATABASE_DRIVER":        {"DWS_DATABASE_DRIVER": "postgres"},
		"DWS_DATABASE_DSN":           {"DWS_DATABASE_DRIVER": "mysql"},
		"DWS_BLOB_DRIVER":            {"DWS_BLOB_DRIVER": "ftp"},
		"DWS_BLOB_BUCKET":            {"DWS_BLOB_DRIVER": "s3", "DWS_BLOB_ENDPOINT": "x:1"},
		"DWS_AUTH_TOKEN_TTL":         {"DWS_AUTH_TOKEN_TTL": "30s"},
		"DWS_UPLOAD_MAX_SIZE_MB":     {"DWS_UPLOAD_MAX_SIZE_MB": "0"},
		"DWS_OUTBOUND_ALLOW_CIDRS":   {"DWS_OUTBOUND_ALLOW_CIDRS": "127.0.0.1/32, 10.0.0.0/99"},
		"DWS_WEBHOOK_SECRET_KEY":     {"DWS_WEBHOOK_SECRET_KEY": "c2hvcnQ="},
		"DWS_WEBHOOK_RETRY_INITIAL":  {"DWS_WEBHOOK_RETRY_INITIAL": "10ms"},
	}
	for want, vars := range cases {
		cfg, err := config.Load("", env(vars))
		if err != nil {
			t.Fatalf("%v: load: %v", vars, err)
		}
		err = cfg.Finish()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: want an error naming %s, got %v", vars, want, err)
		}
	}
	// Too big uploads too.
	cfg, _ := config.Load("", env(map[string]string{"DWS_UPLOAD_MAX_SIZE_MB": "4096"}))
	if err := cfg.Finish(); err == nil {
		t.Error("max_size_mb 4096 accepted")
	}
}

func TestBadYAML(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.yaml")
	_ = os.WriteFile(p, []byte("server: [unclosed"), 0o644)
	if _, err := config.Load(p, env(nil)); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("want an error naming the file, got %v", err)
	}
	if _, err := config.Load(filepath.Join(t.TempDir(), "missing.yaml"), env(nil)); err == nil {
		t.Fatal("missing file accepted")
	}
}
