package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/storage"
	"dwsurvey/workflows"
)

type proc struct {
	name string
	cmd  *exec.Cmd
	out  *bytes.Buffer
	done chan error
}

func startProc(t *testing.T, bin string, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{name: args[0], cmd: exec.Command(bin, args...), out: &bytes.Buffer{}, done: make(chan error, 1)}
	p.cmd.Env = env
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", p.name, err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	return p
}

// stop sends SIGINT and expects a clean exit.
func (p *proc) stop(t *testing.T) {
	_ = p.cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-p.done:
		if err != nil {
			t.Errorf("%s did not stop cleanly: %v\n%s", p.name, err, p.out)
		}
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		t.Errorf("%s ignored SIGINT\n%s", p.name, p.out)
	}
}

func TestServeAndWorkerTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test")
	}
	tmp := t.TempDir()
	temporal, err := testenv.StartTemporal()
	testenv.Require(t, err)
	defer temporal.Stop()
	gw, err := testenv.StartVersityGW()
	testenv.Require(t, err)
	defer gw.Stop()
	mdb, err := testenv.CreateMySQLDatabase()
	testenv.Require(t, err)
	defer mdb.Drop()

	bin := filepath.Join(tmp, "dwsurvey")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	port, _ := testenv.FreePort()
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	bucket := "dws-it-" + testenv.RandomSuffix(4)
	queue := "dws-it-" + testenv.RandomSuffix(4)
	env := append(os.Environ(),
		"DWS_DATABASE_DRIVER=mysql", "DWS_DATABASE_DSN="+mdb.DSN,
		"DWS_TEMPORAL_ADDRESS="+temporal.Addr, "DWS_TEMPORAL_TASK_QUEUE="+queue,
		"DWS_BLOB_DRIVER=s3", "DWS_BLOB_ENDPOINT="+gw.Endpoint, "DWS_BLOB_BUCKET="+bucket,
		"DWS_BLOB_ACCESS_KEY="+gw.AccessKey, "DWS_BLOB_SECRET_KEY="+gw.SecretKey,
		"DWS_ADMIN_PASSWORD=it-admin-pw", "DWS_SERVER_ADDR="+addr, "DWS_DATA_DIR="+filepath.Join(tmp, "data"),
		"DWS_SERVER_CONSOLE_DIR=", "DWS_LOG_ARCHIVE_AFTER_DAYS=30", "DWS_LOG_ARCHIVE_BATCH=7")

	// serve refuses an unmigrated database.
	if out, err := runCmd(bin, env, "serve"); err == nil || !strings.Contains(out, "dwsurvey migrate") {
		t.Fatalf("serve on an empty database: %v\n%s", err, out)
	}
	for i := 0; i < 2; i++ { // migrate is repeatable
		if out, err := runCmd(bin, env, "migrate"); err != nil {
			t.Fatalf("migrate #%d: %v\n%s", i+1, err, out)
		}
	}

	serve := startProc(t, bin, env, "serve")
	worker := startProc(t, bin, env, "worker")
	defer worker.stop(t)
	defer serve.stop(t)
	base := "http://" + addr + "/api/dwsurvey/"
	if err := testenv.WaitPort(addr, 30*time.Second); err != nil {
		t.Fatalf("serve: %v\n%s", err, serve.out)
	}

	// Log in over HTTP.
	var lr struct {
		Status string
		Token  string
	}
	postJSON(t, base+"anon/security-token/login.do", "", map[string]string{"userName": "admin", "password": "it-admin-pw"}, &lr)
	if lr.Status != "ok" || lr.Token == "" {
		t.Fatalf("login: %+v", lr)
	}

	// Upload a file: it lands in versitygw.
	img := image.NewGray(image.Rect(0, 0, 4, 4))
	var pngBuf bytes.Buffer
	_ = png.Encode(&pngBuf, img)
	var up struct {
		ResultCode int
		Data       []struct{ ID, Location string }
	}
	uploadFile(t, base+"up/up-file.do", lr.Token, "a.png", pngBuf.Bytes(), &up)
	if up.ResultCode != 200 || len(up.Data) != 1 {
		t.Fatalf("upload: %+v", up)
	}
	db, err := storage.OpenDB("mysql", mdb.DSN, 2)
	if err != nil {
		t.Fatal(err)
	}
	var row models.UploadFile
	if err := db.Take(&row, "id = ?", up.Data[0].ID).Error; err != nil {
		t.Fatal(err)
	}
	s3, err := storage.NewS3BlobStore(context.Background(), gw.Endpoint, bucket, gw.AccessKey, gw.SecretKey, "us-east-1", false)
	if err != nil {
		t.Fatal(err)
	}
	rc, size, err := s3.Get(context.Background(), row.BlobKey)
	if err != nil || size != int64(pngBuf.Len()) {
		t.Fatalf("object %s in versitygw: %d bytes, %v", row.BlobKey, size, err)
	}
	rc.Close()
	req, _ := http.NewRequest("GET", "http://"+addr+up.Data[0].Location, nil)
	req.Header.Set("Authorization", lr.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(body, pngBuf.Bytes()) {
		t.Fatalf("download returned %d bytes", len(body))
	}

	// Old log rows, archived by a run of the worker's schedule.
	old := time.Now().UTC().Add(-40 * 24 * time.Hour)
	var logs []models.SysLog
	for i := 0; i < 20; i++ {
		logs = append(logs, models.SysLog{Name: "ancient", OperationType: "login", UserName: "it", CreatedAt: old.Add(-time.Duration(i) * time.Hour)})
	}
	if err := db.Create(&logs).Error; err != nil {
		t.Fatal(err)
	}
	tc, err := client.Dial(client.Options{HostPort: temporal.Addr, Namespace: temporal.Namespace})
	if err != nil {
		t.Fatal(err)
	}
	defer tc.Close()
	h := tc.ScheduleClient().GetHandle(context.Background(), workflows.LogArchiveScheduleID)
	deadline := time.Now().Add(30 * time.Second)
	for {
		d, err := h.Describe(context.Background())
		if err == nil {
			if a, ok := d.Schedule.Action.(*client.ScheduleWorkflowAction); !ok || a.TaskQueue != queue {
				t.Fatalf("schedule action = %#v", d.Schedule.Action)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not create the schedule: %v\n%s", err, worker.out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := h.Trigger(context.Background(), client.ScheduleTriggerOptions{}); err != nil {
		t.Fatal(err)
	}
	type page struct {
		Total int64
		Data  []struct{ Name, UserName string }
	}
	var archived page
	deadline = time.Now().Add(60 * time.Second)
	for {
		getJSON(t, base+"admin/log/list.do?archived=1&pageSize=100&userName=it", lr.Token, &archived)
		if archived.Total == 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("archived rows: %d\nworker:\n%s", archived.Total, worker.out)
		}
		time.Sleep(300 * time.Millisecond)
	}
	var live page
	getJSON(t, base+"admin/log/list.do?pageSize=100&userName=it", lr.Token, &live)
	if live.Total != 0 {
		t.Fatalf("%d archived rows still in the live log", live.Total)
	}
	getJSON(t, base+"admin/log/list.do?pageSize=100&operationType=login&success=1", lr.Token, &live)
	if live.Total < 1 {
		t.Fatal("the recent login row was archived too")
	}
	// The run is visible in the workflow monitor.
	var wf struct {
		ResultCode int
		Data       struct {
			Items []struct{ WorkflowType, Status, TaskQueue string }
		}
	}
	deadline = time.Now().Add(20 * time.Second)
	for {
		getJSON(t, base+"admin/workflow/list.do?workflowType=LogArchiveWorkflow&status=Completed", lr.Token, &wf)
		if wf.ResultCode == 200 && len(wf.Data.Items) == 1 && wf.Data.Items[0].TaskQueue == queue {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("monitor list: %+v", wf)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

func runCmd(bin string, env []string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func do(t *testing.T, req *http.Request, token string, out any) {
	t.Helper()
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s: %v: %s", req.URL, err, raw)
	}
}

func postJSON(t *testing.T, url, token string, body, out any) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	do(t, req, token, out)
}

func getJSON(t *testing.T, url, token string, out any) {
	req, _ := http.NewRequest("GET", url, nil)
	do(t, req, token, out)
}

func uploadFile(t *testing.T, url, token, name string, data []byte, out any) {
	var buf bytes.Buffer
	w := newMultipart(&buf, name, data)
	req, _ := http.NewRequest("POST", url, &buf)
	req.Header.Set("Content-Type", w)
	do(t, req, token, out)
}
