// Package config holds the one typed configuration of dwsurvey. It is loaded once
// (defaults, then an optional YAML file, then DWS_<SECTION>_<KEY> environment variables,
// then command-line flags), validated, and passed into constructors. No other package
// reads the environment.
package config

import (
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"dwsurvey/services/mail"
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
	Outbound OutboundConfig `yaml:"outbound"`
	Export   ExportConfig   `yaml:"export"`
	Webhook  WebhookConfig  `yaml:"webhook"`
	Mail     MailConfig     `yaml:"mail"`
	SMS      SMSConfig      `yaml:"sms"`
	Weixin   WeixinConfig   `yaml:"weixin"`
	OIDC     OIDCConfig     `yaml:"oidc"`
	Maps     MapsConfig     `yaml:"maps"`
	AI       AIConfig       `yaml:"ai"`
}

// AIConfig is the OpenAI-compatible chat-completions API of AI translation (services/language).
// The key stays on the server: it is never sent to the browser or logged.
type AIConfig struct {
	// BaseURL is the API root, e.g. https://api.openai.com/v1 (POST <base_url>/chat/completions);
	// empty: AI translation is off.
	BaseURL string `yaml:"base_url"`
	Key     string `yaml:"key"`
	Model   string `yaml:"model"`
	// Timeout bounds one provider request (one chunk).
	Timeout time.Duration `yaml:"timeout"`
	// Attempts is how often a chunk is tried before it is left untranslated.
	Attempts int `yaml:"attempts"`
	// MaxCharsPerRequest bounds the characters of one request (the chunk size, to fit the
	// model's context); MaxCharsPerDay the characters sent per UTC day (cost guard).
	MaxCharsPerRequest int   `yaml:"max_chars_per_request"`
	MaxCharsPerDay     int64 `yaml:"max_chars_per_day"`
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
	// RSAPrivateKeyFile is a PEM RSA private key (PKCS#1 or PKCS#8). When it (or
	// RSAPrivateKey) is set, login also accepts the reference client's password form: the
	// password encrypted with the matching public key (PKCS#1 v1.5, base64). Plain-text
	// passwords keep working. `dwsurvey dev` creates <data>/login-rsa.pem when neither is set.
	RSAPrivateKeyFile string `yaml:"rsa_private_key_file"`
	// RSAPrivateKey is the same key as PEM text (e.g. from DWS_AUTH_RSA_PRIVATE_KEY); it wins over the file.
	RSAPrivateKey string `yaml:"rsa_private_key"`
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

// OutboundConfig guards requests the server sends to URLs users typed (webhooks, JSON-URL
// imports; services/netguard): loopback, private, link-local, multicast and other internal
// addresses are refused unless listed here.
type OutboundConfig struct {
	// AllowCIDRs are internal networks (or single addresses) outgoing requests may reach
	// anyway, e.g. an intranet chat bot. Empty: only public addresses.
	AllowCIDRs []string `yaml:"allow_cidrs"`
}

type ExportConfig struct {
	// Concurrency is how many exports one worker runs at once; the rest wait in the queue
	// (their own Temporal task queue, <temporal.task_queue>-export).
	Concurrency int `yaml:"concurrency"`
	// TTL is how long a finished export file is kept before the daily expiry deletes it.
	TTL time.Duration `yaml:"ttl"`
	// PageSize is the number of answers read per keyset page (and stored per part).
	PageSize int `yaml:"page_size"`
	// ReadStat is the readstat tool that writes SPSS .sav files (Debian package readstat).
	ReadStat string `yaml:"readstat"`
	// ExpiryCron is the schedule (cron, server time zone) of the daily expiry.
	ExpiryCron string `yaml:"expiry_cron"`
	// TempDir holds files being written (empty: the system's temporary folder).
	TempDir string `yaml:"temp_dir"`
	// Font and LatinFont are the TrueType fonts of Word charts and PDF answer sheets: CJK
	// (Debian fonts-droid-fallback) and Latin (fonts-dejavu-core); empty: Debian's paths.
	Font      string `yaml:"font"`
	LatinFont string `yaml:"latin_font"`
}

// WebhookConfig holds the webhook secrets' key and the delivery retry schedule.
type WebhookConfig struct {
	// SecretKey seals the hooks' signing secrets at rest: 32 bytes in standard base64
	// (`openssl rand -base64 32`). `dwsurvey dev` creates <data>/webhook-secret.key when empty;
	// serve and worker without it refuse hooks that need a secret. Changing it makes stored
	// secrets unreadable (owners enter them again).
	SecretKey string `yaml:"secret_key"`
	// RetryInitial is the wait after the first failed attempt; it doubles per attempt up to
	// RetryMax (each wait ±20 % jitter, or the target's Retry-After); attempts stop RetryFor
	// after the first one.
	RetryInitial time.Duration `yaml:"retry_initial"`
	RetryMax     time.Duration `yaml:"retry_max"`
	RetryFor     time.Duration `yaml:"retry_for"`
}

// MailConfig is the SMTP server that sends invitations and reminders (services/mail).
type MailConfig struct {
	// Host of the SMTP server; empty: e-mail is not configured (invitations refuse e-mail).
	Host string `yaml:"host"`
	Port int    `yaml:"port"`
	// TLS is none, starttls (default; required when chosen) or tls (implicit, port 465).
	TLS  string `yaml:"tls"`
	User string `yaml:"user"`
	// Password of User (never logged or shown).
	Password string `yaml:"password"`
	// From is the sender address, FromName its display name.
	From     string `yaml:"from"`
	FromName string `yaml:"from_name"`
	// CAFile is a PEM file of extra roots the server's certificate may chain to.
	CAFile string `yaml:"ca_file"`
	// PerMinute bounds the invitations and reminders sent per minute by one distribution.
	PerMinute int `yaml:"per_minute"`
}

// SMSConfig is the text-message gateway of login codes, phone binding and SMS invitations
// (services/sms). Provider "" means SMS is not configured.
type SMSConfig struct {
	// Provider is aliyun (Alibaba Cloud SMS, signature v1) or tencent (Tencent Cloud SMS, TC3-HMAC-SHA256).
	Provider string `yaml:"provider"`
	// Endpoint overrides the provider's public API address (a test stand-in, a regional endpoint).
	Endpoint string `yaml:"endpoint"`
	// AccessKeyID and AccessKeySecret are the Alibaba Cloud AccessKey, or Tencent's SecretId and SecretKey.
	AccessKeyID     string `yaml:"access_key_id"`
	AccessKeySecret string `yaml:"access_key_secret"`
	// SignName is the approved signature shown in the message.
	SignName string `yaml:"sign_name"`
	// SDKAppID is Tencent's SmsSdkAppId (unused for aliyun). Region is the API region.
	SDKAppID string `yaml:"sdk_app_id"`
	Region   string `yaml:"region"`
	// CodeTemplate is the approved template of verification codes (one parameter: code);
	// InviteTemplate that of survey invitations (parameters: name, survey, link).
	CodeTemplate   string `yaml:"code_template"`
	InviteTemplate string `yaml:"invite_template"`
	// CodeTTL is how long a code is valid; ResendAfter the countdown before another code to the
	// same phone; PhonePerDay and IPPerHour bound the codes per phone and per client address.
	CodeTTL     time.Duration `yaml:"code_ttl"`
	ResendAfter time.Duration `yaml:"resend_after"`
	PhonePerDay int           `yaml:"phone_per_day"`
	IPPerHour   int           `yaml:"ip_per_hour"`
	// MaxGuesses wrong codes lock a code.
	MaxGuesses int `yaml:"max_guesses"`
}

// WeixinConfig is the WeChat official account / website application (services/weixin).
// AppID "" means WeChat is not configured.
type WeixinConfig struct {
	// AppID and AppSecret of the official account (JS-SDK, in-WeChat OAuth).
	AppID     string `yaml:"app_id"`
	AppSecret string `yaml:"app_secret"`
	// OpenAppID and OpenAppSecret are the website application of the WeChat open platform
	// (QR login); empty: the official account's are used.
	OpenAppID     string `yaml:"open_app_id"`
	OpenAppSecret string `yaml:"open_app_secret"`
	// APIBase is https://api.weixin.qq.com; OpenBase https://open.weixin.qq.com (test stand-ins override both).
	APIBase  string `yaml:"api_base"`
	OpenBase string `yaml:"open_base"`
}

// OIDCConfig is OpenID Connect single sign-on (services/sso). Issuer "" means it is off.
type OIDCConfig struct {
	// Issuer URL; its /.well-known/openid-configuration is read at start.
	Issuer       string `yaml:"issuer"`
	ClientID     string `yaml:"client_id"`
	ClientSecret string `yaml:"client_secret"`
	// Scopes asked besides openid (default profile, email).
	Scopes []string `yaml:"scopes"`
	// MatchClaim finds the local user: email (default), preferred_username or sub. A user with
	// no match is created.
	MatchClaim string `yaml:"match_claim"`
	// GroupsClaim names the claim holding the user's groups (default groups); RoleMap maps
	// them to role codes, "group=roleCode" each. Mapped roles are given at every login.
	GroupsClaim string   `yaml:"groups_claim"`
	RoleMap     []string `yaml:"role_map"`
	// ButtonText is the login page's button (default "Single sign-on").
	ButtonText string `yaml:"button_text"`
}

// MapsConfig is the map provider of geolocation questions; without a key the answer page
// falls back to the offline (IP region) lookup.
type MapsConfig struct {
	// Provider is amap (the default brand of "auto" outside WeChat).
	Provider string `yaml:"provider"`
	Key      string `yaml:"key"`
	// Key is the AMap key (also the web service key when ServiceKey is empty); SecurityCode is
	// Amap's JS API security code. Neither is sent to the browser (the answer page asks the
	// server for addresses, map-reverse.do).
	SecurityCode string `yaml:"security_code"`
	// ServiceKey is the AMap web service key of the server's reverse geocoding (empty: Key);
	// PrivateKey its digital signature private key (empty: unsigned requests); ServiceBase
	// overrides https://restapi.amap.com (a test stand-in). Never sent to the browser.
	ServiceKey  string `yaml:"service_key"`
	PrivateKey  string `yaml:"private_key"`
	ServiceBase string `yaml:"service_base"`
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
		Export:   ExportConfig{Concurrency: 2, TTL: 7 * 24 * time.Hour, PageSize: 2000, ReadStat: "readstat", ExpiryCron: "15 4 * * *"},
		Webhook:  WebhookConfig{RetryInitial: 30 * time.Second, RetryMax: time.Hour, RetryFor: 24 * time.Hour},
		Mail:     MailConfig{Port: 587, TLS: "starttls", PerMinute: 60},
		SMS: SMSConfig{CodeTTL: 5 * time.Minute, ResendAfter: time.Minute, PhonePerDay: 10, IPPerHour: 30, MaxGuesses: 10,
			Region: "cn-hangzhou"},
		Weixin: WeixinConfig{APIBase: "https://api.weixin.qq.com", OpenBase: "https://open.weixin.qq.com"},
		OIDC:   OIDCConfig{Scopes: []string{"profile", "email"}, MatchClaim: "email", GroupsClaim: "groups", ButtonText: "Single sign-on"},
		Maps:   MapsConfig{Provider: "amap"},
		AI:     AIConfig{Timeout: 90 * time.Second, Attempts: 3, MaxCharsPerRequest: 6000, MaxCharsPerDay: 200000},
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
	for _, p := range c.Outbound.AllowCIDRs {
		if net.ParseIP(p) == nil {
			if _, _, err := net.ParseCIDR(p); err != nil {
				return fmt.Errorf("outbound.allow_cidrs (DWS_OUTBOUND_ALLOW_CIDRS) %q: not an IP or CIDR", p)
			}
		}
	}
	if c.Export.Concurrency < 1 || c.Export.PageSize < 100 || c.Export.PageSize > 50000 || c.Export.TTL < time.Hour {
		return fmt.Errorf("export.concurrency must be at least 1, export.page_size 100..50000 and export.ttl at least 1h")
	}
	if k := strings.TrimSpace(c.Webhook.SecretKey); k != "" {
		if b, err := base64.StdEncoding.DecodeString(k); err != nil || len(b) != 32 {
			return fmt.Errorf("webhook.secret_key (DWS_WEBHOOK_SECRET_KEY): want 32 bytes in standard base64 (openssl rand -base64 32)")
		}
	}
	if c.Webhook.RetryInitial < time.Second || c.Webhook.RetryMax < c.Webhook.RetryInitial || c.Webhook.RetryFor < c.Webhook.RetryInitial {
		return fmt.Errorf("webhook.retry_initial (DWS_WEBHOOK_RETRY_INITIAL) must be at least 1s, and retry_max and retry_for at least retry_initial")
	}
	if c.AI.BaseURL != "" {
		u, err := url.Parse(c.AI.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("ai.base_url (DWS_AI_BASE_URL) must be an http(s) URL")
		}
		if strings.TrimSpace(c.AI.Model) == "" {
			return fmt.Errorf("ai.model (DWS_AI_MODEL) is required with ai.base_url")
		}
	}
	if c.AI.Timeout < time.Second || c.AI.Attempts < 1 || c.AI.Attempts > 20 || c.AI.MaxCharsPerRequest < 100 || c.AI.MaxCharsPerDay < int64(c.AI.MaxCharsPerRequest) {
		return fmt.Errorf("ai.timeout must be at least 1s, ai.attempts 1..20, ai.max_chars_per_request at least 100 and ai.max_chars_per_day at least max_chars_per_request")
	}
	if c.Mail.PerMinute < 1 || c.Mail.PerMinute > 100000 {
		return fmt.Errorf("mail.per_minute (DWS_MAIL_PER_MINUTE) must be 1..100000")
	}
	if c.Mail.Host != "" {
		if _, err := mail.New(c.MailClientConfig()); err != nil {
			return err
		}
	}
	switch c.SMS.Provider {
	case "":
	case "aliyun", "tencent":
		if c.SMS.AccessKeyID == "" || c.SMS.AccessKeySecret == "" || c.SMS.SignName == "" || c.SMS.CodeTemplate == "" {
			return fmt.Errorf("sms: access_key_id, access_key_secret, sign_name and code_template are required for %s", c.SMS.Provider)
		}
		if c.SMS.Provider == "tencent" && c.SMS.SDKAppID == "" {
			return fmt.Errorf("sms.sdk_app_id (DWS_SMS_SDK_APP_ID) is required for tencent")
		}
	default:
		return fmt.Errorf("sms.provider (DWS_SMS_PROVIDER) %q: want aliyun or tencent", c.SMS.Provider)
	}
	if c.SMS.CodeTTL < time.Minute || c.SMS.ResendAfter < time.Second || c.SMS.PhonePerDay < 1 || c.SMS.IPPerHour < 1 || c.SMS.MaxGuesses < 1 {
		return fmt.Errorf("sms: code_ttl at least 1m, resend_after at least 1s, phone_per_day, ip_per_hour and max_guesses positive")
	}
	if c.Weixin.AppID != "" && c.Weixin.AppSecret == "" {
		return fmt.Errorf("weixin.app_secret (DWS_WEIXIN_APP_SECRET) is required with weixin.app_id")
	}
	if c.OIDC.Issuer != "" {
		if c.OIDC.ClientID == "" {
			return fmt.Errorf("oidc.client_id (DWS_OIDC_CLIENT_ID) is required with oidc.issuer")
		}
		switch c.OIDC.MatchClaim {
		case "email", "preferred_username", "sub":
		default:
			return fmt.Errorf("oidc.match_claim (DWS_OIDC_MATCH_CLAIM) %q: want email, preferred_username or sub", c.OIDC.MatchClaim)
		}
		for _, m := range c.OIDC.RoleMap {
			if g, r, ok := strings.Cut(m, "="); !ok || strings.TrimSpace(g) == "" || strings.TrimSpace(r) == "" {
				return fmt.Errorf("oidc.role_map (DWS_OIDC_ROLE_MAP) %q: want group=roleCode", m)
			}
		}
	}
	if c.Temporal.TaskQueue == "" || c.Temporal.Namespace == "" {
		return fmt.Errorf("temporal.task_queue and temporal.namespace are required")
	}
	return nil
}

// MailClientConfig is the mail section as the SMTP client takes it.
func (c *Config) MailClientConfig() mail.Config {
	m := c.Mail
	return mail.Config{Host: m.Host, Port: m.Port, TLS: m.TLS, User: m.User, Password: m.Password, From: m.From,
		FromName: m.FromName, CAFile: m.CAFile}
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
