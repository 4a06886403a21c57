package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
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
	"dwsurvey/services/export"
	"dwsurvey/services/outbox"
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
	// loginKey decrypts the reference client's RSA password form (nil: plain passwords only)
	loginKey *account.LoginKey

	outboxOnce sync.Once
	outbox     *outbox.Dispatcher
}

// dispatcher returns the process's outbox dispatcher, started on first use: the API nudges
// it after commits (latency), the worker's poll recovers what a crash left (dev runs one).
func (a *app) dispatcher(ctx context.Context) *outbox.Dispatcher {
	a.outboxOnce.Do(func() {
		a.outbox = &outbox.Dispatcher{DB: a.db}
		w := a.cfg.Webhook
		starter.Outbox(a.outbox, a.temporal, a.cfg.Temporal.TaskQueue, starter.Features{
			Webhooks:             wire.Webhooks(wire.Parts{Config: a.cfg, DB: a.db}, nil, a.audit, nil),
			WebhookRetry:         workflows.RetryPolicy{Initial: w.RetryInitial, Max: w.RetryMax, For: w.RetryFor},
			InvitationsPerMinute: a.cfg.Mail.PerMinute,
			Translation:          wire.TranslationOptions(a.cfg)})
		go a.outbox.Run(ctx)
	})
	return a.outbox
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

func (a *app) services(ctx context.Context) api.Deps {
	regions, err := wire.OpenRegions(a.cfg.Geo.IPDB)
	switch {
	case err != nil:
		slog.Warn("IP-region database unreadable; answer regions stay empty", "path", a.cfg.Geo.IPDB, "err", err)
	case regions == nil:
		slog.Warn("no IP-region database (run `make ipdb` or set DWS_GEO_IP_DB); answer regions stay empty", "path", a.cfg.Geo.IPDB)
	}
	return wire.Deps(wire.Parts{Config: a.cfg, DB: a.db, Blob: a.blob, Regions: regions, Outbox: a.dispatcher(ctx), LoginKey: a.loginKey,
		Monitor:      &starter.Monitor{Client: a.temporal, Namespace: a.cfg.Temporal.Namespace},
		Collection:   &starter.Collection{Client: a.temporal, TaskQueue: a.cfg.Temporal.TaskQueue},
		Exports:      &starter.Exports{Client: a.temporal},
		Translations: &starter.Translations{Client: a.temporal},
		Review:       &starter.Review{Client: a.temporal}})
}

// serveHTTP runs the API until ctx ends, then shuts down gracefully.
func (a *app) serveHTTP(ctx context.Context) error {
	router, _ := api.New(a.services(ctx))
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

// workers are the worker's pollers: the product's task queue and the export queue.
type workers []worker.Worker

// Stop stops every poller.
func (ws workers) Stop() {
	for _, w := range ws {
		w.Stop()
	}
}

// startWorker registers workflows and activities, ensures the schedules and starts polling:
// the product's task queue, and the export queue with at most export.concurrency exports
// at once (the rest wait in that queue).
func (a *app) startWorker(ctx context.Context) (workers, error) {
	acts := wire.Activities(wire.Parts{Config: a.cfg, DB: a.db, Blob: a.blob, Outbox: a.dispatcher(ctx)})
	acts.Audit = a.audit
	w := worker.New(a.temporal, a.cfg.Temporal.TaskQueue, worker.Options{})
	workflows.Register(w, acts)
	if err := w.Start(); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	ex := worker.New(a.temporal, workflows.ExportTaskQueue(a.cfg.Temporal.TaskQueue), worker.Options{
		MaxConcurrentActivityExecutionSize: a.cfg.Export.Concurrency, DisableWorkflowWorker: true})
	ex.RegisterActivity(acts)
	if err := ex.Start(); err != nil {
		w.Stop()
		return nil, fmt.Errorf("start export worker: %w", err)
	}
	ws := workers{w, ex}
	archive := starter.ArchiveSchedule{Cron: a.cfg.Log.ArchiveCron, TimeZone: a.cfg.Server.TimeZone,
		TaskQueue: a.cfg.Temporal.TaskQueue, OlderThanDays: a.cfg.Log.ArchiveAfterDays, BatchSize: a.cfg.Log.ArchiveBatch}
	err := starter.EnsureLogArchiveSchedule(ctx, a.temporal, archive)
	if err == nil {
		err = starter.EnsureAnswerLogArchiveSchedule(ctx, a.temporal, archive)
	}
	if err == nil {
		err = starter.EnsureExportExpirySchedule(ctx, a.temporal, a.cfg.Export.ExpiryCron, a.cfg.Server.TimeZone, a.cfg.Temporal.TaskQueue)
	}
	if err != nil {
		ws.Stop()
		return nil, err
	}
	return ws, nil
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
	// answers saved before schema step 23 get their export copies (exports read their
	// documents until then, at the old speed); resumable, only NULL copies are filled
	res, err := export.BackfillCopies(ctx, db, func(seen int64) {
		if seen%100000 == 0 {
			slog.Info("filling export copies of older answers", "answers", seen)
		}
	})
	if err != nil {
		return fmt.Errorf("export copies: %w", err)
	}
	if res.Written > 0 || res.Unreadable > 0 {
		slog.Info("export copies of older answers filled", "written", res.Written, "unreadable", res.Unreadable)
	}
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
	if a.loginKey, err = account.LoadLoginKey(cfg.Auth.RSAPrivateKeyFile, cfg.Auth.RSAPrivateKey); err != nil {
		return err
	}
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
