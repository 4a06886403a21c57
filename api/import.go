package api

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/importer"
	surveysvc "dwsurvey/services/survey"
)

func (s *server) registerImport() {
	m := models.PermSurveyManage
	const p = "app/v6/dw-design-survey-import/"
	s.handle(http.MethodPost, p+"excel-import", m, "Import a survey from an .xlsx question list (mode parse|save)", s.importHandler(surveysvc.ImportExcel, false))
	s.handle(http.MethodPost, p+"word-import", m, "Import a survey from a .docx question list (mode parse|save)", s.importHandler(surveysvc.ImportWord, false))
	s.handle(http.MethodPost, p+"json-import", m, "Import a survey document in JSON (mode parse|save)", s.importHandler(surveysvc.ImportJSON, false))
	s.handle(http.MethodPost, p+"bank-import", m, "Import questions into a bank (kind excel|word|json, mode parse|save)", s.importHandler("", true))
}

// importHandler reads the multipart form: file, mode, surveyName, surveyType (surveys),
// bankId, bankName and kind (banks).
func (s *server) importHandler(kind string, bank bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		data, name, ok := readImportFile(c, "Parse failed")
		if !ok {
			return
		}
		in := surveysvc.ImportInput{Kind: kind, FileName: name, Data: data, Mode: c.PostForm("mode"),
			SurveyName: c.PostForm("surveyName"), SurveyType: c.PostForm("surveyType"), BankID: c.PostForm("bankId"),
			BankName: c.PostForm("bankName")}
		var r *surveysvc.ImportResult
		var err error
		if bank {
			if in.Kind = c.PostForm("kind"); in.Kind == "" {
				in.Kind = kindOf(name)
			}
			r, err = s.d.Survey.ImportBank(c.Request.Context(), principal(c), in)
		} else {
			r, err = s.d.Survey.ImportSurvey(c.Request.Context(), principal(c), in)
		}
		var pf *surveysvc.ParseFailed
		if errors.As(err, &pf) {
			c.JSON(http.StatusOK, Envelope{ResultCode: codeInvalid, ResultMsg: pf.Error(), Data: pf.Result})
			return
		}
		respond(c, r, err)
	}
}

func kindOf(name string) string {
	switch {
	case hasSuffixFold(name, ".xlsx"):
		return surveysvc.ImportExcel
	case hasSuffixFold(name, ".docx"):
		return surveysvc.ImportWord
	case hasSuffixFold(name, ".json"):
		return surveysvc.ImportJSON
	}
	return ""
}

func hasSuffixFold(s, suf string) bool {
	return len(s) >= len(suf) && equalFold(s[len(s)-len(suf):], suf)
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// readImportFile reads the multipart field "file" of an import, the whole request bounded
// (nothing larger than importer.MaxFileBytes is read or spooled). failed starts the refusal
// messages ("Parse failed", "Import failed"); false: the refusal was answered.
func readImportFile(c *gin.Context, failed string) ([]byte, string, bool) {
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, importer.MaxFileBytes+1<<20)
	fh, err := c.FormFile("file")
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		reply(c, codeInvalid, fmt.Sprintf("%s: the file is larger than %d MB", failed, importer.MaxFileBytes>>20))
		return nil, "", false
	}
	if err != nil {
		reply(c, codeInvalid, "Please choose a file to import (multipart field \"file\")")
		return nil, "", false
	}
	if fh.Size > importer.MaxFileBytes {
		reply(c, codeInvalid, fmt.Sprintf("%s: the file is larger than %d MB", failed, importer.MaxFileBytes>>20))
		return nil, "", false
	}
	data, ok := readFormFile(c, fh)
	return data, fh.Filename, ok
}

// readFormFile reads an uploaded file, at most importer.MaxFileBytes+1 bytes (the parsers name
// a larger file); a read failure is answered "File save failed" (ok false).
func readFormFile(c *gin.Context, fh *multipart.FileHeader) ([]byte, bool) {
	f, err := fh.Open()
	if err != nil {
		reply(c, codeInvalid, "File save failed")
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, importer.MaxFileBytes+1))
	if err != nil {
		reply(c, codeInvalid, "File save failed")
		return nil, false
	}
	return data, true
}
