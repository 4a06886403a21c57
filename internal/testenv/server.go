package testenv

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"go.temporal.io/sdk/worker"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/admin"
	"dwsurvey/services/ipregion"
	"dwsurvey/services/monitor"
	"dwsurvey/services/outbox"
	"dwsurvey/storage"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// AdminPassword is the password of the super administrator of every test server.
const AdminPassword = "admin-pass-1"

func init() { account.BcryptCost = bcrypt.MinCost }

// Clock is a movable clock for the account service and the rate limiter.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the real time plus the accumulated offset.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

// Options tune a test server.
type Options struct {
	// Config changes the configuration before the services are built.
	Config func(*config.Config)
	// Monitor is the workflow monitor backend (a stub that lists nothing by default).
	Monitor monitor.Backend
	// Blob is the blob store (a LocalBlobStore in a temp dir by default).
	Blob storage.BlobStore
	// Regions loads <repo>/bin/ip2region.db (or DWS_TEST_IP_DB) for answer regions.
	Regions bool
	// Temporal, when set, runs the product's workflows on that dev server: a worker on a
	// fresh task queue with the production activities, the outbox dispatcher (nudged by the
	// API, stopped with the test) and the review engine, as cmd/dwsurvey wires them.
	Temporal *Temporal
}

// Env is a running API over a fresh database.
type Env struct {
	Driver  string
	DB      *gorm.DB
	Config  config.Config
	Deps    api.Deps
	Router  *gin.Engine
	Routes  []api.Route
	Server  *httptest.Server
	Clock   *Clock
	Blob    storage.BlobStore
	BlobDir string // set for the default local blob store
	// TaskQueue and Outbox are set with Options.Temporal.
	TaskQueue string
	Outbox    *outbox.Dispatcher
}

// NewServer builds the API on a fresh migrated database of driver with the same wiring as
// cmd/dwsurvey, and serves it with httptest. The super administrator (id "1", admin) has AdminPassword.
func NewServer(t testing.TB, driver string, opts Options) *Env {
	t.Helper()
	db := DB(t, driver)
	cfg := config.Default()
	cfg.Data.Dir = t.TempDir()
	cfg.Server.ConsoleDir = ""
	if driver == "mysql" {
		cfg.Database.Driver, cfg.Database.DSN = "mysql", "test"
	}
	if opts.Config != nil {
		opts.Config(&cfg)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatalf("config: %v", err)
	}
	models.SetDisplayLocation(cfg.Location())
	if _, err := account.EnsureSuperAdmin(context.Background(), db, AdminPassword); err != nil {
		t.Fatalf("super admin: %v", err)
	}
	env := &Env{Driver: driver, DB: db, Config: cfg, Clock: &Clock{}, Blob: opts.Blob}
	if env.Blob == nil {
		env.BlobDir = t.TempDir()
		b, err := storage.NewLocalBlobStore(env.BlobDir)
		if err != nil {
			t.Fatal(err)
		}
		env.Blob = b
	}
	backend := opts.Monitor
	if backend == nil {
		backend = StubMonitor{}
	}
	parts := wire.Parts{Config: cfg, DB: db, Blob: env.Blob, Monitor: backend, Now: env.Clock.Now}
	key, err := account.LoadLoginKey(cfg.Auth.RSAPrivateKeyFile, cfg.Auth.RSAPrivateKey)
	parts.LoginKey = key
	if err != nil {
		t.Fatalf("login key: %v", err)
	}
	if opts.Regions {
		parts.Regions = regions(t)
	}
	if opts.Temporal != nil {
		env.TaskQueue = "dws-" + RandomSuffix(8)
		cfg.Temporal.TaskQueue = env.TaskQueue
		parts.Config = cfg
		env.Config = cfg
		d := &outbox.Dispatcher{DB: db, Poll: 200 * time.Millisecond}
		starter.Outbox(d, opts.Temporal.Client, env.TaskQueue, starter.Features{WorkflowTaskTimeout: 2 * time.Second,
			Webhooks:     wire.Webhooks(parts, nil, nil, nil),
			WebhookRetry: workflows.RetryPolicy{Initial: time.Second, Max: 2 * time.Second, For: time.Minute},
			Translation:  workflows.TranslationInput{ChunkTimeout: 20 * time.Second, ChunkAttempts: 2, RetryInterval: 200 * time.Millisecond}})
		parts.Outbox, parts.Review = d, &starter.Review{Client: opts.Temporal.Client}
		parts.Translations = &starter.Translations{Client: opts.Temporal.Client}
		w := worker.New(opts.Temporal.Client, env.TaskQueue, worker.Options{WorkerStopTimeout: 5 * time.Second})
		workflows.Register(w, wire.Activities(parts))
		if err := w.Start(); err != nil {
			t.Fatalf("start worker: %v", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { d.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done; w.Stop() })
		env.Outbox = d
	}
	env.Deps = wire.Deps(parts)
	env.Router, env.Routes = api.New(env.Deps)
	env.Server = httptest.NewServer(env.Router)
	t.Cleanup(env.Server.Close)
	return env
}

// StubMonitor is a monitor backend without a Temporal server: it knows no execution.
type StubMonitor struct{}

func (StubMonitor) List(context.Context, string, int, []byte) ([]monitor.Execution, []byte, error) {
	return nil, nil, nil
}
func (StubMonitor) Describe(context.Context, string, string) (*monitor.Execution, error) {
	return nil, models.ErrNotFound
}
func (StubMonitor) History(context.Context, string, string) ([]monitor.Event, error) { return nil, nil }
func (StubMonitor) Cancel(context.Context, string, string) error                     { return models.ErrNotFound }
func (StubMonitor) Terminate(context.Context, string, string, string) error {
	return models.ErrNotFound
}

// Response is a finished HTTP call.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Envelope is the decoded {resultCode, resultMsg, data} body.
type Envelope struct {
	ResultCode int             `json:"resultCode"`
	ResultMsg  string          `json:"resultMsg"`
	Data       json.RawMessage `json:"data"`
}

// Env decodes the body as an envelope (fails the test when it is not one).
func (r *Response) Env(t testing.TB) Envelope {
	t.Helper()
	var e Envelope
	if err := json.Unmarshal(r.Body, &e); err != nil {
		t.Fatalf("not an envelope (HTTP %d): %s", r.Status, r.Body)
	}
	return e
}

// JSON decodes the body into v.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %T from %s: %v", v, r.Body, err)
	}
}

// Code returns the envelope's resultCode.
func (r *Response) Code(t testing.TB) int { t.Helper(); return r.Env(t).ResultCode }

// Client calls the API with an optional token.
type Client struct {
	t       testing.TB
	BaseURL string
	Token   string
	Header  http.Header
}

// Client returns a client of the test server carrying token ("" = anonymous).
func (e *Env) Client(t testing.TB, token string) *Client {
	return &Client{t: t, BaseURL: e.Server.URL + api.Prefix + "/", Token: token, Header: http.Header{}}
}

// Do sends method path (relative to /api/dwsurvey/) with body encoded as JSON when not nil.
func (c *Client) Do(method, path string, body any) *Response {
	c.t.Helper()
	var rd io.Reader
	ctype := ""
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		rd, ctype = bytes.NewReader(raw), "application/json"
	}
	return c.send(method, path, rd, ctype)
}

func (c *Client) send(method, path string, rd io.Reader, ctype string) *Response {
	c.t.Helper()
	url := path
	if !strings.HasPrefix(path, "http") {
		url = c.BaseURL + strings.TrimPrefix(path, "/")
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", c.Token)
	}
	for k, v := range c.Header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

// Get is Do(GET).
func (c *Client) Get(path string) *Response { c.t.Helper(); return c.Do(http.MethodGet, path, nil) }

// Post is Do(POST) with a JSON body.
func (c *Client) Post(path string, body any) *Response {
	c.t.Helper()
	return c.Do(http.MethodPost, path, body)
}

// Upload sends a multipart form with one file under field and extra form values.
func (c *Client) Upload(path, field, filename string, content []byte, values map[string]string) *Response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range values {
		_ = mw.WriteField(k, v)
	}
	fw, err := mw.CreateFormFile(field, filename)
	if err != nil {
		c.t.Fatal(err)
	}
	_, _ = fw.Write(content)
	_ = mw.Close()
	return c.send(http.MethodPost, path, &buf, mw.FormDataContentType())
}

// LoginResponse is the body of login.do.
type LoginResponse struct {
	Status           string   `json:"status"`
	Type             string   `json:"type"`
	CurrentAuthority []string `json:"currentAuthority"`
	Token            *string  `json:"token"`
	HTTPResult       Envelope `json:"httpResult"`
}

// TryLogin posts login.do and decodes the answer.
func (e *Env) TryLogin(t testing.TB, userName, password string) LoginResponse {
	t.Helper()
	var lr LoginResponse
	e.Client(t, "").Post("anon/security-token/login.do", map[string]string{"type": "account", "userName": userName, "password": password}).JSON(t, &lr)
	return lr
}

// Login logs in and returns the token (fails the test otherwise).
func (e *Env) Login(t testing.TB, userName, password string) string {
	t.Helper()
	lr := e.TryLogin(t, userName, password)
	if lr.Status != "ok" || lr.Token == nil {
		t.Fatalf("login %s failed: %+v", userName, lr)
	}
	return *lr.Token
}

// AdminToken logs the super administrator in.
func (e *Env) AdminToken(t testing.TB) string { t.Helper(); return e.Login(t, "admin", AdminPassword) }

// CreateUser adds an active user with a fresh role holding perms (no role when perms is empty)
// through the admin service, and returns its id.
func (e *Env) CreateUser(t testing.TB, loginName, password string, perms ...string) string {
	t.Helper()
	ctx := context.Background()
	in := admin.UserInput{LoginName: loginName, Name: loginName, Email: loginName + "@example.com", Password: password,
		RoleIDs: []string{}} // explicit: without roleIds AddUser gives the Survey author role
	if len(perms) > 0 {
		code := "r_" + RandomSuffix(4)
		r, err := e.Deps.Admin.AddRole(ctx, admin.Actor{}, admin.RoleInput{Name: code, Code: code, PermissionCodes: perms})
		if err != nil {
			t.Fatalf("add role: %v", err)
		}
		in.RoleIDs = []string{r.ID}
	}
	u, err := e.Deps.Admin.AddUser(ctx, admin.Actor{}, in)
	if err != nil {
		t.Fatalf("add user %s: %v", loginName, err)
	}
	return u.ID
}

// snapshotTables are the tables whose content no refused request may change.
var snapshotTables = []struct{ table, order string }{
	{"users", "id"}, {"roles", "id"}, {"role_permissions", "role_id, permission_code"}, {"user_roles", "user_id, role_id"},
	{"departments", "id"}, {"user_departments", "user_id, dept_id"}, {"site_settings", "`key`"}, {"upload_files", "id"},
	{"permissions", "id"}, {"sys_log_archives", "id"},
}

// Snapshot renders the business tables (not the log, tokens or rate counters) as one
// string, so a test can assert that a refused request changed nothing.
func Snapshot(t testing.TB, db *gorm.DB) string {
	t.Helper()
	var b strings.Builder
	for _, st := range snapshotTables {
		b.WriteString(TableSnapshot(t, db, st.table, st.order) + "\n")
	}
	return b.String()
}

// TableSnapshot renders the rows of one table in the given order as "table:<JSON>".
func TableSnapshot(t testing.TB, db *gorm.DB, table, order string) string {
	t.Helper()
	var rows []map[string]any
	if err := db.Table(table).Order(order).Find(&rows).Error; err != nil {
		t.Fatalf("snapshot %s: %v", table, err)
	}
	raw, _ := json.Marshal(rows)
	return table + ":" + string(raw)
}

// PageResult is the reference's paged list shape.
type PageResult struct {
	Total    int64           `json:"total"`
	Current  int             `json:"current"`
	PageSize int             `json:"pageSize"`
	Success  bool            `json:"success"`
	Data     json.RawMessage `json:"data"`
}

// Page decodes a PageResult body and its rows into rows.
func (r *Response) Page(t testing.TB, rows any) PageResult {
	t.Helper()
	var p PageResult
	r.JSON(t, &p)
	if !p.Success {
		t.Fatalf("not a PageResult: %s", r.Body)
	}
	if rows != nil {
		if err := json.Unmarshal(p.Data, rows); err != nil {
			t.Fatalf("page rows: %v", err)
		}
	}
	return p
}

// OK asserts resultCode 200 and decodes data into v (when not nil).
func (r *Response) OK(t testing.TB, v any) {
	t.Helper()
	e := r.Env(t)
	if e.ResultCode != 200 {
		t.Fatalf("want resultCode 200, got %d %q", e.ResultCode, e.ResultMsg)
	}
	if v != nil {
		if err := json.Unmarshal(e.Data, v); err != nil {
			t.Fatalf("decode data %s: %v", e.Data, err)
		}
	}
}

// Refused asserts resultCode code and, when msg is not empty, a resultMsg containing msg.
func (r *Response) Refused(t testing.TB, code int, msg string) {
	t.Helper()
	e := r.Env(t)
	if e.ResultCode != code || (msg != "" && !strings.Contains(e.ResultMsg, msg)) {
		t.Fatalf("want resultCode %d with %q, got %d %q", code, msg, e.ResultCode, e.ResultMsg)
	}
}

var (
	regionsOnce sync.Once
	regionsDB   *ipregion.DB
	regionsErr  error
)

// regions loads the IP-region file once per test binary; missing means skip (fail in CI).
func regions(t testing.TB) *ipregion.DB {
	t.Helper()
	regionsOnce.Do(func() {
		path := os.Getenv("DWS_TEST_IP_DB")
		if path == "" {
			root, err := RepoRoot()
			if err != nil {
				regionsErr = err
				return
			}
			path = filepath.Join(root, "bin", "ip2region.db")
		}
		regionsDB, regionsErr = ipregion.Open(path)
	})
	if regionsErr != nil {
		Require(t, fmt.Errorf("ip2region.db (make ipdb): %w: %w", ErrMissing, regionsErr))
	}
	return regionsDB
}
