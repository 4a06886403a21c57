// Package config holds the one typed configuration of dwsurvey. It is loaded once
// (defaults, then an optional YAML file, then DWS_<SECTION>_<KEY> environment variables,
// then command-line flags), validated, and passed into constructors. No other package
// reads the environment.
package config

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Config is the whole configuration. YAML keys are the `yaml` tags; the environment
// variable for a field is DWS_<SECTION>_<KEY> with both parts upper-cased
// (e.g. database.dsn -> DWS_DATABASE_DSN, server.trusted_proxies -> DWS_SERVER_TRUSTED_PROXIES).
type Config struct {
	Server   ServerConfig   `yaml:"server"`
	Database DatabaseConfig `yaml:"database"`
	Temporal TemporalConfig `yaml:"temporal"`
	Blob     BlobConfig     `yaml:"blob"`
	Auth     AuthConfig     `yaml:"auth"`
	Admin    AdminConfig    `yaml:"admin"`
	Upload   UploadConfig   `yaml:"upload"`
	Log      LogConfig      `yaml:"log"`
	Data     DataConfig     `yaml:"data"`
	Geo      GeoConfig      `yaml:"geo"`
}

type ServerConfig struct {
	// Addr is HOST:PORT the API listens on.
	Addr string `yaml:"addr"`
	// TrustedProxies lists proxy addresses or CIDRs whose X-Forwarded-For / X-Real-IP
	// headers are believed. Empty means the socket peer is the client.
	TrustedProxies []string `yaml:"trusted_proxies"`
	// TimeZone is the IANA zone used for dates in JSON and for schedules.
	TimeZone string `yaml:"time_zone"`
	// ConsoleDir holds the built console (index.html and assets); empty disables serving it.
	ConsoleDir string `yaml:"console_dir"`
	// PublicURL is the externally visible base URL (used in printed links and QR codes).
	PublicURL string `yaml:"public_url"`
}

type DatabaseConfig struct {
	// Driver is "sqlite" or "mysql".
	Driver string `yaml:"driver"`
	// DSN is a go-sql-driver/mysql DSN, or a SQLite file path. Empty SQLite DSN means <data dir>/dwsurvey.db.
	DSN string `yaml:"dsn"`
	// MaxOpenConns bounds the pool (MySQL only).
	MaxOpenConns int `yaml:"max_open_conns"`
}

type TemporalConfig struct {
	// Address of the Temporal frontend (host:port). Empty in dev mode means "start a dev server".
	Address   string `yaml:"address"`
	Namespace string `yaml:"namespace"`
	TaskQueue string `yaml:"task_queue"`
	// UIURL is the Temporal Web UI base URL linked from the workflow monitor.
	UIURL string `yaml:"ui_url"`
	// CLIPath is the temporal CLI used to start a dev server in dev mode.
	CLIPath string `yaml:"cli_path"`
	// DevPort and DevUIPort are the ports of the dev server started by `dwsurvey dev`.
	DevPort   int `yaml:"dev_port"`
	DevUIPort int `yaml:"dev_ui_port"`
}

type BlobConfig struct {
	// Driver is "local" (a folder) or "s3" (any S3 server through minio-go).
	Driver    string `yaml:"driver"`
	Dir       string `yaml:"dir"`
	Endpoint  string `yaml:"endpoint"`
	Bucket    string `yaml:"bucket"`
	AccessKey string `yaml:"access_key"`
	SecretKey string `yaml:"secret_key"`
	Region    string `yaml:"region"`
	UseSSL    bool   `yaml:"use_ssl"`
}

type AuthConfig struct {
	// TokenTTL is the sliding lifetime of a login token.
	TokenTTL time.Duration `yaml:"token_ttl"`
	// LoginMaxFailures is how many failed logins per account (and 4x per client address)
	// are allowed inside LoginWindow before further attempts are refused.
	LoginMaxFailures int           `yaml:"login_max_failures"`
	LoginWindow      time.Duration `yaml:"login_window"`
}

type AdminConfig struct {
	// Password of the super administrator created on first start; empty means random (printed once).
	Password string `yaml:"password"`
}

type UploadConfig struct {
	// MaxSizeMB is the largest accepted upload in megabytes (1 MB = 1<<20 bytes).
	MaxSizeMB int `yaml:"max_size_mb"`
}

type LogConfig struct {
	// ArchiveAfterDays: system log rows older than this many days are moved to the archive.
	ArchiveAfterDays int `yaml:"archive_after_days"`
	// ArchiveBatch is the number of rows moved per activity call.
	ArchiveBatch int `yaml:"archive_batch"`
	// ArchiveCron is the schedule (cron, server time zone) of the archive workflow.
	ArchiveCron string `yaml:"archive_cron"`
}

type GeoConfig struct {
	// IPDB is the offline ip2region ".db" file (`make ipdb` installs bin/ip2region.db).
	// When the file is missing, answer regions stay empty.
	IPDB string `yaml:"ip_db"`
}

type DataConfig struct {
	// Dir holds every file of the embedded defaults (SQLite db, blobs, Temporal dev db).
	Dir string `yaml:"dir"`
}

// Default returns the embedded defaults.
func Default() Config {
	return Config{
		Server:   ServerConfig{Addr: "127.0.0.1:8080", TimeZone: "Asia/Shanghai", ConsoleDir: "console/dist"},
		Database: DatabaseConfig{Driver: "sqlite", MaxOpenConns: 50},
		Temporal: TemporalConfig{Namespace: "default", TaskQueue: "dwsurvey", CLIPath: "", DevPort: 7233, DevUIPort: 8233},
		Blob:     BlobConfig{Driver: "local", Region: "us-east-1"},
		Auth:     AuthConfig{TokenTTL: 12 * time.Hour, LoginMaxFailures: 5, LoginWindow: 15 * time.Minute},
		Upload:   UploadConfig{MaxSizeMB: 20},
		Log:      LogConfig{ArchiveAfterDays: 180, ArchiveBatch: 500, ArchiveCron: "30 3 * * *"},
		Data:     DataConfig{Dir: "./data"},
		Geo:      GeoConfig{IPDB: "bin/ip2region.db"},
	}
}

// Load builds the configuration from defaults, the YAML file (if path is not empty) and
// the environment (lookup is os.LookupEnv in production; tests pass their own).
func Load(path string, lookup func(string) (string, bool)) (Config, error) {
	cfg := Default()
	if path != "" {
		raw, err := os.ReadFile(path)
		if err != nil {
			return cfg, fmt.Errorf("config: %w", err)
		}
		if err := yaml.Unmarshal(raw, &cfg); err != nil {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
	}
	if err := applyEnv(&cfg, lookup); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// Finish fills values derived from the data dir and validates everything.
func (c *Config) Finish() error {
	if c.Data.Dir == "" {
		c.Data.Dir = "./data"
	}
	if c.Database.Driver == "sqlite" && c.Database.DSN == "" {
		c.Database.DSN = filepath.Join(c.Data.Dir, "dwsurvey.db")
	}
	if c.Blob.Driver == "local" && c.Blob.Dir == "" {
		c.Blob.Dir = filepath.Join(c.Data.Dir, "blobs")
	}
	return c.Validate()
}

// Validate reports the first invalid setting with its environment variable name.
func (c *Config) Validate() error {
	if _, _, err := net.SplitHostPort(c.Server.Addr); err != nil {
		return fmt.Errorf("server.addr (DWS_SERVER_ADDR) %q: want HOST:PORT", c.Server.Addr)
	}
	if _, err := time.LoadLocation(c.Server.TimeZone); err != nil {
		return fmt.Errorf("server.time_zone (DWS_SERVER_TIME_ZONE) %q: %v", c.Server.TimeZone, err)
	}
	for _, p := range c.Server.TrustedProxies {
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				return fmt.Errorf("server.trusted_proxies (DWS_SERVER_TRUSTED_PROXIES) %q: not an IP or CIDR", p)
			}
		}
	}
	switch c.Database.Driver {
	case "sqlite", "mysql":
	default:
		return fmt.Errorf("database.driver (DWS_DATABASE_DRIVER) %q: want sqlite or mysql", c.Database.Driver)
	}
	if c.Database.DSN == "" {
		return fmt.Errorf("database.dsn (DWS_DATABASE_DSN) is required")
	}
	switch c.Blob.Driver {
	case "local":
		if c.Blob.Dir == "" {
			return fmt.Errorf("blob.dir (DWS_BLOB_DIR) is required for the local blob store")
		}
	case "s3":
		if c.Blob.Endpoint == "" || c.Blob.Bucket == "" {
			return fmt.Errorf("blob.endpoint and blob.bucket (DWS_BLOB_ENDPOINT, DWS_BLOB_BUCKET) are required for s3")
		}
	default:
		return fmt.Errorf("blob.driver (DWS_BLOB_DRIVER) %q: want local or s3", c.Blob.Driver)
	}
	if c.Auth.TokenTTL < time.Minute {
		return fmt.Errorf("auth.token_ttl (DWS_AUTH_TOKEN_TTL) must be at least 1m")
	}
	if c.Auth.LoginMaxFailures < 1 || c.Auth.LoginWindow <= 0 {
		return fmt.Errorf("auth.login_max_failures and auth.login_window must be positive")
	}
	if c.Upload.MaxSizeMB < 1 || c.Upload.MaxSizeMB > 2048 {
		return fmt.Errorf("upload.max_size_mb (DWS_UPLOAD_MAX_SIZE_MB) must be 1..2048")
	}
	if c.Log.ArchiveAfterDays < 1 || c.Log.ArchiveBatch < 1 {
		return fmt.Errorf("log.archive_after_days and log.archive_batch must be positive")
	}
	if c.Temporal.TaskQueue == "" || c.Temporal.Namespace == "" {
		return fmt.Errorf("temporal.task_queue and temporal.namespace are required")
	}
	return nil
}

// Location returns the configured time zone (validated by Validate).
func (c *Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.Server.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// applyEnv walks the two-level struct and applies DWS_<SECTION>_<KEY> variables.
func applyEnv(cfg *Config, lookup func(string) (string, bool)) error {
	root := reflect.ValueOf(cfg).Elem()
	for i := 0; i < root.NumField(); i++ {
		section := root.Type().Field(i)
		sv := root.Field(i)
		for j := 0; j < sv.NumField(); j++ {
			f := sv.Type().Field(j)
			name := "DWS_" + strings.ToUpper(tagName(section)) + "_" + strings.ToUpper(tagName(f))
			val, ok := lookup(name)
			if !ok {
				continue
			}
			if err := setField(sv.Field(j), val); err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
		}
	}
	return nil
}

func tagName(f reflect.StructField) string {
	t := f.Tag.Get("yaml")
	if i := strings.IndexByte(t, ','); i >= 0 {
		t = t[:i]
	}
	if t == "" {
		return f.Name
	}
	return t
}

func setField(v reflect.Value, s string) error {
	if v.Type() == reflect.TypeOf(time.Duration(0)) {
		d, err := time.ParseDuration(s)
		if err != nil {
			return err
		}
		v.SetInt(int64(d))
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("want an integer, got %q", s)
		}
		v.SetInt(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", s)
		}
		v.SetBool(b)
	case reflect.Slice:
		var items []string
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				items = append(items, p)
			}
		}
		v.Set(reflect.ValueOf(items))
	default:
		return fmt.Errorf("unsupported setting type %s", v.Kind())
	}
	return nil
}
