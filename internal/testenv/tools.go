package testenv

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/testsuite"
)

// Temporal is a Temporal dev server started from the pinned CLI.
type Temporal struct {
	Addr      string
	Namespace string
	Client    client.Client
	srv       *testsuite.DevServer
	dir       string
}

// StartTemporal starts `temporal server start-dev` on a free port (call it once per package,
// from TestMain). A missing CLI is an ErrMissing error.
func StartTemporal() (*Temporal, error) {
	cli, err := TemporalCLI()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "dws-temporal-")
	if err != nil {
		return nil, err
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	srv, err := testsuite.StartDevServer(ctx, testsuite.DevServerOptions{
		ExistingPath:  cli,
		ClientOptions: &client.Options{HostPort: addr, Namespace: "default"},
		DBFilename:    filepath.Join(dir, "temporal.db"),
		LogLevel:      "error",
		ExtraArgs:     []string{"--headless"},
		Stdout:        io.Discard,
		Stderr:        io.Discard,
	})
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start Temporal dev server: %w", err)
	}
	return &Temporal{Addr: srv.FrontendHostPort(), Namespace: "default", Client: srv.Client(), srv: srv, dir: dir}, nil
}

// Stop ends the server and removes its files.
func (t *Temporal) Stop() {
	if t == nil {
		return
	}
	_ = t.srv.Stop()
	os.RemoveAll(t.dir)
}

// VersityGW is a running versitygw serving a temp folder as S3.
type VersityGWServer struct {
	Endpoint  string // host:port
	AccessKey string
	SecretKey string
	cmd       *exec.Cmd
	dir       string
}

// StartVersityGW starts versitygw (posix backend) on a free port. A missing binary is ErrMissing.
func StartVersityGW() (*VersityGWServer, error) {
	bin, err := VersityGW()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "dws-versitygw-")
	if err != nil {
		return nil, err
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	s := &VersityGWServer{Endpoint: fmt.Sprintf("127.0.0.1:%d", port), AccessKey: "dwstestaccess", SecretKey: "dwstestsecret" + RandomSuffix(4), dir: dir}
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(dir, "versitygw.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "--access", s.AccessKey, "--secret", s.SecretKey, "--port", s.Endpoint, "--quiet", "posix", root)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start versitygw: %w", err)
	}
	s.cmd = cmd
	if err := WaitPort(s.Endpoint, 15*time.Second); err != nil {
		s.Stop()
		raw, _ := os.ReadFile(filepath.Join(dir, "versitygw.log"))
		return nil, fmt.Errorf("versitygw: %v\n%s", err, raw)
	}
	return s, nil
}

// Stop kills the gateway and removes its folder.
func (s *VersityGWServer) Stop() {
	if s == nil {
		return
	}
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = s.cmd.Process.Kill()
			<-done
		}
	}
	os.RemoveAll(s.dir)
}
