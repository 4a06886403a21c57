package export

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/analysis"
	"dwsurvey/services/report"
	lang "dwsurvey/survey"
)

// Document kinds made by the export workflow besides answer sheets (models.Export.Format).
const (
	// FormatReport is the Word statistics report (.docx).
	FormatReport = "report"
	// FormatPDF is a batch of PDF answer sheets of the filtered answers.
	FormatPDF = "pdf"
)

// MaxPDFAnswers bounds a batch of PDF answer sheets (one PDF is built in memory).
const MaxPDFAnswers = 2000

// PrintOptions is the print template of PDF answer sheets as requested: a saved template
// (Template, a models.PrintTemplate of the survey) or the settings given with the request.
// A batch keeps the template's settings as they were when it was requested.
type PrintOptions struct {
	Template  string   `json:"template,omitempty"`
	Header    string   `json:"header,omitempty"`
	ShowScore bool     `json:"showScore,omitempty"`
	Fields    []string `json:"fields,omitempty"`
	// Logo is the upload id of the template's logo.
	Logo string `json:"logo,omitempty"`
}

var printFields = map[string]bool{"time": true, "duration": true, "ip": true, "region": true, "id": true}

func (o PrintOptions) check() error {
	if len([]rune(o.Header)) > 200 {
		return models.Invalid("The header is at most 200 characters")
	}
	for _, f := range o.Fields {
		if !printFields[f] {
			return models.Invalid("Unknown print field %q: use time, duration, ip, region or id", f)
		}
	}
	return nil
}

func (s *Service) fonts() *report.Fonts {
	if s.Fonts != nil {
		return s.Fonts
	}
	return &report.Fonts{}
}

// surveyTitle is the plain title of a survey row.
func surveyTitle(sv *models.Survey) string {
	if t := plain(sv.Title); t != "" {
		return t
	}
	return sv.Sid
}

// runDocument makes a Word report or a batch of PDF answer sheets (no parts: a retry
// starts the document again; both are bounded).
func (s *Service) runDocument(ctx context.Context, e *models.Export, opts Options) error {
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", e.SurveyID).Error; err != nil {
		return err
	}
	now := s.now()
	upd := map[string]any{"state": models.ExportRunning, "phase": PhaseWriting}
	if e.StartedAt == nil {
		upd["started_at"] = now
	}
	if err := s.progress(ctx, e.ID, upd); err != nil {
		return err
	}
	var buf bytes.Buffer
	ext := "docx"
	switch e.Format {
	case FormatReport:
		r, err := s.Analysis.ReportFor(ctx, &sv)
		if err != nil {
			return err
		}
		questions := 0
		if _, d, err := s.Analysis.PublishedDoc(ctx, &sv); err == nil && d != nil {
			for _, q := range d.Questions {
				if q != nil && q.IsCounted() && !q.IsDisplayOnly() {
					questions++
				}
			}
		}
		var cross *analysis.Cross
		if opts.Cross != nil {
			if cross, err = s.Analysis.CrossFor(ctx, &sv, *opts.Cross); err != nil {
				return err
			}
		}
		m := &report.Maker{Fonts: s.fonts(), TempDir: s.TempDir}
		if err := m.WordReport(report.ReportInput{Title: surveyTitle(&sv), Report: r, Lang: opts.Lang, Chart: opts.Chart,
			Made: models.FormatTime(now), Questions: questions, Cross: cross}, &buf); err != nil {
			return err
		}
		if err := s.progress(ctx, e.ID, map[string]any{"rows_total": r.Total, "rows_done": r.Total}); err != nil {
			return err
		}
	case FormatPDF:
		ext = "pdf"
		if err := s.pdfBatch(ctx, e, &sv, opts, &buf); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown document kind %q", e.Format)
	}
	if err := s.progress(ctx, e.ID, map[string]any{"phase": PhaseStoring}); err != nil {
		return err
	}
	key := fileKey(e.ID, ext)
	if err := s.Blob.Put(ctx, key, bytes.NewReader(buf.Bytes()), int64(buf.Len()), ContentType(ext)); err != nil {
		return err
	}
	done := s.now()
	res := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state = ?", e.ID, models.ExportRunning).
		Updates(map[string]any{"state": models.ExportDone, "phase": "", "blob_key": key, "size": buf.Len(), "finished_at": done, "expires_at": done.Add(s.ttl())})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		_ = s.Blob.Delete(ctx, key)
		return ErrCancelled
	}
	return nil
}

// pdfBatch renders the filtered answers (at most MaxPDFAnswers) as PDF answer sheets.
func (s *Service) pdfBatch(ctx context.Context, e *models.Export, sv *models.Survey, opts Options, w io.Writer) error {
	pager, err := s.Analysis.Pages(ctx, sv, opts.Filter)
	if err != nil {
		return err
	}
	total, err := pager.Count(ctx)
	if err != nil {
		return err
	}
	if total > MaxPDFAnswers {
		return fmt.Errorf("%d answers match: a PDF batch holds at most %d, narrow the filters or export a sheet", total, MaxPDFAnswers)
	}
	if err := s.progress(ctx, e.ID, map[string]any{"rows_total": total}); err != nil {
		return err
	}
	var sheets []report.Sheet
	var c analysis.Cursor
	for {
		answers, next, err := pager.Next(ctx, c, s.pageSize())
		if err != nil {
			return err
		}
		if len(answers) == 0 {
			break
		}
		for i := range answers {
			sh, err := s.sheet(ctx, sv, &answers[i])
			if err != nil {
				return err
			}
			sheets = append(sheets, sh)
		}
		c = next
		if err := s.progress(ctx, e.ID, map[string]any{"rows_done": len(sheets)}); err != nil {
			return err
		}
	}
	return s.fonts().AnswerSheets(w, sheets, s.reportPrint(ctx, sv.ID, opts.Print, opts.Lang))
}

// sheet is one answer with the document of the version it was given on.
func (s *Service) sheet(ctx context.Context, sv *models.Survey, a *models.Answer) (report.Sheet, error) {
	_, d, err := s.Analysis.VersionDoc(ctx, sv, a.SurveyVersion)
	if err != nil {
		return report.Sheet{}, err
	}
	var doc struct {
		AnQuestions []*lang.AnQuestion `json:"anQuestions"`
	}
	if err := json.Unmarshal([]byte(a.Document), &doc); err != nil {
		return report.Sheet{}, err
	}
	facts := map[string]string{"time": models.FormatTime(a.EndAnDate), "ip": a.ClientIP, "region": strings.TrimSpace(a.Province + " " + a.City),
		"id": a.ID, "duration": fmt.Sprintf("%ds", a.DurationMs/1000)}
	return report.Sheet{Title: surveyTitle(sv), Doc: d, Answer: doc.AnQuestions, Facts: facts, SumScore: a.SumScore,
		Images: func(p string) []byte { return s.uploadImage(ctx, sv.ID, p) }}, nil
}

// uploadImage reads an uploaded file of the survey (at most 10 MB) for a sheet; other
// surveys' files and missing files give nil.
func (s *Service) uploadImage(ctx context.Context, surveyID, p string) []byte {
	id := uploadID(p)
	var row models.UploadFile
	if id == "" || s.DB.WithContext(ctx).Take(&row, "id = ? AND survey_id = ?", id, surveyID).Error != nil {
		return nil
	}
	if !strings.HasPrefix(row.ContentType, "image/") {
		return nil
	}
	rc, _, err := s.Blob.Get(ctx, row.BlobKey)
	if err != nil {
		return nil
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 10<<20))
	if err != nil {
		return nil
	}
	return b
}

// AnswerPDF writes one answer's sheet (the print view as PDF) for survey staff.
func (s *Service) AnswerPDF(ctx context.Context, p *account.Principal, answerID string, o PrintOptions, lng string, w io.Writer) (string, error) {
	if o.Template == "" {
		if err := o.check(); err != nil {
			return "", err
		}
	}
	surveyID, err := s.Analysis.AnswerAccess(ctx, p, answerID)
	if err != nil {
		return "", err
	}
	if o, err = s.resolvePrint(ctx, surveyID, o); err != nil {
		return "", err
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", surveyID).Error; err != nil {
		return "", err
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Take(&a, "id = ?", strings.TrimSpace(answerID)).Error; err != nil {
		return "", models.ErrNotFound
	}
	sh, err := s.sheet(ctx, &sv, &a)
	if err != nil {
		return "", err
	}
	if err := s.fonts().AnswerSheets(w, []report.Sheet{sh}, s.reportPrint(ctx, sv.ID, o, lng)); err != nil {
		return "", err
	}
	return fileName(surveyTitle(&sv)+"-"+a.ID, s.now(), "pdf"), nil
}

// Questionnaire writes the survey's current design as a printable Word document.
func (s *Service) Questionnaire(ctx context.Context, draft []byte, lng string, w io.Writer) (string, error) {
	d, _, err := lang.Parse(draft)
	if err != nil {
		return "", models.Invalid("The survey document cannot be read: %v", err)
	}
	title := ""
	if d.SurveyNameObj != nil {
		title = plain(d.SurveyNameObj.DwText)
	}
	if title == "" {
		title = plain(string(d.SurveyName))
	}
	m := &report.Maker{Fonts: s.fonts(), TempDir: s.TempDir}
	if err := m.Questionnaire(d, title, lng, w); err != nil {
		return "", err
	}
	return fileName(title, s.now(), "docx"), nil
}
