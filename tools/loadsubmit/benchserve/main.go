// Command benchserve runs the API for tools/loadsubmit without a Temporal server (the
// workflow monitor knows no execution and no collection workflow is started), with
// net/http/pprof on a second loopback port, so that the submission path can be profiled:
//
//	go run ./tools/loadsubmit/benchserve -dsn 'root:@tcp(127.0.0.1:3306)/dws_load' -addr 127.0.0.1:18491 -pprof 127.0.0.1:18492
//	go tool pprof -seconds 10 http://127.0.0.1:18492/debug/pprof/profile
//
// It migrates the database and creates the super administrator with -admin-password.
// The HTTP server and database pool are the ones of `dwsurvey serve`.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/monitor"
	"dwsurvey/storage"
)

type noMonitor struct{}

func (noMonitor) List(context.Context, string, int, []byte) ([]monitor.Execution, []byte, error) {
	return nil, nil, nil
}
func (noMonitor) Describe(context.Context, string, string) (*monitor.Execution, error) {
	return nil, models.ErrNotFound
}
func (noMonitor) History(context.Context, string, string) ([]monitor.Event, error) { return nil, nil }
func (noMonitor) Cancel(context.Context, string, string) error                     { return models.ErrNotFound }
func (noMonitor) Terminate(context.Context, string, string, string) error {
	return models.ErrNotFound
}

func loopback(addr string) {
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(os.Stderr, "benchserve: %s is not a loopback address\n", addr)
		os.Exit(2)
	}
}

func main() {
	dsn := flag.String("dsn", "root:@tcp(127.0.0.1:3306)/dws_load", "MariaDB/MySQL DSN (the database must exist)")
	addr := flag.String("addr", "127.0.0.1:18491", "API address (loopback)")
	pp := flag.String("pprof", "127.0.0.1:18492", "pprof address (loopback; empty = off)")
	pw := flag.String("admin-password", "bench-admin-1", "password of admin")
	maxOpen := flag.Int("max-open-conns", 50, "database pool size")
	flag.Parse()
	loopback(*addr)
	cfg := config.Default()
	cfg.Server.Addr, cfg.Server.ConsoleDir = *addr, ""
	cfg.Database.Driver, cfg.Database.DSN = "mysql", *dsn
	cfg.Data.Dir = os.TempDir()
	if err := cfg.Finish(); err != nil {
		log.Fatal(err)
	}
	models.SetDisplayLocation(cfg.Location())
	db, err := storage.OpenDB("mysql", *dsn, *maxOpen)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := models.Migrate(ctx, db); err != nil {
		log.Fatal(err)
	}
	if _, err := account.EnsureSuperAdmin(ctx, db, *pw); err != nil {
		log.Fatal(err)
	}
	blob, err := storage.NewLocalBlobStore(os.TempDir() + "/benchserve-blobs")
	if err != nil {
		log.Fatal(err)
	}
	router, _ := api.New(wire.Deps(wire.Parts{Config: cfg, DB: db, Blob: blob, Monitor: noMonitor{}}))
	if *pp != "" {
		loopback(*pp)
		go func() { log.Println(http.ListenAndServe(*pp, nil)) }()
	}
	log.Printf("serving on %s", *addr)
	log.Fatal((&http.Server{Addr: *addr, Handler: router}).ListenAndServe())
}
