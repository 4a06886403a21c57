// Package testenv holds the shared helpers of the foundation's tests: real databases
// (SQLite file and a fresh MariaDB database), a test API server, an HTTP client that
// speaks the envelope, and the external tools (Temporal dev server, versitygw).
//
// Tools are found through environment variables (DWS_TEST_MYSQL_DSN, DWS_TEST_TEMPORAL_CLI,
// DWS_TEST_VERSITYGW) with defaults under <repo>/bin. A missing tool skips the test, except
// when CI=true: then it fails.
package testenv

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// ErrMissing marks a tool or service that is not available on this machine.
var ErrMissing = errors.New("test dependency missing")

// InCI reports CI=true (missing tools must fail there).
func InCI() bool { return os.Getenv("CI") == "true" }

// Require skips (or, in CI, fails) the test when err is an ErrMissing, and fails it on any other error.
func Require(tb testing.TB, err error) {
	tb.Helper()
	if err == nil {
		return
	}
	if errors.Is(err, ErrMissing) && !InCI() {
		tb.Skipf("skipping: %v (set CI=true to make this a failure)", err)
	}
	tb.Fatalf("%v", err)
}

// RepoRoot walks up from the working directory to the folder holding go.mod.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// toolPath returns the path of a tool from env or <repo>/bin/<name>, or an ErrMissing error.
func toolPath(envName, name string) (string, error) {
	p := os.Getenv(envName)
	if p == "" {
		root, err := RepoRoot()
		if err != nil {
			return "", err
		}
		p = filepath.Join(root, "bin", name)
	}
	st, err := os.Stat(p)
	if err != nil || st.IsDir() {
		return "", fmt.Errorf("%w: %s not found at %s (set %s)", ErrMissing, name, p, envName)
	}
	return p, nil
}

// TemporalCLI is the path of the Temporal CLI (DWS_TEST_TEMPORAL_CLI or <repo>/bin/temporal).
func TemporalCLI() (string, error) { return toolPath("DWS_TEST_TEMPORAL_CLI", "temporal") }

// VersityGW is the path of versitygw (DWS_TEST_VERSITYGW or <repo>/bin/versitygw).
func VersityGW() (string, error) { return toolPath("DWS_TEST_VERSITYGW", "versitygw") }

// RandomSuffix returns n random bytes as hex.
func RandomSuffix(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// FreePort returns a TCP port free on 127.0.0.1 right now.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// WaitPort waits until addr accepts TCP connections.
func WaitPort(addr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not open within %s: %v", addr, timeout, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// SystemTool is the path of a Debian tool on PATH (readstat, pspp, libreoffice, pdftoppm),
// or an ErrMissing error naming the package that `make test` installs.
func SystemTool(name, pkg string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%w: %s not on PATH (apt-get install %s; `make test` installs it)", ErrMissing, name, pkg)
	}
	return p, nil
}
