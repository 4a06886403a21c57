package answer

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/outbox"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Counter keys (see models.AnswerCounter).
const (
	keyTotal = "total"
	keyQu    = "qu:"
	keyOpt   = "opt:"
	keyQuota = "quota:"
	keyPwd   = "pwd:"
	slots    = 8
)

// SaveInput is the save-survey-answer.do request.
type SaveInput struct {
	SurveyID     string
	Sid          string
	AnswerJSON   []byte // object or JSON string
	AnRandomCode string
	SessionCode  string
	IsTest       bool
	AnPwd        string
	SaveStatus   int // -1 = not given in the body
	Source       string
	Client       Client
	// Lang is the respondent's content language (a published language code; "" = the
	// original): the survey's own words in validation messages follow it.
	Lang string
}

// SaveResult is data of the save call.
type SaveResult struct {
	AnCheckIsPass     bool     `json:"anCheckIsPass"`
	AnCheckResultCode int      `json:"anCheckResultCode"`
	AnCheckResultMsg  string   `json:"anCheckResultMsg"`
	DbAnswerID        string   `json:"dbAnswerId,omitempty"`
	IndexResponseID   string   `json:"indexResponseId,omitempty"`
	SumScore          *float64 `json:"sumScore,omitempty"`
	// ScorePending: sumScore is provisional, hand-graded questions wait for a grader.
	ScorePending bool           `json:"scorePending,omitempty"`
	SaveStatus   *int           `json:"saveStatus,omitempty"`
	ResumeToken  string         `json:"resumeToken,omitempty"`
	ShowCaptcha  bool           `json:"showCaptcha,omitempty"`
	SessionCode  string         `json:"sessionCode,omitempty"`
	Errors       []lang.Message `json:"errors,omitempty"`
}

// SaveOutcome is the envelope to send: Code 200 or 400, Msg, Data.
type SaveOutcome struct {
	Code int
	Msg  string
	Data *SaveResult
}

type answerCommon struct {
	AnswerDwID lang.Str `json:"answerDwId"`
	AnTime     struct {
		BgAnDate  json.RawMessage `json:"bgAnDate"`
		EndAnDate json.RawMessage `json:"endAnDate"`
		TotalTime json.RawMessage `json:"totalTime"`
	} `json:"anTime"`
	AnSource struct {
		DwSourceCode lang.Str `json:"dwSourceCode"`
		DwSourceName lang.Str `json:"dwSourceName"`
	} `json:"anSource"`
	EsAnEvent         json.RawMessage `json:"esAnEvent"`
	SubmitConfirmForm struct {
		Name  lang.Str `json:"name"`
		Phone lang.Str `json:"phone"`
	} `json:"submitConfirmForm"`
	AnUser struct {
		RelateContactEsID lang.Str `json:"relateContactEsId"`
	} `json:"anUser"`
	AnState struct {
		SaveStatus *lang.Num `json:"saveStatus"`
	} `json:"anState"`
}

func bad(msg string) *SaveOutcome {
	return &SaveOutcome{Code: 400, Msg: msg, Data: nil}
}

func gateOutcome(c *Check) *SaveOutcome {
	return &SaveOutcome{Code: 200, Msg: c.AnCheckResultMsg, Data: &SaveResult{AnCheckResultCode: c.AnCheckResultCode,
		AnCheckResultMsg: c.AnCheckResultMsg, ShowCaptcha: c.ShowCaptcha, SessionCode: c.SessionCode}}
}

// resumeToken is derived from the client's secret answer id, so a replay returns the same token.
func resumeToken(answerDwID, answerID string) string {
	m := hmac.New(sha256.New, []byte(answerDwID))
	m.Write([]byte("resume:" + answerID))
	return hex.EncodeToString(m.Sum(nil))[:40]
}

func okOutcome(a *models.Answer) *SaveOutcome {
	score, st := a.SumScore, a.SaveStatus
	msg := "Answer saved"
	if st == models.AnswerDraft {
		msg = "Draft saved"
	}
	return &SaveOutcome{Code: 200, Msg: "success", Data: &SaveResult{AnCheckIsPass: true, AnCheckResultCode: 201, AnCheckResultMsg: msg,
		DbAnswerID: a.ID, IndexResponseID: a.ID, SumScore: &score, ScorePending: a.ScorePending == 1, SaveStatus: &st,
		ResumeToken: resumeToken(a.AnswerDwID, a.ID)}}
}

func replay(a *models.Answer, hash string) *SaveOutcome {
	if a.RequestHash != hash {
		return &SaveOutcome{Code: 400, Msg: "This answer was already submitted",
			Data: &SaveResult{AnCheckResultCode: 400, AnCheckResultMsg: "This answer was already submitted"}}
	}
	return okOutcome(a)
}

func parseClientTime(raw json.RawMessage, loc *time.Location) (time.Time, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, false
	}
	var n float64
	if json.Unmarshal(raw, &n) == nil && n > 0 {
		return time.UnixMilli(int64(n)).UTC(), true
	}
	var v string
	if json.Unmarshal(raw, &v) == nil {
		if ms, err := strconv.ParseInt(v, 10, 64); err == nil && ms > 0 {
			return time.UnixMilli(ms).UTC(), true
		}
		return parseTime(v, loc)
	}
	return time.Time{}, false
}

// maxAnswerDuration bounds a client-reported answering time; anything longer counts as 0.
const maxAnswerDuration = 7 * 24 * time.Hour

// answerDuration is how long the respondent took, from the client's anTime, independent of the
// browser's time zone: totalTime (milliseconds) when sent, else endAnDate − bgAnDate (both in
// the browser's wall clock, so the zone cancels out), else now − bgAnDate read in the server's
// zone (epoch milliseconds are zone-free). Out-of-range or unreadable values give 0.
func answerDuration(bgRaw, endRaw, totalRaw json.RawMessage, loc *time.Location, now time.Time) time.Duration {
	valid := func(d time.Duration) time.Duration {
		if d < 0 || d > maxAnswerDuration {
			return 0
		}
		return d
	}
	var ms float64
	if len(totalRaw) > 0 && json.Unmarshal(totalRaw, &ms) == nil && ms > 0 {
		return valid(time.Duration(ms) * time.Millisecond)
	}
	bg, okBg := parseClientTime(bgRaw, loc)
	if !okBg {
		return 0
	}
	if end, okEnd := parseClientTime(endRaw, loc); okEnd {
		return valid(end.Sub(bg))
	}
	return valid(now.Sub(bg))
}

// errSaveRefused carries a refusal found inside the transaction (rolls it back).
type errSaveRefused struct{ out *SaveOutcome }

func (e *errSaveRefused) Error() string { return "refused: " + e.out.Msg }

// Save is save-survey-answer.do: parse, gates, engine re-validation, then one transaction.
//
// Submissions take a fast path first (cached survey rows, no answer-id lookup, group
// commit in batch.go); anything but a stored answer - a refusal, a validation error, a
// captcha, a replay, a changed survey - is decided again on the full path.
func (s *Service) Save(ctx context.Context, in SaveInput) (*SaveOutcome, error) {
	s.init()
	out, redo, err := s.save(ctx, in, !s.NoBatch)
	if err == nil && redo {
		out, _, err = s.save(ctx, in, false)
	}
	return out, err
}

func (s *Service) save(ctx context.Context, in SaveInput, fast bool) (*SaveOutcome, bool, error) {
	if len(strings.TrimSpace(string(in.AnswerJSON))) == 0 {
		return bad("answerJson is required"), false, nil
	}
	ad, err := lang.ParseAnswer(in.AnswerJSON)
	var shape *lang.ShapeError
	if errors.As(err, &shape) {
		return bad("The answer cannot be read: " + shape.Msg), false, nil
	}
	if err != nil {
		return bad("The answer is not valid JSON: " + err.Error()), false, nil
	}
	var ac answerCommon
	if len(ad.AnswerCommon) > 0 {
		if err := json.Unmarshal(ad.AnswerCommon, &ac); err != nil {
			return bad("The answer is not valid JSON: answerCommon: " + err.Error()), false, nil
		}
	}
	dwID := strings.TrimSpace(string(ac.AnswerDwID))
	if dwID == "" {
		return bad("answerDwId is required"), false, nil
	}
	if len(dwID) > 64 {
		return bad("answerDwId is too long"), false, nil
	}
	status := in.SaveStatus
	if status < 0 && ac.AnState.SaveStatus != nil {
		status = int(*ac.AnState.SaveStatus)
	}
	if status != models.AnswerDraft {
		status = models.AnswerSubmitted
	}
	fast = fast && status == models.AnswerSubmitted
	pwd := in.AnPwd
	if pwd == "" {
		pwd = string(ad.AnPwd)
	}
	qs, _ := lang.MarshalCanonical(ad.AnQuestions)
	isTest := 0
	if in.IsTest {
		isTest = 1
	}
	hash := sha(string(qs) + "|" + strconv.Itoa(status) + "|" + strconv.Itoa(isTest))

	id := in.SurveyID
	if strings.TrimSpace(id) == "" {
		id = in.Sid
	}
	if in.Client.ContactLink == "" {
		in.Client.ContactLink = clip(strings.TrimSpace(string(ac.AnUser.RelateContactEsID)), 64)
	}
	st, chk, err := s.gate(ctx, GateInput{SidOrID: id, AnPwd: pwd, Client: in.Client, Submit: true, AnswerDwID: dwID,
		CaptchaCode: in.AnRandomCode, SessionCode: in.SessionCode, cached: fast})
	if err != nil {
		return nil, false, err
	}
	if chk == nil && st.existing != nil {
		return replay(st.existing, hash), false, nil
	}
	if fast && (chk == nil || chk.AnCheckResultCode != 200 || st.captcha != "") {
		return nil, true, nil
	}
	if chk.AnCheckResultCode != 200 {
		return gateOutcome(chk), false, nil
	}
	if st.existing != nil && st.existing.SaveStatus == models.AnswerDraft && st.existing.RequestHash == hash {
		return okOutcome(st.existing), false, nil // the same draft again
	}
	pd, sv := st.pd, st.sv
	var quotaCounts map[string]int
	if len(pd.quotaKeys) > 0 {
		m, err := s.counterSums(ctx, s.DB, sv.ID, keyQuota)
		if err != nil {
			return nil, false, err
		}
		quotaCounts = make(map[string]int, len(pd.quotaKeys))
		for _, k := range pd.quotaKeys {
			quotaCounts[k] = int(m[quotaCounterKey(k)])
		}
	}
	// only what reads in the document's own terms is checked and stored (survey/read.go)
	read, unreadable := pd.eng.ReadAnswers(ad.AnQuestions)
	unreadable = append(unreadable, unsafeFiles(read)...)
	if len(unreadable) > 0 {
		if fast { // the cached document may be stale: decide on the full path
			return nil, true, nil
		}
		return validationOutcome(unreadable), false, nil
	}
	r := pd.eng.CheckSubmission(&lang.AnswerDoc{AnQuestions: read}, quotaCounts)
	if status == models.AnswerSubmitted && len(r.Errors) > 0 {
		if fast {
			return nil, true, nil
		}
		return validationOutcome(s.localize(ctx, sv.ID, in.Lang, r.Errors)), false, nil
	}

	now := s.now()
	bg := now.Add(-answerDuration(ac.AnTime.BgAnDate, ac.AnTime.EndAnDate, ac.AnTime.TotalTime, s.Loc, now))
	answers := r.Answers
	if answers == nil {
		answers = []*lang.AnQuestion{}
	}
	docJSON, err := lang.MarshalCanonical(map[string]any{"anQuestions": answers, "anSolutionIds": r.Solutions})
	if err != nil {
		return nil, false, err
	}
	src := strings.TrimSpace(string(ac.AnSource.DwSourceCode))
	if src == "" {
		src = strings.TrimSpace(in.Source)
	}
	events := readEvents(ac.EsAnEvent)
	row := &models.Answer{ID: newAnswerID(), SurveyID: sv.ID, SurveyVersion: sv.PublishedVersion, AnswerDwID: dwID,
		SaveStatus: status, IsEff: 1, IsTest: isTest, ClientIP: in.Client.IP, BrowserID: clip(in.Client.BrowserID, 64),
		UserID: in.Client.UserID, PasswordHash: "",
		SourceCode: clip(src, 64), SourceName: clip(string(ac.AnSource.DwSourceName), 128), BgAnDate: bg, EndAnDate: now,
		DurationMs: now.Sub(bg).Milliseconds(), QuNum: len(answers), SumScore: lang.Round2(r.Score.Total), SwitchEvents: events,
		ConfirmName: clip(string(ac.SubmitConfirmForm.Name), 64), ConfirmPhone: clip(string(ac.SubmitConfirmForm.Phone), 32),
		Document: string(docJSON), ExportCopy: lang.AppendExportCopy(nil, answers), RequestHash: hash, CreatedAt: now, UpdatedAt: now}
	if st.pwdHash != "" {
		row.PasswordHash = st.pwdHash
	}
	if p := st.person; p != nil { // decided by the gates, never the client's anUser
		row.ContactID = p.contactID
		if p.userID != "" {
			row.UserID = p.userID
		}
	}
	if status == models.AnswerSubmitted && len(lang.ManualItemsOf(pd.manual, answers)) > 0 {
		row.ScorePending = 1 // the total waits for hand grading (services/review)
	}
	if s.Region != nil && row.ClientIP != "" {
		row.Province, row.City = s.Region(row.ClientIP)
		row.Province, row.City = clip(row.Province, 64), clip(row.City, 64)
	}
	if st.existing != nil { // upgrading / re-saving a draft keeps its id
		row.ID, row.CreatedAt = st.existing.ID, st.existing.CreatedAt
	}
	row.ResumeTokenHash = sha(resumeToken(row.AnswerDwID, row.ID))

	// counters
	j := &saveJob{row: row, existing: st.existing, captcha: st.captcha, ua: in.Client.UserAgent, hash: hash, pd: pd}
	if status == models.AnswerSubmitted {
		a := &st.attrs
		if a.endNum > 0 {
			j.capped = append(j.capped, cappedKey{key: keyTotal, cap: a.endNum, code: 407})
		} else {
			j.plain = append(j.plain, keyTotal)
		}
		for _, q := range r.Quotas {
			if q.Matched {
				j.capped = append(j.capped, cappedKey{key: quotaCounterKey(q.Key), cap: q.Cap, code: 400, quota: q.Quota})
			}
		}
		if st.person != nil && st.personMax > 0 {
			j.capped = append(j.capped, cappedKey{key: st.person.key(), cap: st.personMax, code: CodePersonLimit})
		}
		if st.weixinOpenID != "" && st.weixinMax > 0 {
			j.capped = append(j.capped, cappedKey{key: keyWeixin + st.weixinOpenID, cap: st.weixinMax, code: CodePersonLimit})
		}
		if st.pwdHash != "" && st.pwdCap > 0 {
			j.capped = append(j.capped, cappedKey{key: keyPwd + st.pwdHash[:16], cap: st.pwdCap, code: 403})
		}
		if isTest == 0 { // statistics keys (aggregate.go): test answers are not analysed
			j.agg = BuildAggregate(sv.ID, row.ID, pd.qtypes, answers)
			j.plain = append(j.plain, j.agg.Keys...)
		}
		sub := Submitted{Answer: row, Survey: sv, Doc: pd.doc, Common: ad.AnswerCommon}
		if j.events, err = s.submitEvents(ctx, sub); err != nil {
			return nil, false, err
		}
		if j.rows, err = s.submitRows(ctx, sub); err != nil {
			return nil, false, err
		}
		sort.Slice(j.capped, func(i, k int) bool { return j.capped[i].key < j.capped[k].key })
		sort.Strings(j.plain)
		j.plain = dedupe(j.plain)
	}
	if fast && j.batchable() {
		j.cached = st.cached
		s.enqueue(j)
		if j.redo {
			return nil, true, nil
		}
	} else {
		j.out, j.full, j.err = s.commitOne(ctx, j)
	}
	if j.err != nil {
		return nil, false, j.err
	}
	if len(j.events) > 0 && j.out != nil && j.out.Data != nil && j.out.Data.AnCheckResultCode == 201 {
		outbox.Nudge(s.Outbox)
	}
	for _, k := range j.full {
		s.Notifier.CollectionFull(context.WithoutCancel(ctx), sv.ID, k)
	}
	return j.out, false, nil
}

// countedKeys is the counted_keys JSON of an answer: cap keys in slot 0, the others in slot.
func countedKeys(capped []cappedKey, plain []string, slot int) string {
	ck := make([]string, 0, len(capped)+len(plain))
	for _, c := range capped {
		ck = append(ck, "0|"+c.key)
	}
	sl := strconv.Itoa(slot) + "|"
	for _, k := range plain {
		ck = append(ck, sl+k)
	}
	b, _ := json.Marshal(ck)
	return string(b)
}

// commitOne writes one submission in its own transaction (drafts, draft upgrades, captcha
// sessions, and every submission of a batch that failed): the row, the cap keys (locked,
// then checked against their caps), the answer extras, the other counters.
func (s *Service) commitOne(ctx context.Context, j *saveJob) (*SaveOutcome, []string, error) {
	row, status := j.row, j.row.SaveStatus
	if status == models.AnswerSubmitted {
		row.CountedSlot = rand.IntN(slots)
	}
	var full []string
	for attempt := 0; ; attempt++ {
		full = full[:0]
		if status == models.AnswerSubmitted { // prepareAnswerExtras appends to it: reset per attempt
			row.CountedKeys = countedKeys(j.capped, j.plain, row.CountedSlot)
		}
		extras := s.prepareAnswerExtras(row, j.ua, j.agg)
		err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if j.existing != nil {
				res := tx.Model(&models.Answer{}).Where("id = ? AND save_status = ?", row.ID, models.AnswerDraft).Select("*").Omit("id", "created_at").Updates(row)
				if res.Error != nil {
					return res.Error
				}
				if res.RowsAffected == 0 {
					return errReplay
				}
			} else if err := tx.Create(row).Error; err != nil {
				if isDuplicate(err) {
					return errReplay
				}
				return err
			}
			if status != models.AnswerSubmitted {
				return s.applyAnswerExtras(tx, row, extras, j.agg)
			}
			if j.captcha != "" {
				res := tx.Model(&models.AnswerCaptcha{}).Where("session_code = ? AND used = ?", j.captcha, false).Update("used", true)
				if res.Error != nil {
					return res.Error
				}
				if res.RowsAffected == 0 {
					return &errSaveRefused{gateOutcome(refuse(410, "Wrong verification code, please try again"))}
				}
			}
			if len(j.capped) > 0 {
				keys := make([]string, len(j.capped))
				for i, c := range j.capped {
					keys[i] = c.key
				}
				if err := s.bump(tx, row.SurveyID, 0, keys); err != nil {
					return err
				}
				var sums []struct {
					CKey string `gorm:"column:ckey"`
					N    int64  `gorm:"column:n"`
				}
				if err := tx.Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").Where("survey_id = ? AND ckey IN ?", row.SurveyID, keys).
					Group("ckey").Scan(&sums).Error; err != nil {
					return err
				}
				for _, c := range j.capped {
					for _, sm := range sums {
						if sm.CKey != c.key {
							continue
						}
						if sm.N > int64(c.cap) {
							return &errSaveRefused{c.refusal(j.pd)}
						}
						if sm.N == int64(c.cap) {
							full = append(full, c.key)
						}
					}
				}
			}
			// after the cap keys (the lock order of batches: cap keys, then the others)
			if err := s.applyAnswerExtras(tx, row, extras, j.agg); err != nil {
				return err
			}
			if err := s.bump(tx, row.SurveyID, row.CountedSlot, j.plain); err != nil {
				return err
			}
			if err := createRows(tx, j.rows); err != nil {
				return err
			}
			return outbox.Add(tx, s.now(), j.events...)
		})
		if err == nil {
			break
		}
		var ref *errSaveRefused
		if errors.As(err, &ref) {
			return ref.out, nil, nil
		}
		if errors.Is(err, errReplay) {
			var a models.Answer
			if e := s.DB.WithContext(ctx).Where("survey_id = ? AND answer_dw_id = ?", row.SurveyID, row.AnswerDwID).Take(&a).Error; e != nil {
				return nil, nil, e
			}
			if a.SaveStatus == models.AnswerSubmitted || a.RequestHash == j.hash {
				return replay(&a, j.hash), nil, nil
			}
			return nil, nil, fmt.Errorf("answer %s changed concurrently", a.ID)
		}
		if isDeadlock(err) && attempt < 5 {
			time.Sleep(time.Duration(1+rand.IntN(5*(attempt+1))) * time.Millisecond)
			continue
		}
		return nil, nil, err
	}
	return okOutcome(row), full, nil
}

// newAnswerID is a time-ordered UUID (version 7: 48-bit milliseconds, 74 random bits), so
// the answers' primary key and the answer_items keys that contain it grow at their end
// instead of touching a random leaf page per row (docs/benchmarks.md).
func newAnswerID() string {
	if id, err := uuid.NewV7(); err == nil {
		return id.String()
	}
	return uuid.NewString()
}

var errReplay = errors.New("answer already stored")

type cappedKey struct {
	key   string
	cap   int
	code  int
	quota string
}

func (c cappedKey) refusal(pd *pubDoc) *SaveOutcome {
	switch c.code {
	case 407:
		return gateOutcome(refuse(407, "The survey has reached its maximum number of answers"))
	case 403:
		return gateOutcome(refuse(403, "This answer password has been used the maximum number of times"))
	case CodePersonLimit:
		return gateOutcome(personLimit(c.cap))
	}
	// quota: report it like the engine's quotaFull error
	msg := lang.Message{Key: "quotaFull", Text: "The quota of this item is full", Params: map[string]any{"quota": c.quota}}
	return validationOutcome([]lang.Message{msg})
}

// localize words the survey's own texts of validation messages in the respondent's content
// language (its published script); the messages as they are when there is none or it fails.
func (s *Service) localize(ctx context.Context, surveyID, code string, errs []lang.Message) []lang.Message {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 16 {
		return errs
	}
	var row models.SurveyLanguage
	if err := s.DB.WithContext(ctx).Select("script").Where("survey_id = ? AND language_code = ? AND draft = ?", surveyID, code, false).Take(&row).Error; err != nil {
		return errs
	}
	var items []lang.LangItem
	if json.Unmarshal([]byte(row.Script), &items) != nil {
		return errs
	}
	return lang.LocalizeMessages(errs, items)
}

func validationOutcome(errs []lang.Message) *SaveOutcome {
	var parts []string
	for i, e := range errs {
		if i == 3 {
			break
		}
		t := e.Text
		if e.QuDwID != "" {
			t = e.QuDwID + ": " + t
		}
		parts = append(parts, t)
	}
	if len(errs) > 20 {
		errs = errs[:20]
	}
	msg := strings.Join(parts, "; ")
	return &SaveOutcome{Code: 400, Msg: msg, Data: &SaveResult{AnCheckResultCode: 400, AnCheckResultMsg: msg, Errors: errs}}
}

// bump adds 1 to keys (sorted) in slot with one multi-row upsert.
func (s *Service) bump(tx *gorm.DB, surveyID string, slot int, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	var b strings.Builder
	args := make([]any, 0, len(keys)*3)
	b.WriteString("INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES ")
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,1)")
		args = append(args, surveyID, k, slot)
	}
	if s.mysql {
		b.WriteString(" ON DUPLICATE KEY UPDATE cnt = cnt + 1")
	} else {
		b.WriteString(" ON CONFLICT(survey_id, ckey, slot) DO UPDATE SET cnt = cnt + 1")
	}
	return tx.Exec(b.String(), args...).Error
}

// optionKeys are the statistics counters of effective answers (the one helper: see
// BuildAggregate in aggregate.go, which also gives the sums and answer items).
func optionKeys(qtypes map[string]string, answers []*lang.AnQuestion) []string {
	return BuildAggregate("", "", qtypes, answers).Keys
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

func clip(v string, n int) string {
	if len(v) <= n {
		return v
	}
	r := []rune(v)
	for len(string(r)) > n {
		r = r[:len(r)-1]
	}
	return string(r)
}

// unsafeFiles refuses uploaded-file references that are not http(s) or a path of this site
// (they are shown as links to the survey's staff).
func unsafeFiles(answers []*lang.AnQuestion) []lang.Message {
	var out []lang.Message
	for _, a := range answers {
		for _, f := range a.AnUploadFiles {
			if !surveysvc.SafeURL(string(f.FilePath)) {
				out = append(out, lang.Message{QuDwID: string(a.QuDwID), Key: lang.KeyUnreadable,
					Text:   "The answer cannot be read: a file reference is not a link of this site",
					Params: map[string]any{"reason": "a file reference is not a link of this site"}})
			}
		}
	}
	return out
}

// anEvents is what an answer keeps of answerCommon.esAnEvent (the exam page-switch record of
// console/src/components/answer/page/useAntiCheat.ts): these fields only, at most
// maxSwitchEvents switches.
type anEvents struct {
	SwitchCount   lang.Num      `json:"switchCount"`
	HideTotalTime lang.Num      `json:"hideTotalTime"`
	SwitchList    []switchEvent `json:"switchList"`
}

type switchEvent struct {
	HideDate      lang.Str `json:"hideDate"`
	ShowDate      lang.Str `json:"showDate"`
	HideTotalTime lang.Num `json:"hideTotalTime"`
}

const maxSwitchEvents = 200

// readEvents keeps the readable page-switch record of an answer as canonical JSON ("" when
// absent or unreadable: it is a record, not an answer, so it never refuses a submission).
func readEvents(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" || len(raw) > 64<<10 {
		return ""
	}
	var ev anEvents
	if json.Unmarshal(raw, &ev) != nil {
		return ""
	}
	if len(ev.SwitchList) > maxSwitchEvents {
		ev.SwitchList = ev.SwitchList[:maxSwitchEvents]
	}
	for i := range ev.SwitchList {
		e := &ev.SwitchList[i]
		e.HideDate, e.ShowDate = lang.Str(clip(string(e.HideDate), 32)), lang.Str(clip(string(e.ShowDate), 32))
	}
	if ev.SwitchList == nil {
		ev.SwitchList = []switchEvent{}
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return ""
	}
	return string(b)
}

func isDuplicate(err error) bool {
	m := strings.ToLower(err.Error())
	return errors.Is(err, gorm.ErrDuplicatedKey) || strings.Contains(m, "duplicate entry") || strings.Contains(m, "unique constraint")
}

func isDeadlock(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "deadlock") || strings.Contains(m, "1213") || strings.Contains(m, "lock wait timeout") ||
		strings.Contains(m, "database is locked")
}
