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
	"strings"
	"syscall"
	"time"

	tlog "go.temporal.io/sdk/log"

	"dwsurvey/config"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/secretbox"
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

// devSecretKey reads the webhook secrets' key of a dev data folder, creating it (mode 0600)
// on the first start: dev needs no configuration, and the key stays with the data it seals.
func devSecretKey(dir string) (string, error) {
	path := filepath.Join(dir, "webhook-secret.key")
	if b, err := os.ReadFile(path); err == nil {
		return strings.TrimSpace(string(b)), nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	key := secretbox.NewKey()
	if err := os.WriteFile(path, []byte(key+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("create %s: %w", path, err)
	}
	return key, nil
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
	if cfg.Webhook.SecretKey == "" {
		if cfg.Webhook.SecretKey, err = devSecretKey(cfg.Data.Dir); err != nil {
			return err
		}
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
	keyNote, err := a.devLoginKey()
	if err != nil {
		return err
	}
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
	if keyNote != "" {
		fmt.Print(keyNote)
	}
	fmt.Println("Press Ctrl-C to stop.")
	return a.serveHTTP(ctx)
}

// devLoginKey loads the configured RSA login key or, when none is configured, the pair in
// <data>/login-rsa.pem (created on first start). The note tells the public key to build
// reference (DWSurvey Vue) clients with; it is empty for a configured key.
func (a *app) devLoginKey() (string, error) {
	cfg := a.cfg
	if cfg.Auth.RSAPrivateKeyFile != "" || cfg.Auth.RSAPrivateKey != "" {
		k, err := account.LoadLoginKey(cfg.Auth.RSAPrivateKeyFile, cfg.Auth.RSAPrivateKey)
		a.loginKey = k
		return "", err
	}
	path := filepath.Join(cfg.Data.Dir, "login-rsa.pem")
	k, created, err := account.EnsureLoginKeyFile(path)
	if err != nil {
		return "", err
	}
	a.loginKey = k
	verb := "Login RSA key"
	if created {
		verb = "Created the login RSA key"
	}
	return fmt.Sprintf("  %s: %s (for reference DWSurvey clients; public key below)\n  %s\n", verb, path, k.PublicKeyBase64()), nil
}
