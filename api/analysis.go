package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
)

// registerAnalysis registers the results calls (docs/api-results.md). Every call needs the
// survey:data permission and data rights on the survey; others get "not found".
func (s *server) registerAnalysis() {
	const d = "app/v6/dw-answer-data-survey/"
	p := models.PermSurveyData
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		s.handle(m, d+"survey-stats.do", p, "Statistics of a survey from the aggregates", s.anStats)
		s.handle(m, d+"list-es.do", p, "Raw data (Page, first 10,000 rows)", s.anList)
		s.handle(m, d+"list.do", p, "Raw data (Page, first 10,000 rows)", s.anList)
		s.handle(m, d+"cross.do", p, "Cross analysis with chi-square", s.anCross)
		s.handle(m, "app/stats/report.do", p, "Per-question report (counts, percentages, averages, fill-blank answers)", s.anReport)
		s.handle(m, "app/answer/info.do", p, "One answer for survey staff", s.anInfo)
		s.handle(m, "app/v6/analysis/analysis.do", p, "Answer overview (per day, completion, duration, sources, devices)", s.anOverview)
		s.handle(m, "app/v6/analysis/province-answer-page.do", p, "Answers by province (Page)", s.anProvinces)
		s.handle(m, "app/v6/analysis/source-stats.do", p, "Answers by source code", s.anSources)
		s.handle(m, "app/v6/dw-answer-log/list.do", p, "Visit log (Page)", s.anLogs)
	}
	s.handle(http.MethodDelete, d+"delete-answer.do", p, "Soft delete answers (audit)", s.anDelete)
	s.handle(http.MethodPost, d+"delete-answer.do", p, "Soft delete answers (audit)", s.anDelete)
	s.handle(http.MethodPost, "app/answer/edit.do", p, "Edit an answer (re-validated)", s.anEdit)
	s.handle(http.MethodPost, d+"answer-verified.do", models.PermAuthenticated,
		"Review verdict on an answer: through its review chain's workflow (assigned reviewers), else survey staff's flat verdict (survey:data); fail screens it out", s.anVerify)
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		s.handle(m, d+"answer-reviews.do", p, "Review verdicts of an answer", s.anReviews)
	}
}

func (s *server) anReviews(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Analysis.Reviews(c.Request.Context(), principal(c), first(p, "answerId", "id"))
	respond(c, r, err)
}

func anPaging(p map[string]string) (int, int) {
	no, _ := strconv.Atoi(first(p, "pageNo", "current"))
	size, _ := strconv.Atoi(first(p, "pageSize"))
	return no, size
}

// anFilter reads the raw-data filters from flat params (our names and the reference
// client's: ipAddr, bgAnDate, endAnDate, handleState, isEffective, saveStatus, anUserKey)
// or a "filters" object (our names only; an unknown key is refused, never ignored). Values
// are matched literally.
func anFilter(p map[string]string, raw map[string]json.RawMessage) (analysis.Filter, error) {
	var f analysis.Filter
	v, ok := raw["filters"]
	if !ok && p["filters"] != "" {
		v, ok = json.RawMessage(p["filters"]), true
	}
	if ok && string(v) != "null" {
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return f, models.Invalid("Invalid filters: %v", err)
		}
	}
	set := func(dst *string, keys ...string) {
		if v := first(p, keys...); v != "" {
			*dst = v
		}
	}
	set(&f.State, "state")
	set(&f.From, "bgDate", "startTime", "bgAnDate")
	set(&f.To, "endDate", "endTime", "endAnDate")
	set(&f.IP, "ip", "ipAddr")
	set(&f.City, "city")
	set(&f.UserID, "anUserKey", "userId")
	if v := strings.TrimSpace(first(p, "handleState")); v != "" && f.State == "" {
		// the reference's review states: 0 unreviewed, 1 reviewed, 2 (300 in its export) screened, 100 all valid
		states := map[string]string{"0": "unreviewed", "1": "reviewed", "2": "screened", "300": "screened", "100": "all"}
		if f.State = states[v]; f.State == "" {
			return f, models.Invalid("Invalid handleState %q: use 0 (unreviewed), 1 (reviewed), 2 (screened) or 100 (all)", v)
		}
	}
	switch v := strings.TrimSpace(first(p, "isEffective")); v {
	case "":
	case "1":
		if f.State == "screened" {
			return f, models.Invalid("isEffective 1 (valid answers) contradicts the screened state")
		}
	case "0":
		if f.State != "" && f.State != "all" && f.State != "screened" {
			return f, models.Invalid("isEffective 0 (screened answers) contradicts the %s state", f.State)
		}
		f.State = "screened"
	default:
		return f, models.Invalid("Invalid isEffective %q: use 1 (valid) or 0 (screened)", v)
	}
	if v := strings.TrimSpace(first(p, "saveStatus")); v != "" && v != "0" {
		return f, models.Invalid("Only submitted answers are listed: saveStatus must be 0")
	}
	if v := first(p, "values"); v != "" && len(f.Values) == 0 {
		if err := json.Unmarshal([]byte(v), &f.Values); err != nil {
			return f, models.Invalid("Invalid values filter: %v", err)
		}
	}
	if q, o := first(p, "quDwId"), first(p, "optionDwId"); q != "" && o != "" {
		f.Values = append(f.Values, analysis.ValueFilter{QuDwID: q, OptionDwID: o})
	}
	return f, nil
}

func (s *server) anStats(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Analysis.SurveyStats(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) anReport(c *gin.Context) {
	p, _ := answerParams(c)
	if q := first(p, "quDwId"); q != "" {
		no, size := anPaging(p)
		r, err := s.d.Analysis.Texts(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), q, no, size)
		respond(c, r, err)
		return
	}
	r, err := s.d.Analysis.Report(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) anList(c *gin.Context) {
	p, raw := answerParams(c)
	f, err := anFilter(p, raw)
	if err != nil {
		fail(c, err)
		return
	}
	no, size := anPaging(p)
	pg, err := s.d.Analysis.List(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), f, no, size)
	if err != nil {
		fail(c, err)
		return
	}
	msg := "success"
	if pg.Limited {
		msg = pg.LimitMsg
	}
	c.JSON(http.StatusOK, pageEnvelope{Envelope: Envelope{ResultCode: codeOK, ResultMsg: msg, Data: pg}, Page: pg})
}

// pageEnvelope is list.do's answer: the envelope with the Page in data (API.md), and the
// same Page fields (pageNo, pageSize, totalItems, totalPage, result) at the top level,
// where the reference DWSurvey v6 web client reads them (`const page = response.data`).
type pageEnvelope struct {
	Envelope
	*analysis.Page
}

func (s *server) anDelete(c *gin.Context) {
	p, raw := answerParams(c)
	var ids []string
	if v, ok := raw["ids"]; ok {
		if json.Unmarshal(v, &ids) != nil {
			var one string
			if json.Unmarshal(v, &one) != nil {
				fail(c, models.Invalid("ids must be a list of answer ids"))
				return
			}
			ids = strings.Split(one, ",")
		}
	} else if v := first(p, "ids", "id", "answerId"); v != "" {
		if strings.HasPrefix(v, "[") {
			_ = json.Unmarshal([]byte(v), &ids)
		} else {
			ids = strings.Split(v, ",")
		}
	}
	surveyID := first(p, "surveyId", "sid")
	if surveyID == "" {
		// the reference client sends {id:[answerId…], esId:[…]} without the survey
		var err error
		if surveyID, err = s.d.Analysis.SurveyOfAnswers(c.Request.Context(), ids); err != nil {
			fail(c, err)
			return
		}
	}
	n, err := s.d.Analysis.Delete(c.Request.Context(), principal(c), surveyID, ids, auditEntry(c))
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) anEdit(c *gin.Context) {
	p, raw := answerParams(c)
	aj := []byte(p["answerJson"])
	if v, ok := raw["answerJson"]; ok && len(v) > 0 && v[0] == '{' {
		aj = v
	}
	row, msgs, err := s.d.Analysis.Edit(c.Request.Context(), principal(c), first(p, "answerId", "id"), aj, auditEntry(c))
	if err != nil {
		fail(c, err)
		return
	}
	if len(msgs) > 0 {
		c.JSON(http.StatusOK, Envelope{ResultCode: codeInvalid, ResultMsg: "The answer does not pass validation", Data: gin.H{"errors": msgs}})
		return
	}
	ok(c, gin.H{"answerId": row.ID, "sumScore": row.SumScore, "anQuNum": row.QuNum})
}

func (s *server) anInfo(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Analysis.Info(c.Request.Context(), principal(c), first(p, "answerId", "id"))
	respond(c, r, err)
}

func (s *server) anCross(c *gin.Context) {
	p, raw := answerParams(c)
	var in analysis.CrossInput
	in.SurveyID = first(p, "surveyId", "sid")
	in.ColQuDwID = first(p, "colQuDwId")
	if v, ok := raw["rowQuDwIds"]; ok {
		if err := json.Unmarshal(v, &in.RowQuDwIDs); err != nil {
			fail(c, models.Invalid("rowQuDwIds must be a list of question dwIds"))
			return
		}
	} else if v := first(p, "rowQuDwIds"); v != "" {
		in.RowQuDwIDs = strings.Split(v, ",")
	}
	f, err := anFilter(p, raw)
	if err != nil {
		fail(c, err)
		return
	}
	in.Filters = f
	r, err := s.d.Analysis.CrossAnalysis(c.Request.Context(), principal(c), in)
	respond(c, r, err)
}

func (s *server) anOverview(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Analysis.Overview(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) anProvinces(c *gin.Context) {
	p, _ := answerParams(c)
	no, size := anPaging(p)
	r, err := s.d.Analysis.Provinces(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), no, size)
	respond(c, r, err)
}

func (s *server) anSources(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Analysis.Sources(c.Request.Context(), principal(c), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) anLogs(c *gin.Context) {
	p, _ := answerParams(c)
	no, size := anPaging(p)
	r, err := s.d.Analysis.Logs(c.Request.Context(), principal(c), first(p, "surveyId", "sid"), no, size)
	respond(c, r, err)
}
