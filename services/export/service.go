// Package export gets answers out: XLSX (excelize's streaming writer), CSV (RFC 4180, an
// optional BOM) and SPSS .sav (Debian's readstat tool), optionally in a ZIP with every
// uploaded file and signature. An export is a row (models.Export) created by the request
// together with the outbox event that starts its workflow (export:<id>); the worker runs
// Run, which reads the filtered answers in keyset pages, stores each page as a part in the
// blob store and reports its position, so a worker that takes over after a crash replays
// the parts and reads on from the last page. docs/api-export.md is the contract.
package export

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/analysis"
	"dwsurvey/services/outbox"
	"dwsurvey/services/report"
	"dwsurvey/storage"
)

// OutboxKind is the outbox event that starts an export's workflow (key: the export id).
const OutboxKind = "export.start"

// Formats of answer exports.
const (
	FormatXLSX = "xlsx"
	FormatCSV  = "csv"
	FormatSAV  = "sav"
)

// Canceller cancels the workflow of an export (workflows/starter implements it).
type Canceller interface {
	CancelExport(ctx context.Context, exportID string) error
}

// Service implements the export calls and the worker's steps.
type Service struct {
	DB       *gorm.DB
	Analysis *analysis.Service
	Blob     storage.BlobStore
	// Outbox is nudged after an export request committed its start event (nil: the
	// worker's dispatcher finds it on its next poll).
	Outbox outbox.Nudger
	// Workflows cancels running exports (nil: cancelling only marks the row).
	Workflows Canceller
	Now       func() time.Time
	// TTL is how long a finished file is kept (default 7 days).
	TTL time.Duration
	// PageSize is the number of answers per keyset page and part (default 2,000).
	PageSize int
	// ReadStat is the readstat tool (default "readstat" on PATH).
	ReadStat string
	// TempDir holds the files being written (default: the system's).
	TempDir string
	// Fonts are the Latin and CJK fonts of reports and PDF sheets (default: Debian's).
	Fonts *report.Fonts
	// OnRead, when set, is told how many answers each page read from the database
	// (tests measure how much a resumed export re-reads).
	OnRead func(n int)
	// OnStage, when set, is told how long each step of a sheet export took: "count",
	// "read" (a page from the database), "convert", "part" (storing it), "record" (its
	// position on the export row), "send" (waiting for the file writer), "write" (the
	// writer's rows, its own goroutine; written straight into the store: the page's lines),
	// "close" and "store" (benchmarks: where the time goes). Called from more than one
	// goroutine.
	OnStage func(stage string, d time.Duration)
}

// stage reports the time since t0 as stage (OnStage) and returns now.
func (s *Service) stage(name string, t0 time.Time) time.Time {
	now := time.Now()
	if s.OnStage != nil {
		s.OnStage(name, now.Sub(t0))
	}
	return now
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) ttl() time.Duration {
	if s.TTL > 0 {
		return s.TTL
	}
	return 7 * 24 * time.Hour
}

func (s *Service) pageSize() int {
	if s.PageSize > 0 {
		return s.PageSize
	}
	return 2000
}

// Options are the choices of an export request, fixed when it is made.
type Options struct {
	Filter analysis.Filter `json:"filter"`
	// Values: text (option titles) or code (option numbers) in XLSX/CSV.
	Values string `json:"values"`
	// BOM starts a CSV with a UTF-8 byte order mark (Excel then reads Chinese text).
	BOM bool `json:"bom"`
	// Lang is the interface language of the fixed headers and documents (en, zh).
	Lang string `json:"lang"`
	// Chart is the chart type of a Word report (column, bar, line, pie).
	Chart string `json:"chart,omitempty"`
	// Print is the print template of PDF answer sheets.
	Print PrintOptions `json:"print,omitempty"`
	// Cross adds cross tables to a Word report (row questions against a column question).
	Cross *analysis.CrossInput `json:"cross,omitempty"`
}

// Request is an export request.
type Request struct {
	SurveyID  string
	Format    string
	WithFiles bool
	Options   Options
}

// View is an export as the API shows it (export-log-info.do and the list).
type View struct {
	ID        string `json:"id"`
	SurveyID  string `json:"surveyId"`
	Format    string `json:"format"`
	WithFiles bool   `json:"withFiles"`
	State     string `json:"state"`
	Phase     string `json:"phase"`
	RowsDone  int64  `json:"rowsDone"`
	RowsTotal int64  `json:"rowsTotal"`
	Percent   int    `json:"percent"`
	// Progress is Percent as a fraction 0..1, the reference client's progress field.
	Progress   float64 `json:"progress"`
	FileName   string  `json:"fileName"`
	Size       int64   `json:"size"`
	Error      string  `json:"error,omitempty"`
	CreateTime string  `json:"createTime"`
	EndTime    string  `json:"endTime,omitempty"`
	ExpireTime string  `json:"expireTime,omitempty"`
	// QueuePosition is, for a queued export, how many exports wait before it (0: next).
	QueuePosition int64 `json:"queuePosition"`
}

func view(e *models.Export) View {
	v := View{ID: e.ID, SurveyID: e.SurveyID, Format: e.Format, WithFiles: e.WithFiles, State: e.State, Phase: e.Phase,
		RowsDone: e.RowsDone, RowsTotal: e.RowsTotal, FileName: e.FileName, Size: e.Size, Error: e.Error,
		CreateTime: models.FormatTime(e.CreatedAt), EndTime: models.FormatTimePtr(e.FinishedAt), ExpireTime: models.FormatTimePtr(e.ExpiresAt)}
	switch {
	case e.State == models.ExportDone:
		v.Percent = 100
	case e.RowsTotal > 0:
		v.Percent = int(min(99, e.RowsDone*100/e.RowsTotal))
	}
	v.Progress = float64(v.Percent) / 100
	return v
}

// Start checks the request, creates the export and its start event in one transaction and
// nudges the dispatcher. Another user's survey answers not found; bad options change nothing.
func (s *Service) Start(ctx context.Context, p *account.Principal, r Request) (*View, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	r.Format = strings.ToLower(strings.TrimSpace(r.Format))
	switch r.Format {
	case FormatXLSX, FormatCSV, FormatSAV:
	case FormatReport:
		switch r.Options.Chart {
		case "":
			r.Options.Chart = report.ChartColumn
		case report.ChartColumn, report.ChartBar, report.ChartLine, report.ChartPie:
		default:
			return nil, models.Invalid("Invalid chart type %q: use column, bar, line or pie", r.Options.Chart)
		}
		r.WithFiles = false
	case FormatPDF:
		if r.Options.Print.Template == "" {
			if err := r.Options.Print.check(); err != nil {
				return nil, err
			}
		}
		r.Options.Print.Logo = "" // only a saved template brings a logo
		r.WithFiles = false
	case "":
		r.Format = FormatXLSX
	default:
		return nil, models.Invalid("Invalid export format %q: use xlsx, csv or sav", r.Format)
	}
	switch r.Options.Values {
	case "":
		r.Options.Values = ValuesText
	case ValuesText, ValuesCode:
	default:
		return nil, models.Invalid("Invalid value mode %q: use text or code", r.Options.Values)
	}
	if r.Format == FormatSAV {
		r.Options.Values = ValuesCode
	}
	if r.Options.Lang != "zh" {
		r.Options.Lang = "en"
	}
	sv, err := s.Analysis.Access(ctx, p, strings.TrimSpace(r.SurveyID))
	if err != nil {
		return nil, err
	}
	if err := s.Analysis.CheckFilter(ctx, sv, r.Options.Filter); err != nil {
		return nil, err
	}
	if r.Format == FormatPDF {
		if r.Options.Print, err = s.resolvePrint(ctx, sv.ID, r.Options.Print); err != nil {
			return nil, err
		}
	}
	if r.Options.Cross != nil {
		if r.Format != FormatReport {
			return nil, models.Invalid("Cross tables are part of the Word report only")
		}
		r.Options.Cross.SurveyID = sv.ID
		if _, err := s.Analysis.CrossFor(ctx, sv, *r.Options.Cross); err != nil { // the same refusals as cross.do
			return nil, err
		}
	}
	opts, err := json.Marshal(r.Options)
	if err != nil {
		return nil, err
	}
	now := s.now()
	ext := r.Format
	switch {
	case r.WithFiles:
		ext = "zip"
	case r.Format == FormatReport:
		ext = "docx"
	}
	e := &models.Export{ID: uuid.NewString(), SurveyID: sv.ID, OwnerID: p.UserID, Format: r.Format, WithFiles: r.WithFiles,
		Options: string(opts), State: models.ExportQueued, FileName: fileName(sv.Title, now, ext), CreatedAt: now}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(e).Error; err != nil {
			return err
		}
		return outbox.Add(tx, now, outbox.Event{Kind: OutboxKind, Key: e.ID, Payload: StartPayload{ExportID: e.ID}})
	})
	if err != nil {
		return nil, err
	}
	outbox.Nudge(s.Outbox)
	v := view(e)
	v.QueuePosition, _ = s.queuePosition(ctx, e)
	return &v, nil
}

// StartPayload is the payload of the export.start event.
type StartPayload struct {
	ExportID string `json:"exportId"`
}

// fileName is "<survey title>-<yyyyMMddHHmmss>.<ext>" with characters that file systems
// refuse replaced.
func fileName(title string, at time.Time, ext string) string {
	t := strings.Map(func(r rune) rune {
		if r < 0x20 || strings.ContainsRune(`\/:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(title))
	if t == "" {
		t = "answers"
	}
	t = string([]rune(t)[:min(len([]rune(t)), 80)])
	return t + "-" + at.Format("20060102150405") + "." + ext
}

// own loads an export of the caller; anything else is not found.
func (s *Service) own(ctx context.Context, p *account.Principal, id string) (*models.Export, error) {
	id = strings.TrimSpace(id)
	if p == nil || id == "" {
		return nil, models.ErrNotFound
	}
	var e models.Export
	if err := s.DB.WithContext(ctx).Where("id = ? AND owner_id = ?", id, p.UserID).Take(&e).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	return &e, nil
}

func (s *Service) queuePosition(ctx context.Context, e *models.Export) (int64, error) {
	if e.State != models.ExportQueued {
		return 0, nil
	}
	var n int64
	err := s.DB.WithContext(ctx).Model(&models.Export{}).Where("state = ? AND created_at < ?", models.ExportQueued, e.CreatedAt).Count(&n).Error
	return n, err
}

// Info is export-log-info.do: the progress of one of the caller's exports.
func (s *Service) Info(ctx context.Context, p *account.Principal, id string) (*View, error) {
	e, err := s.own(ctx, p, id)
	if err != nil {
		return nil, err
	}
	v := view(e)
	v.QueuePosition, err = s.queuePosition(ctx, e)
	return &v, err
}

// ListResult is a page of the caller's exports of a survey (newest first).
type ListResult struct {
	PageNo     int    `json:"pageNo"`
	PageSize   int    `json:"pageSize"`
	TotalItems int64  `json:"totalItems"`
	TotalPage  int64  `json:"totalPage"`
	Result     []View `json:"result"`
}

// List lists the caller's exports of a survey.
func (s *Service) List(ctx context.Context, p *account.Principal, surveyID string, pageNo, size int) (*ListResult, error) {
	sv, err := s.Analysis.Access(ctx, p, strings.TrimSpace(surveyID))
	if err != nil {
		return nil, err
	}
	if pageNo < 1 {
		pageNo = 1
	}
	if size < 1 || size > 100 {
		size = 10
	}
	q := s.DB.WithContext(ctx).Model(&models.Export{}).Where("survey_id = ? AND owner_id = ?", sv.ID, p.UserID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []models.Export
	if err := q.Order("created_at DESC, id DESC").Limit(size).Offset((pageNo - 1) * size).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := &ListResult{PageNo: pageNo, PageSize: size, TotalItems: total, TotalPage: (total + int64(size) - 1) / int64(size), Result: []View{}}
	for i := range rows {
		v := view(&rows[i])
		if rows[i].State == models.ExportQueued {
			v.QueuePosition, _ = s.queuePosition(ctx, &rows[i])
		}
		out.Result = append(out.Result, v)
	}
	return out, nil
}

// Open opens the file of a finished export of the caller.
func (s *Service) Open(ctx context.Context, p *account.Principal, id string) (io.ReadCloser, *models.Export, error) {
	e, err := s.own(ctx, p, id)
	if err != nil {
		return nil, nil, err
	}
	if e.State != models.ExportDone || e.BlobKey == "" {
		return nil, nil, models.Invalid("The export is %s: there is no file to download", e.State)
	}
	rc, _, err := s.Blob.Get(ctx, e.BlobKey)
	if errors.Is(err, storage.ErrBlobNotFound) {
		return nil, nil, models.ErrNotFound
	}
	return rc, e, err
}

// Cancel cancels a queued or running export of the caller: the row is marked cancelled at
// once (the worker stops at its next page) and the workflow is cancelled, which deletes
// every part and file. Cancelling a finished export is refused.
func (s *Service) Cancel(ctx context.Context, p *account.Principal, id string) (*View, error) {
	e, err := s.own(ctx, p, id)
	if err != nil {
		return nil, err
	}
	if e.State != models.ExportQueued && e.State != models.ExportRunning {
		return nil, models.Invalid("The export is %s and cannot be cancelled", e.State)
	}
	now := s.now()
	res := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state IN ?", e.ID, []string{models.ExportQueued, models.ExportRunning}).
		Updates(map[string]any{"state": models.ExportCancelled, "finished_at": now})
	if res.Error != nil {
		return nil, res.Error
	}
	if s.Workflows != nil {
		if err := s.Workflows.CancelExport(ctx, e.ID); err != nil {
			return nil, fmt.Errorf("cancel export workflow: %w", err)
		}
	}
	return s.Info(ctx, p, id)
}
