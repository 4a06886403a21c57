package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/storage"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// app holds the opened parts shared by the subcommands.
type app struct {
	cfg      config.Config
	db       *gorm.DB
	blob     storage.BlobStore
	temporal client.Client
	audit    *audit.Recorder
}

func openDB(ctx context.Context, cfg config.Config) (*gorm.DB, error) {
	models.SetDisplayLocation(cfg.Location())
	return storage.OpenDB(cfg.Database.Driver, cfg.Database.DSN, cfg.Database.MaxOpenConns)
}

func openBlob(ctx context.Context, cfg config.Config) (storage.BlobStore, error) {
	b := cfg.Blob
	if b.Driver == "s3" {
		return storage.NewS3BlobStore(ctx, b.Endpoint, b.Bucket, b.AccessKey, b.SecretKey, b.Region, b.UseSSL)
	}
	return storage.NewLocalBlobStore(b.Dir)
}

// checkSchema refuses to run against a database that `dwsurvey migrate` has not brought up to date.
func checkSchema(ctx context.Context, db *gorm.DB) error {
	v, err := models.SchemaVersion(ctx, db)
	if err != nil {
		return err
	}
	if v < models.LatestVersion() {
		return fmt.Errorf("database schema is at version %d, this binary needs %d: run `dwsurvey migrate` first", v, models.LatestVersion())
	}
	return nil
}

func dialTemporal(ctx context.Context, cfg config.Config) (client.Client, error) {
	var last error
	for i := 0; i < 60; i++ {
		c, err := client.DialContext(ctx, client.Options{HostPort: cfg.Temporal.Address, Namespace: cfg.Temporal.Namespace,
			Logger: newTemporalLogger()})
		if err == nil {
			return c, nil
		}
		last = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, fmt.Errorf("connect to Temporal at %s: %w", cfg.Temporal.Address, last)
}

func (a *app) services() api.Deps {
	regions, err := wire.OpenRegions(a.cfg.Geo.IPDB)
	switch {
	case err != nil:
		slog.Warn("IP-region database unreadable; answer regions stay empty", "path", a.cfg.Geo.IPDB, "err", err)
	case regions == nil:
		slog.Warn("no IP-region database (run `make ipdb` or set DWS_GEO_IP_DB); answer regions stay empty", "path", a.cfg.Geo.IPDB)
	}
	return wire.Deps(wire.Parts{Config: a.cfg, DB: a.db, Blob: a.blob, Regions: regions,
		Monitor:    &starter.Monitor{Client: a.temporal, Namespace: a.cfg.Temporal.Namespace},
		Collection: &starter.Collection{Client: a.temporal, TaskQueue: a.cfg.Temporal.TaskQueue}})
}

// serveHTTP runs the API until ctx ends, then shuts down gracefully.
func (a *app) serveHTTP(ctx context.Context) error {
	router, _ := api.New(a.services())
	srv := &http.Server{Addr: a.cfg.Server.Addr, Handler: router, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// startWorker registers workflows and activities, ensures the schedules and starts polling.
func (a *app) startWorker(ctx context.Context) (worker.Worker, error) {
	acts := wire.Activities(wire.Parts{Config: a.cfg, DB: a.db})
	acts.Audit = a.audit
	w := worker.New(a.temporal, a.cfg.Temporal.TaskQueue, worker.Options{})
	workflows.Register(w, acts)
	if err := w.Start(); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	err := starter.EnsureLogArchiveSchedule(ctx, a.temporal, starter.ArchiveSchedule{Cron: a.cfg.Log.ArchiveCron, TimeZone: a.cfg.Server.TimeZone,
		TaskQueue: a.cfg.Temporal.TaskQueue, OlderThanDays: a.cfg.Log.ArchiveAfterDays, BatchSize: a.cfg.Log.ArchiveBatch})
	if err != nil {
		w.Stop()
		return nil, err
	}
	return w, nil
}

func runMigrate(ctx context.Context, cfg config.Config) error {
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
	announceAdmin(cfg, pw)
	v, _ := models.SchemaVersion(ctx, db)
	slog.Info("schema is up to date", "version", v)
	return nil
}

func announceAdmin(cfg config.Config, pw string) {
	switch {
	case pw == "":
	case cfg.Admin.Password != "":
		fmt.Println("Created the super administrator: login name admin, password from DWS_ADMIN_PASSWORD")
	default:
		fmt.Printf("Created the super administrator: login name admin, password %s\n(shown only this once; change it in the user centre)\n", pw)
	}
}

func runServe(ctx context.Context, cfg config.Config) error {
	a, err := openProduction(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.temporal.Close()
	slog.Info("serving", "addr", cfg.Server.Addr)
	return a.serveHTTP(ctx)
}

func runWorker(ctx context.Context, cfg config.Config) error {
	a, err := openProduction(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.temporal.Close()
	w, err := a.startWorker(ctx)
	if err != nil {
		return err
	}
	slog.Info("worker polling", "task_queue", cfg.Temporal.TaskQueue, "temporal", cfg.Temporal.Address)
	<-ctx.Done()
	w.Stop()
	return nil
}

func openProduction(ctx context.Context, cfg config.Config) (*app, error) {
	if cfg.Temporal.Address == "" {
		return nil, errors.New("temporal.address (DWS_TEMPORAL_ADDRESS) is required for serve and worker")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := checkSchema(ctx, db); err != nil {
		return nil, err
	}
	blob, err := openBlob(ctx, cfg)
	if err != nil {
		return nil, err
	}
	tc, err := dialTemporal(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return &app{cfg: cfg, db: db, blob: blob, temporal: tc, audit: &audit.Recorder{DB: db}}, nil
}

func printOpenAPI(cfg config.Config) error {
	_, routes := api.New(api.Deps{Config: cfg})
	doc, err := api.OpenAPI(routes)
	if err != nil {
		return err
	}
	fmt.Println(string(doc))
	return nil
}
