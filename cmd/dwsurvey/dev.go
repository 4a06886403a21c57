package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	tlog "go.temporal.io/sdk/log"

	"dwsurvey/config"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

func newTemporalLogger() tlog.Logger {
	return tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
}

// findTemporalCLI returns the configured CLI, ./bin/temporal, or temporal on PATH.
func findTemporalCLI(cfg config.Config) (string, error) {
	for _, p := range []string{cfg.Temporal.CLIPath, "bin/temporal"} {
		if p == "" {
			continue
		}
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return filepath.Abs(p)
		}
	}
	if p, err := exec.LookPath("temporal"); err == nil {
		return p, nil
	}
	return "", errors.New("the Temporal CLI is not installed: run `make tools` (installs it into ./bin), or set DWS_TEMPORAL_ADDRESS to use a running server")
}

// startTemporalDev starts `temporal server start-dev` as a child process that keeps its
// state in <data>/temporal.db and dies with this process.
func startTemporalDev(ctx context.Context, cfg config.Config) (*exec.Cmd, error) {
	cli, err := findTemporalCLI(cfg)
	if err != nil {
		return nil, err
	}
	port, uiPort := cfg.Temporal.DevPort, cfg.Temporal.DevUIPort
	if c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), 300*time.Millisecond); err == nil {
		c.Close()
		return nil, fmt.Errorf("port %d is already in use: stop the other Temporal server or set DWS_TEMPORAL_DEV_PORT / DWS_TEMPORAL_ADDRESS", port)
	}
	dbFile, _ := filepath.Abs(filepath.Join(cfg.Data.Dir, "temporal.db"))
	if err := os.MkdirAll(cfg.Data.Dir, 0o755); err != nil {
		return nil, err
	}
	logFile, err := os.OpenFile(filepath.Join(cfg.Data.Dir, "temporal.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(cli, "server", "start-dev", "--ip", "127.0.0.1", "--port", strconv.Itoa(port),
		"--ui-port", strconv.Itoa(uiPort), "--db-filename", dbFile, "--log-level", "warn")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM, Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start Temporal dev server: %w", err)
	}
	return cmd, nil
}

// stopChild asks the child to stop and kills it after 10 s.
func stopChild(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGINT)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
}

func runDev(ctx context.Context, cfg config.Config) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	if err := models.Migrate(ctx, db); err != nil {
		return err
	}
	pw, err := account.EnsureSuperAdmin(ctx, db, cfg.Admin.Password)
	if err != nil {
		return err
	}
	blob, err := openBlob(ctx, cfg)
	if err != nil {
		return err
	}
	var child *exec.Cmd
	if cfg.Temporal.Address == "" {
		child, err = startTemporalDev(ctx, cfg)
		if err != nil {
			return err
		}
		defer stopChild(child)
		cfg.Temporal.Address = fmt.Sprintf("127.0.0.1:%d", cfg.Temporal.DevPort)
		if cfg.Temporal.UIURL == "" {
			cfg.Temporal.UIURL = fmt.Sprintf("http://127.0.0.1:%d", cfg.Temporal.DevUIPort)
		}
	}
	tc, err := dialTemporal(ctx, cfg)
	if err != nil {
		return err
	}
	defer tc.Close()
	a := &app{cfg: cfg, db: db, blob: blob, temporal: tc, audit: &audit.Recorder{DB: db}}
	w, err := a.startWorker(ctx)
	if err != nil {
		return err
	}
	defer w.Stop()

	fmt.Printf("\nDWSurvey is running.\n  Console:         http://%s/\n", cfg.Server.Addr)
	if cfg.Temporal.UIURL != "" {
		fmt.Printf("  Temporal Web UI: %s\n", cfg.Temporal.UIURL)
	}
	fmt.Printf("  Data folder:     %s\n", cfg.Data.Dir)
	announceAdmin(cfg, pw)
	fmt.Println("Press Ctrl-C to stop.")
	return a.serveHTTP(ctx)
}
