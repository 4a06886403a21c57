package api

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
	"dwsurvey/services/export"
)

// registerExport registers the export calls (docs/api-export.md). Every call needs the
// survey:data permission; an export is seen only by the user who asked for it (anybody
// else gets "not found").
func (s *server) registerExport() {
	p := models.PermSurveyData
	const logs = "app/answer/export-log/"
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		s.handle(m, "app/answer/export-xls.do", p, "Start an answer export (format xlsx | csv | sav, withFiles: ZIP with uploads) with the raw-data filters; answers the export", s.exStart(""))
		s.handle(m, "app/v6/dw-answer-data-export/export-to-sav.do", p, "Start an SPSS .sav export with the raw-data filters; answers the export", s.exStart(export.FormatSAV))
		s.handle(m, logs+"export-log-info.do", p, "Progress of an export (state, phase, rows done/total, queue position)", s.exInfo)
		s.handle(m, logs+"list.do", p, "The caller's exports of a survey (Page, newest first)", s.exList)
	}
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		s.handle(m, "app/v6/dw-answer-data-export/exportReport2Word.do", p, "Start a Word statistics report (chartType column | bar | line | pie, lang); answers the export", s.exReport)
		s.handle(m, "app/answer/print-pdf.do", p, "PDF answer sheet: with answerId the sheet itself; without, a batch of the filtered answers (at most 2,000) as an export; templateId prints with a saved print template", s.exPrintPDF)
	}
	s.handle(http.MethodGet, "app/v6/dw-design-survey/export-survey-word.do", models.PermSurveyManage, "The questionnaire as a printable Word document (.docx)", s.exQuestionnaire)
	s.handle(http.MethodGet, logs+"download.do", p, "Download a finished export (attachment)", s.exDownload)
	// the reference (DWSurvey v6) client's export dialog: start, progress (data.progress, a
	// fraction), download (exportLogId)
	const refLogs = "app/v6/answer/export-log/"
	s.handle(http.MethodGet, "app/v6/dw-answer-data-survey/export-by-sync.do", p, "Start an answer export (the reference client's address; expUpQu=1 adds uploads)", s.exStart(""))
	s.handle(http.MethodGet, refLogs+"export-log-info.do", p, "Progress of an export (the reference client's address)", s.exInfo)
	s.handle(http.MethodGet, refLogs+"download-answer-xls.do", p, "Download a finished export (the reference client's address; exportLogId)", s.exDownload)
	s.handle(http.MethodPost, logs+"cancel.do", p, "Cancel a queued or running export (its parts and file are deleted)", s.exCancel)
	// print templates of PDF answer sheets (d/print, d/DwPrintMbData)
	const tpl = "app/answer/print-template/"
	s.handle(http.MethodGet, tpl+"list.do", p, "The print templates of a survey (surveyId), the default first", s.ptList)
	s.handle(http.MethodPost, tpl+"save.do", p, "Create (no id) or change a print template: name, header, fields (time, duration, ip, region, id), showScore, logoId (an image uploaded for the survey), isDefault", s.ptSave)
	s.handle(http.MethodPost, tpl+"delete.do", p, "Delete a print template (id)", s.ptDelete)
}

func (s *server) ptList(c *gin.Context) {
	v, err := s.d.Export.PrintTemplates(c.Request.Context(), principal(c), c.Query("surveyId"))
	respond(c, v, err)
}

func (s *server) ptSave(c *gin.Context) {
	p, raw := answerParams(c)
	in := export.PrintTemplateInput{ID: first(p, "id"), Name: first(p, "name"), Header: first(p, "header"), ShowScore: truthy(first(p, "showScore")),
		LogoID: first(p, "logoId"), IsDefault: truthy(first(p, "isDefault"))}
	if v, ok := raw["fields"]; !ok || json.Unmarshal(v, &in.Fields) != nil {
		in.Fields = printOptions(map[string]string{"fields": first(p, "fields")}).Fields
	}
	v, err := s.d.Export.SavePrintTemplate(c.Request.Context(), principal(c), first(p, "surveyId"), in)
	respond(c, v, err)
}

func (s *server) ptDelete(c *gin.Context) {
	p, _ := answerParams(c)
	err := s.d.Export.DeletePrintTemplate(c.Request.Context(), principal(c), first(p, "id"))
	respond(c, map[string]bool{"deleted": err == nil}, err)
}

func truthy(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// exStart starts an export; format "" reads the format parameter (default xlsx).
func (s *server) exStart(format string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p, raw := answerParams(c)
		f, err := anFilter(p, raw)
		if err != nil {
			fail(c, err)
			return
		}
		fm := format
		if fm == "" {
			fm = strings.ToLower(first(p, "format", "expType"))
			switch fm {
			case "", export.FormatXLSX, export.FormatCSV, export.FormatSAV:
			default: // reports and PDF sheets have their own calls
				fail(c, models.Invalid("Invalid export format %q: use xlsx, csv or sav", fm))
				return
			}
		}
		lang := "en"
		if l := strings.ToLower(first(p, "lang", "locale")); strings.HasPrefix(l, "zh") {
			lang = "zh"
		}
		v, err := s.d.Export.Start(c.Request.Context(), principal(c), export.Request{
			SurveyID: first(p, "surveyId", "sid"), Format: fm, WithFiles: truthy(first(p, "withFiles", "compressFile", "isExpUpQu", "expUpQu")),
			Options: export.Options{Filter: f, Values: first(p, "valueMode"), BOM: truthy(first(p, "bom")), Lang: lang},
		})
		respond(c, v, err)
	}
}

func reqLang(p map[string]string) string {
	if l := strings.ToLower(first(p, "lang", "locale", "languageCode")); strings.HasPrefix(l, "zh") {
		return "zh"
	}
	return "en"
}

func printOptions(p map[string]string) export.PrintOptions {
	o := export.PrintOptions{Template: first(p, "templateId"), Header: first(p, "header"), ShowScore: truthy(first(p, "showScore"))}
	if f := first(p, "fields"); f != "" {
		for _, v := range strings.Split(f, ",") {
			if v = strings.TrimSpace(v); v != "" {
				o.Fields = append(o.Fields, v)
			}
		}
	}
	return o
}

// exReport starts a Word report; rowQuDwIds (a list, or comma-separated) with colQuDwId add
// cross tables.
func (s *server) exReport(c *gin.Context) {
	p, raw := answerParams(c)
	o := export.Options{Lang: reqLang(p), Chart: first(p, "chartType", "chart")}
	if col := first(p, "colQuDwId"); col != "" {
		in := &analysis.CrossInput{ColQuDwID: col}
		if v, ok := raw["rowQuDwIds"]; !ok || json.Unmarshal(v, &in.RowQuDwIDs) != nil {
			in.RowQuDwIDs = nil
			for _, id := range strings.Split(first(p, "rowQuDwIds"), ",") {
				if id = strings.TrimSpace(id); id != "" {
					in.RowQuDwIDs = append(in.RowQuDwIDs, id)
				}
			}
		}
		o.Cross = in
	}
	v, err := s.d.Export.Start(c.Request.Context(), principal(c), export.Request{SurveyID: first(p, "surveyId", "sid"), Format: export.FormatReport, Options: o})
	respond(c, v, err)
}

// exPrintPDF streams one answer's sheet (answerId) or starts a batch of the filtered answers.
func (s *server) exPrintPDF(c *gin.Context) {
	p, raw := answerParams(c)
	if id := first(p, "answerId"); id != "" {
		var buf bytes.Buffer
		name, err := s.d.Export.AnswerPDF(c.Request.Context(), principal(c), id, printOptions(p), reqLang(p), &buf)
		if err != nil {
			fail(c, err)
			return
		}
		sendFile(c, name, "application/pdf", buf.Bytes())
		return
	}
	f, err := anFilter(p, raw)
	if err != nil {
		fail(c, err)
		return
	}
	v, err := s.d.Export.Start(c.Request.Context(), principal(c), export.Request{SurveyID: first(p, "surveyId", "sid"), Format: export.FormatPDF,
		Options: export.Options{Filter: f, Lang: reqLang(p), Print: printOptions(p)}})
	respond(c, v, err)
}

// exQuestionnaire answers the survey's current design as a .docx (design access rule).
func (s *server) exQuestionnaire(c *gin.Context) {
	draft, _, err := s.d.Survey.Export(c.Request.Context(), principal(c), surveyIDParam(c))
	if err != nil {
		fail(c, err)
		return
	}
	var buf bytes.Buffer
	name, err := s.d.Export.Questionnaire(c.Request.Context(), draft, reqLang(map[string]string{"lang": c.Query("lang")}), &buf)
	if err != nil {
		fail(c, err)
		return
	}
	sendFile(c, name, export.ContentType("docx"), buf.Bytes())
}

// sendFile answers a made file as an attachment.
func sendFile(c *gin.Context, name, ctype string, b []byte) {
	h := c.Writer.Header()
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	c.Data(http.StatusOK, ctype, b)
}

func (s *server) exInfo(c *gin.Context) {
	p, _ := answerParams(c)
	v, err := s.d.Export.Info(c.Request.Context(), principal(c), first(p, "id", "exportId", "exportLogId"))
	respond(c, v, err)
}

func (s *server) exList(c *gin.Context) {
	p, _ := answerParams(c)
	no, size := anPaging(p)
	v, err := s.d.Export.List(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), no, size)
	respond(c, v, err)
}

func (s *server) exCancel(c *gin.Context) {
	p, _ := answerParams(c)
	v, err := s.d.Export.Cancel(c.Request.Context(), principal(c), first(p, "id", "exportId", "exportLogId"))
	respond(c, v, err)
}

// exDownload streams the file as an attachment named after the survey. Errors are JSON
// envelopes (the console shows "error downloading file" when the blob is JSON).
func (s *server) exDownload(c *gin.Context) {
	rc, e, err := s.d.Export.Open(c.Request.Context(), principal(c), first(map[string]string{"id": c.Query("id"), "exportId": c.Query("exportId"), "exportLogId": c.Query("exportLogId")}, "id", "exportId", "exportLogId"))
	if err != nil {
		fail(c, err)
		return
	}
	defer rc.Close()
	writeExportFile(c, rc, e)
}

// writeExportFile sends a finished export as an attachment (app/ download and the open API).
func writeExportFile(c *gin.Context, rc io.Reader, e *models.Export) {
	ext := e.FileName[strings.LastIndexByte(e.FileName, '.')+1:]
	h := c.Writer.Header()
	h.Set("Content-Type", export.ContentType(ext))
	h.Set("Content-Length", strconv.FormatInt(e.Size, 10))
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": e.FileName}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	c.Status(http.StatusOK)
	_, _ = io.Copy(c.Writer, rc)
}
