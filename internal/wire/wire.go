// Package wire builds the API's services from the opened parts. cmd/dwsurvey and the
// test environment (internal/testenv) both use it, so tests run the production wiring.
package wire

import (
	"errors"
	"os"
	"time"

	"gorm.io/gorm"

	"dwsurvey/activities"
	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/services/account"
	"dwsurvey/services/admin"
	analysissvc "dwsurvey/services/analysis"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/collect"
	"dwsurvey/services/ipregion"
	"dwsurvey/services/monitor"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/site"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/services/upload"
	"dwsurvey/storage"
)

// Parts are the opened resources the services run on.
type Parts struct {
	Config  config.Config
	DB      *gorm.DB
	Blob    storage.BlobStore
	Monitor monitor.Backend
	// Now is the clock of every service (time.Now when nil; tests move it).
	Now func() time.Time
	// Regions maps client addresses to regions (nil: unknown).
	Regions *ipregion.DB
	// Collection runs the collection workflows (starter.Collection; nil: none run).
	Collection collect.Scheduler
}

// Deps wires every service of the API.
func Deps(p Parts) api.Deps {
	cfg, db := p.Config, p.DB
	rec := &audit.Recorder{DB: db}
	limiter := &ratelimit.Limiter{DB: db, Now: p.Now}
	st := &site.Service{DB: db}
	surveys := &surveysvc.Service{DB: db, Now: p.Now}
	answers := &answersvc.Service{DB: db, Surveys: surveys, Limiter: limiter, Loc: cfg.Location(), Now: p.Now,
		Region: regionLookup(p.Regions)}
	coll := collectService(p, surveys, answers)
	surveys.Collection, answers.Notifier = coll, coll
	return api.Deps{
		Config: cfg, DB: db, Audit: rec, Site: st, Survey: surveys,
		Account: &account.Service{DB: db, Limiter: limiter, Audit: rec, Site: st, TokenTTL: cfg.Auth.TokenTTL,
			MaxFailures: cfg.Auth.LoginMaxFailures, Window: cfg.Auth.LoginWindow, Now: p.Now},
		Admin:   &admin.Service{DB: db, Audit: rec},
		Upload:  &upload.Service{DB: db, Blob: p.Blob, MaxBytes: int64(cfg.Upload.MaxSizeMB) << 20},
		Answer:  answers,
		Collect: coll,
		Analysis: &analysissvc.Service{DB: db, Surveys: surveys, Answers: answers, Audit: rec, Loc: cfg.Location(), Now: p.Now,
			Region: regionLookup(p.Regions)},
		Monitor: &monitor.Service{Backend: p.Monitor, TaskQueue: cfg.Temporal.TaskQueue, UIURL: cfg.Temporal.UIURL,
			Namespace: cfg.Temporal.Namespace, Audit: rec},
	}
}

func collectService(p Parts, surveys *surveysvc.Service, answers *answersvc.Service) *collect.Service {
	return &collect.Service{DB: p.DB, Surveys: surveys, Answers: answers, Scheduler: p.Collection, Now: p.Now,
		PublicURL: p.Config.Server.PublicURL}
}

// Activities builds the worker's activities with the production services.
func Activities(p Parts) *activities.Activities {
	surveys := &surveysvc.Service{DB: p.DB, Now: p.Now}
	answers := &answersvc.Service{DB: p.DB, Surveys: surveys, Loc: p.Config.Location(), Now: p.Now}
	return &activities.Activities{Audit: &audit.Recorder{DB: p.DB}, Collect: collectService(p, surveys, answers)}
}

// regionLookup stores the province (the country for addresses outside China) and city.
func regionLookup(db *ipregion.DB) answersvc.RegionLookup {
	if db == nil {
		return nil
	}
	return func(ip string) (string, string) {
		r := db.Lookup(ip)
		if r.Province == "" && r.Country != "中国" {
			return r.Country, r.City
		}
		return r.Province, r.City
	}
}

// OpenRegions loads the IP-region file; a missing file gives nil (regions stay empty).
func OpenRegions(path string) (*ipregion.DB, error) {
	if path == "" {
		return nil, nil
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	return ipregion.Open(path)
}
