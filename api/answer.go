package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
)

// registerAnswer registers the respondent calls. docs/api-answer.md is their contract.
func (s *server) registerAnswer() {
	const a = "none/v6/dw-answer-survey/"
	s.handle(http.MethodGet, a+"survey-json-by-survey-id.do", "", "Published survey document for respondents, after the gates", s.answerSurveyJSON)
	for _, p := range []string{a + "save-survey-answer.do", a + "save-survey-answer"} {
		s.handle(http.MethodPost, p, "", "Submit (or save a draft of) an answer", s.answerSave)
	}
	for _, p := range []string{a + "check-answer-pwd", a + "check-answer-pwd.do"} {
		s.handle(http.MethodGet, p, "", "Check an answer password", s.answerCheckPwd)
		s.handle(http.MethodPost, p, "", "Check an answer password", s.answerCheckPwd)
	}
	s.handle(http.MethodGet, a+"get-survey-answer.do", "", "One answer (resume token, respondent, or survey staff)", s.answerGet)
	s.handle(http.MethodGet, a+"verify-code.do", "", "Verification code of a submitted answer (resume token, respondent, or survey staff)", s.answerVerifyCode)
	s.handle(http.MethodGet, a+"verify-code-qr.do", "", "Verification code of a submitted answer as a PNG QR image", s.answerVerifyCodeQR)
	s.handle(http.MethodPost, a+"answer-survey-log.do", "", "Answer page visit log", s.answerLog)
	s.handle(http.MethodPost, a+"delete-test-data.do", "", "Delete the test answers of a survey (owner)", s.answerDeleteTest)
	s.handle(http.MethodGet, a+"survey-stats.do", "", "Vote counts for the vote ranking", s.answerVoteStats)
	s.handle(http.MethodPost, "anon/web/dw-an-input-verify", "", "Duplicate-value check of a fill-blank answer", s.answerInputVerify)
	s.handle(http.MethodGet, "anon/jcap/jcaptcha.do", "", "Captcha image (PNG) of a session", s.answerCaptcha)
	s.handle(http.MethodGet, "none/v6/dw-answer-exam/top-sum-score.do", "", "Score ranking of a survey", s.answerTopScore)
	s.handle(http.MethodGet, "none/v6/dw-answer-exam/top-sum-score-user.do", "", "Rank of one answer", s.answerTopScoreUser)
	s.handle(http.MethodGet, "app/my-answer/list.do", models.PermAuthenticated, "My answers (PageResult)", s.answerMyList)
}

// maxParamsBody bounds the JSON body of the answer-side calls.
const maxParamsBody = 8 << 20

// answerParams merges the query, a form body and a flat JSON body (JSON wins).
func answerParams(c *gin.Context) (map[string]string, map[string]json.RawMessage) {
	p, raw, _ := readParams(c)
	return p, raw
}

// readParams is answerParams that also reports (ok false) a JSON body larger than
// maxParamsBody, of which nothing is used.
func readParams(c *gin.Context) (map[string]string, map[string]json.RawMessage, bool) {
	out := map[string]string{}
	for k, v := range c.Request.URL.Query() {
		if len(v) > 0 {
			out[k] = v[0]
		}
	}
	var raw map[string]json.RawMessage
	if c.Request.Body != nil && c.Request.Method != http.MethodGet {
		if strings.Contains(c.ContentType(), "json") {
			b, _ := io.ReadAll(io.LimitReader(c.Request.Body, maxParamsBody+1))
			if len(b) > maxParamsBody {
				return out, nil, false
			}
			d := json.NewDecoder(bytes.NewReader(b))
			d.UseNumber()
			_ = d.Decode(&raw)
			for k, v := range raw {
				var sv string
				if json.Unmarshal(v, &sv) == nil {
					out[k] = sv
				} else if string(v) != "null" {
					out[k] = string(v)
				}
			}
		} else if err := c.Request.ParseForm(); err == nil {
			for k, v := range c.Request.PostForm {
				if len(v) > 0 {
					out[k] = v[0]
				}
			}
		}
	}
	return out, raw, true
}

func first(m map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := strings.TrimSpace(m[k]); v != "" {
			return v
		}
	}
	return ""
}

const browserCookie = "dwBrowserId"

func newBrowserID() string { return strings.ReplaceAll(uuid.NewString(), "-", "") }

func (s *server) answerClient(c *gin.Context, p map[string]string) answersvc.Client {
	cl := answersvc.Client{IP: c.ClientIP(), UserAgent: c.Request.UserAgent()}
	if v, err := c.Cookie(browserCookie); err == nil && v != "" {
		cl.BrowserID = v
	} else {
		cl.BrowserID = first(p, "dwBrowserId")
	}
	if len(cl.BrowserID) > 64 {
		cl.BrowserID = cl.BrowserID[:64]
	}
	if pr := principal(c); pr != nil {
		cl.UserID, cl.UserName = pr.UserID, pr.LoginName
	}
	if cp := contactPrincipal(c); cp != nil {
		cl.ContactID, cl.ContactOwnerID, cl.ContactName = cp.ContactID, cp.OwnerID, cp.Name
	}
	cl.ContactLink = first(p, "relateContactEsId")
	if len(cl.ContactLink) > 64 {
		cl.ContactLink = ""
	}
	s.weixinClient(c, &cl)
	return cl
}

func (s *server) answerSurveyJSON(c *gin.Context) {
	p, _ := answerParams(c)
	cl := s.answerClient(c, p)
	if cl.BrowserID == "" {
		cl.BrowserID = newBrowserID()
		http.SetCookie(c.Writer, &http.Cookie{Name: browserCookie, Value: cl.BrowserID, Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	s.weixinIdentify(c, p, &cl)
	c.Header("Cache-Control", "no-store")
	r, err := s.d.Answer.LoadSurvey(c.Request.Context(), first(p, "sid", "surveyId"), p["anPwd"], cl)
	respond(c, r, err)
}

func (s *server) answerSave(c *gin.Context) {
	p, raw, ok := readParams(c)
	if !ok {
		reply(c, codeInvalid, fmt.Sprintf("The answer cannot be read: the request is larger than %d MB", maxParamsBody>>20))
		return
	}
	in := answersvc.SaveInput{SurveyID: first(p, "surveyId"), Sid: first(p, "sid"), AnRandomCode: first(p, "anRandomCode"),
		SessionCode: first(p, "sessionCode"), AnPwd: p["anPwd"], SaveStatus: -1, Source: first(p, "dwSource", "source"),
		Client: s.answerClient(c, p), Lang: first(p, "lang")}
	if in.SessionCode == "" {
		in.SessionCode = strings.TrimSpace(c.GetHeader("SessionCode"))
	}
	if v, ok := raw["answerJson"]; ok {
		in.AnswerJSON = v
	} else {
		in.AnswerJSON = []byte(p["answerJson"])
	}
	switch strings.ToLower(first(p, "isTest")) {
	case "1", "true":
		in.IsTest = true
	}
	if v := first(p, "saveStatus"); v != "" {
		in.SaveStatus, _ = strconv.Atoi(v)
	}
	out, err := s.d.Answer.Save(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, Envelope{ResultCode: out.Code, ResultMsg: out.Msg, Data: out.Data})
}

func (s *server) answerCheckPwd(c *gin.Context) {
	p, _ := answerParams(c)
	chk, err := s.d.Answer.CheckPassword(c.Request.Context(), first(p, "sid", "surveyId"), p["anPwd"], c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	if chk != nil {
		reply(c, codeForbidden, chk.AnCheckResultMsg)
		return
	}
	ok(c, nil)
}

func (s *server) answerReader(c *gin.Context, p map[string]string) answersvc.Reader {
	t := first(p, "resumeToken")
	if t == "" {
		t = strings.TrimSpace(c.GetHeader("X-Resume-Token"))
	}
	return answersvc.Reader{Principal: principal(c), ResumeToken: t}
}

func (s *server) answerGet(c *gin.Context) {
	p, _ := answerParams(c)
	c.Header("Cache-Control", "no-store")
	r, err := s.d.Answer.GetAnswer(c.Request.Context(), s.answerReader(c, p), first(p, "answerId"))
	respond(c, r, err)
}

func (s *server) answerVerifyCode(c *gin.Context) {
	p, _ := answerParams(c)
	c.Header("Cache-Control", "no-store")
	r, err := s.d.Answer.VerifyCode(c.Request.Context(), s.answerReader(c, p), first(p, "answerId"))
	respond(c, r, err)
}

func (s *server) answerVerifyCodeQR(c *gin.Context) {
	p, _ := answerParams(c)
	img, err := s.d.Answer.VerifyCodeQR(c.Request.Context(), s.answerReader(c, p), first(p, "answerId"))
	pngImage(c, img, err)
}

func (s *server) answerLog(c *gin.Context) {
	p, _ := answerParams(c)
	id, err := s.d.Answer.Log(c.Request.Context(), first(p, "surveyId", "sid"), first(p, "logId"), first(p, "event"), c.ClientIP())
	respond(c, gin.H{"id": id}, err)
}

func (s *server) answerDeleteTest(c *gin.Context) {
	pr := principal(c)
	if pr == nil {
		reply(c, codeUnauth, "Not logged in or the login has expired")
		return
	}
	p, _ := answerParams(c)
	n, err := s.d.Answer.DeleteTestData(c.Request.Context(), pr, first(p, "surveyId", "sid", "id"))
	respond(c, gin.H{"deleted": n}, err)
}

func (s *server) answerVoteStats(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Answer.VoteStats(c.Request.Context(), first(p, "surveyId", "sid"))
	respond(c, r, err)
}

func (s *server) answerInputVerify(c *gin.Context) {
	p, _ := answerParams(c)
	n, _ := strconv.Atoi(first(p, "anCount"))
	r, err := s.d.Answer.InputVerify(c.Request.Context(), first(p, "surveyId", "sid"), first(p, "inputDwId"), p["inputValue"], n)
	respond(c, r, err)
}

func (s *server) answerCaptcha(c *gin.Context) {
	img, err := s.d.Answer.CaptchaImage(c.Request.Context(), strings.TrimSpace(c.Query("sessionCode")))
	pngImage(c, img, err)
}

func (s *server) answerTopScore(c *gin.Context) {
	p, _ := answerParams(c)
	n, _ := strconv.Atoi(first(p, "topNum"))
	r, err := s.d.Answer.TopScores(c.Request.Context(), s.answerReader(c, p), first(p, "surveyId", "sid"), n)
	respond(c, r, err)
}

func (s *server) answerTopScoreUser(c *gin.Context) {
	p, _ := answerParams(c)
	r, err := s.d.Answer.TopScoreUser(c.Request.Context(), s.answerReader(c, p), first(p, "surveyId", "sid"), first(p, "answerId"))
	respond(c, r, err)
}

func (s *server) answerMyList(c *gin.Context) {
	cur, size := paging(c)
	total, rows, err := s.d.Answer.MyAnswers(c.Request.Context(), principal(c), cur, size)
	if err != nil {
		fail(c, err)
		return
	}
	pageResult(c, total, cur, size, rows)
}
