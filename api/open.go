package api

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/account"
	analysissvc "dwsurvey/services/analysis"
	"dwsurvey/services/export"
	"dwsurvey/services/openapp"
	surveysvc "dwsurvey/services/survey"
)

// The open API (docs/open-api.md): integrations call /api/dwsurvey/open/v1/... with an app
// key and an HMAC signature (services/openapp). Each call acts as the app's user and needs
// the permission named here on that user. Answers keep the envelope, with real HTTP
// statuses: 400 bad input, 401 signature refused, 403 app disabled or permission missing,
// 404 not found (another user's survey included), 413 body too large, 429 rate limited.
func (s *server) registerOpen() {
	const v1 = "open/v1/"
	s.handle(http.MethodGet, v1+"surveys", "", "Open API: the app user's surveys (current, pageSize, surveyName, surveyState); signed, see components.securitySchemes.appSignature",
		s.openAuth(models.PermSurveyManage, models.PermSurveyData), s.openSurveys)
	s.handle(http.MethodGet, v1+"surveys/:surveyId/stats", "", "Open API: a survey's statistics (the survey-stats.do shape); signed",
		s.openAuth(models.PermSurveyData), s.openStats)
	s.handle(http.MethodGet, v1+"surveys/:surveyId/answers", "", "Open API: a page of submitted answers, newest first (cursor, limit 1-1000, default 100); data.nextCursor is empty at the end; signed",
		s.openAuth(models.PermSurveyData), s.openAnswers)
	s.handle(http.MethodPost, v1+"surveys/:surveyId/exports", "", "Open API: start an export of a survey's answers (JSON body: format xlsx | csv | sav, withFiles, bom, valueMode, lang); signed",
		s.openAuth(models.PermSurveyData), s.openStartExport)
	s.handle(http.MethodGet, v1+"exports/:exportId", "", "Open API: an export's progress (state, phase, rowsDone, rowsTotal, percent); signed",
		s.openAuth(models.PermSurveyData), s.openExportInfo)
	s.handle(http.MethodGet, v1+"exports/:exportId/file", "", "Open API: download a finished export; signed",
		s.openAuth(models.PermSurveyData), s.openExportFile)
}

const ctxOpenApp = "openApp"

// openReply answers a refusal of the open API with its HTTP status and the envelope.
func openReply(c *gin.Context, status int, msg string) {
	c.AbortWithStatusJSON(status, Envelope{ResultCode: status, ResultMsg: msg})
}

// openFail maps service errors to HTTP statuses (details of unexpected ones only in the log).
func openFail(c *gin.Context, err error) {
	var r *openapp.Refusal
	switch {
	case errors.As(err, &r):
		if r.Wait > 0 {
			c.Header("Retry-After", strconv.Itoa(max(1, int((r.Wait+time.Second-1)/time.Second))))
		}
		openReply(c, r.Status, r.Msg)
	case errors.Is(err, models.ErrNotFound), errors.Is(err, models.ErrForbidden):
		openReply(c, http.StatusNotFound, "Not found")
	default:
		if ie, isInvalid := models.AsInvalid(err); isInvalid {
			openReply(c, http.StatusBadRequest, ie.Msg)
			return
		}
		fail(c, err)
		if c.Writer.Status() == http.StatusOK && !c.Writer.Written() {
			c.Status(http.StatusInternalServerError)
		}
	}
}

// openAuth checks the request's signature (services/openapp.Verify) and that the app's user
// holds one of perms, then attaches that user as the principal.
func (s *server) openAuth(perms ...string) gin.HandlerFunc {
	return func(c *gin.Context) {
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, openapp.MaxBody+1))
		if err != nil {
			openReply(c, http.StatusBadRequest, "The request body could not be read")
			return
		}
		if len(body) > openapp.MaxBody {
			openReply(c, http.StatusRequestEntityTooLarge, "The request body is larger than 1 MiB")
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		h := c.Request.Header
		app, err := s.d.OpenApp.Verify(c.Request.Context(), openapp.Signed{Method: c.Request.Method, Target: c.Request.RequestURI,
			AppKey: h.Get(openapp.HeaderAppKey), Timestamp: h.Get(openapp.HeaderTimestamp), Nonce: h.Get(openapp.HeaderNonce),
			Signature: h.Get(openapp.HeaderSignature), Body: body})
		if err != nil {
			openFail(c, err)
			return
		}
		p, err := account.PrincipalOf(c.Request.Context(), s.d.DB, app.UserID)
		if errors.Is(err, account.ErrUnauthenticated) {
			openReply(c, http.StatusForbidden, openapp.MsgUserGone)
			return
		}
		if err != nil {
			openFail(c, err)
			return
		}
		allowed := false
		for _, perm := range perms {
			allowed = allowed || p.Has(perm)
		}
		if !allowed {
			openReply(c, http.StatusForbidden, "The application's user lacks the permission "+strings.Join(perms, " or "))
			return
		}
		c.Set(ctxPrincipal, p)
		c.Set(ctxOpenApp, app)
		c.Next()
	}
}

func (s *server) openSurveys(c *gin.Context) {
	cur, size := paging(c)
	f := surveysvc.ListFilter{SurveyName: c.Query("surveyName")}
	if v := c.Query("surveyState"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			openReply(c, http.StatusBadRequest, "surveyState must be 0, 1 or 2")
			return
		}
		f.SurveyState = &n
	}
	rows, total, err := s.d.Survey.List(c.Request.Context(), principal(c), f, cur, size)
	if err != nil {
		openFail(c, err)
		return
	}
	ok(c, gin.H{"total": total, "current": cur, "pageSize": size, "data": rows})
}

func (s *server) openStats(c *gin.Context) {
	st, err := s.d.Analysis.SurveyStats(c.Request.Context(), principal(c), c.Param("surveyId"))
	if err != nil {
		openFail(c, err)
		return
	}
	ok(c, st)
}

// OpenAnswer is one answer of the open API's answer pages. Answer is the stored answer
// document (answerCommon and anQuestions, docs/api-answer.md).
type OpenAnswer struct {
	ID            string          `json:"id"`
	SurveyID      string          `json:"surveyId"`
	SurveyVersion int             `json:"surveyVersion"`
	IPAddr        string          `json:"ipAddr"`
	Province      string          `json:"province"`
	City          string          `json:"city"`
	Source        string          `json:"source"`
	Device        string          `json:"device"`
	BgAnDate      string          `json:"bgAnDate"`
	EndAnDate     string          `json:"endAnDate"`
	DurationMs    int64           `json:"durationMs"`
	SumScore      float64         `json:"sumScore"`
	IsEff         int             `json:"isEff"`
	Answer        json.RawMessage `json:"answer"`
}

const (
	openPageDefault = 100
	openPageMax     = 1000
)

// encodeCursor makes the opaque cursor of the answer pages (base64url of the keyset position).
func encodeCursor(k analysissvc.Cursor) string {
	b, _ := json.Marshal(struct {
		T  string `json:"t"`
		ID string `json:"id"`
	}{k.EndAnDate.UTC().Format(time.RFC3339Nano), k.ID})
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(v string) (analysissvc.Cursor, error) {
	var k analysissvc.Cursor
	if v == "" {
		return k, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(v)
	var in struct {
		T  string `json:"t"`
		ID string `json:"id"`
	}
	if err != nil || len(raw) > 512 || json.Unmarshal(raw, &in) != nil || in.ID == "" {
		return k, models.Invalid("Invalid cursor: pass data.nextCursor of the previous page as it is")
	}
	t, err := time.Parse(time.RFC3339Nano, in.T)
	if err != nil {
		return k, models.Invalid("Invalid cursor: pass data.nextCursor of the previous page as it is")
	}
	return analysissvc.Cursor{EndAnDate: t, ID: in.ID}, nil
}

func (s *server) openAnswers(c *gin.Context) {
	ctx := c.Request.Context()
	limit := openPageDefault
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > openPageMax {
			openReply(c, http.StatusBadRequest, "limit must be between 1 and 1000")
			return
		}
		limit = n
	}
	cur, err := decodeCursor(c.Query("cursor"))
	if err != nil {
		openFail(c, err)
		return
	}
	sv, err := s.d.Analysis.Access(ctx, principal(c), c.Param("surveyId"))
	if err != nil {
		openFail(c, err)
		return
	}
	pg, err := s.d.Analysis.Pages(ctx, sv, analysissvc.Filter{})
	if err != nil {
		openFail(c, err)
		return
	}
	// one more than asked tells whether another page follows
	rows, _, err := pg.Next(ctx, cur, limit+1)
	if err != nil {
		openFail(c, err)
		return
	}
	next := ""
	if len(rows) > limit {
		rows = rows[:limit]
		last := rows[len(rows)-1]
		next = encodeCursor(analysissvc.Cursor{EndAnDate: last.EndAnDate, ID: last.ID})
	}
	out := make([]OpenAnswer, 0, len(rows))
	for i := range rows {
		a := &rows[i]
		doc := json.RawMessage(a.Document)
		if len(doc) == 0 || !json.Valid(doc) {
			doc = json.RawMessage("null")
		}
		out = append(out, OpenAnswer{ID: a.ID, SurveyID: a.SurveyID, SurveyVersion: a.SurveyVersion, IPAddr: a.ClientIP,
			Province: a.Province, City: a.City, Source: a.SourceCode, Device: a.Device, BgAnDate: models.FormatTime(a.BgAnDate),
			EndAnDate: models.FormatTime(a.EndAnDate), DurationMs: a.DurationMs, SumScore: a.SumScore, IsEff: a.IsEff, Answer: doc})
	}
	ok(c, gin.H{"answers": out, "nextCursor": next, "hasMore": next != ""})
}

func (s *server) openStartExport(c *gin.Context) {
	var in struct {
		Format    string `json:"format"`
		WithFiles bool   `json:"withFiles"`
		BOM       bool   `json:"bom"`
		ValueMode string `json:"valueMode"`
		Lang      string `json:"lang"`
	}
	if body, _ := io.ReadAll(c.Request.Body); len(bytes.TrimSpace(body)) > 0 {
		if err := json.Unmarshal(body, &in); err != nil {
			openReply(c, http.StatusBadRequest, "The body must be a JSON object: "+err.Error())
			return
		}
	}
	if in.Format == "" {
		in.Format = export.FormatXLSX
	}
	switch strings.ToLower(in.Format) {
	case export.FormatXLSX, export.FormatCSV, export.FormatSAV:
	default:
		openReply(c, http.StatusBadRequest, "format must be xlsx, csv or sav")
		return
	}
	lang := "en"
	if strings.HasPrefix(strings.ToLower(in.Lang), "zh") {
		lang = "zh"
	}
	v, err := s.d.Export.Start(c.Request.Context(), principal(c), export.Request{SurveyID: c.Param("surveyId"), Format: in.Format,
		WithFiles: in.WithFiles, Options: export.Options{Values: in.ValueMode, BOM: in.BOM, Lang: lang}})
	if err != nil {
		openFail(c, err)
		return
	}
	ok(c, v)
}

func (s *server) openExportInfo(c *gin.Context) {
	v, err := s.d.Export.Info(c.Request.Context(), principal(c), c.Param("exportId"))
	if err != nil {
		openFail(c, err)
		return
	}
	ok(c, v)
}

func (s *server) openExportFile(c *gin.Context) {
	rc, e, err := s.d.Export.Open(c.Request.Context(), principal(c), c.Param("exportId"))
	if err != nil {
		openFail(c, err)
		return
	}
	defer rc.Close()
	writeExportFile(c, rc, e)
}
