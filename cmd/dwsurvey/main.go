// Command dwsurvey runs the survey, exam and vote system.
//
//	dwsurvey dev      everything on one machine with embedded defaults (SQLite, local blobs,
//	                  a Temporal dev server as a child process, API + worker in one process)
//	dwsurvey serve    the API and the console (production; N replicas)
//	dwsurvey worker   the Temporal worker (production; M replicas)
//	dwsurvey migrate  create or upgrade the schema, create the super administrator, exit
//	dwsurvey openapi  print the OpenAPI document of the API
//
// Common flags: --config FILE, --addr HOST:PORT, --data DIR. Every setting can also be
// given as DWS_<SECTION>_<KEY> (see README).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"dwsurvey/config"
)

func usage() {
	fmt.Fprintln(os.Stderr, `usage: dwsurvey <dev|serve|worker|migrate|openapi> [--config FILE] [--addr HOST:PORT] [--data DIR]`)
}

// defaultGCPercent is the Go garbage collector target when GOGC is not set: the request path
// allocates short-lived JSON and documents, and collecting 4× less often cut 15–30 % of the
// server's CPU per submission under load (docs/benchmarks.md) for a few MB more heap.
const defaultGCPercent = 400

// workerMemoryLimit is the worker's soft memory limit when GOMEMLIMIT is not set (bytes): with
// the GC target of 400 an XLSX export of a million answers peaked at 314 MB of RSS; near this
// limit the collector runs more often, so a large export stays under 300 MB while a CSV
// export (about 105 MB) keeps the faster target (docs/benchmarks-export.md, run 7).
const workerMemoryLimit = 200 << 20

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	cmd := os.Args[1]
	if cmd == "worker" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(workerMemoryLimit)
	}
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	cfgPath := fs.String("config", "", "YAML configuration file")
	addr := fs.String("addr", "", "listen address HOST:PORT (default 127.0.0.1:8080)")
	data := fs.String("data", "", "data directory (default ./data)")
	_ = fs.Parse(os.Args[2:])

	cfg, err := config.Load(*cfgPath, os.LookupEnv)
	if err != nil {
		fatal(err)
	}
	if *addr != "" {
		cfg.Server.Addr = *addr
	}
	if *data != "" {
		cfg.Data.Dir = *data
	}
	if err := cfg.Finish(); err != nil {
		fatal(err)
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch cmd {
	case "dev":
		err = runDev(ctx, cfg)
	case "serve":
		err = runServe(ctx, cfg)
	case "worker":
		err = runWorker(ctx, cfg)
	case "migrate":
		err = runMigrate(ctx, cfg)
	case "openapi":
		err = printOpenAPI(cfg)
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "dwsurvey:", err)
	os.Exit(1)
}
