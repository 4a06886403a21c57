package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// Event is the JSON body of a custom hook (the Standard Webhooks shape: type, timestamp of
// the event, data).
type Event struct {
	Type      string    `json:"type"`
	Timestamp string    `json:"timestamp"`
	Data      EventData `json:"data"`
}

// EventData is what an event is about. Answer events carry the survey version the answer
// was given on, the stored (effective) answer and the titles of that version's questions.
type EventData struct {
	Survey    SurveyRef     `json:"survey"`
	Version   int           `json:"version,omitempty"`
	Answer    *AnswerData   `json:"answer,omitempty"`
	Questions []QuestionRef `json:"questions,omitempty"`
	Closed    *ClosedData   `json:"closed,omitempty"`
	Link      string        `json:"link,omitempty"`
	Test      bool          `json:"test,omitempty"`
}

// SurveyRef names a survey.
type SurveyRef struct {
	ID    string `json:"id"`
	Sid   string `json:"sid"`
	Title string `json:"title"`
	Type  string `json:"surveyType"`
}

// AnswerData is the answer record. Times are RFC 3339 in UTC.
type AnswerData struct {
	ID           string          `json:"id"`
	AnswerDwID   string          `json:"answerDwId"`
	StartedAt    string          `json:"startedAt"`
	SubmittedAt  string          `json:"submittedAt"`
	DurationMs   int64           `json:"durationMs"`
	SumScore     float64         `json:"sumScore"`
	IsTest       bool            `json:"isTest"`
	IsEff        int             `json:"isEff"`
	HandleState  int             `json:"handleState"`
	IP           string          `json:"ip,omitempty"`
	Province     string          `json:"province,omitempty"`
	City         string          `json:"city,omitempty"`
	SourceCode   string          `json:"sourceCode,omitempty"`
	AnQuestions  json.RawMessage `json:"anQuestions"`
	AnSolutionID json.RawMessage `json:"anSolutionIds,omitempty"`
}

// QuestionRef is one question of the version: its number (Q1…), type and plain title.
type QuestionRef struct {
	DwID   string `json:"dwId"`
	Num    string `json:"num,omitempty"`
	QuType string `json:"quType"`
	Title  string `json:"title"`
}

// ClosedData says why and when collection ended.
type ClosedData struct {
	Reason      string `json:"reason"`
	ClosedAt    string `json:"closedAt"`
	AnswerCount int    `json:"answerCount"`
}

// errGone: what the delivery is about no longer exists (answer or survey deleted).
var errGone = errors.New("what the event is about no longer exists")

// built is an event ready to be shaped for a target.
type built struct {
	ev      Event
	doc     *lang.Survey
	answers []*lang.AnQuestion
	at      time.Time
}

// buildEvent loads what delivery d is about.
func (s *Service) buildEvent(ctx context.Context, d *models.WebhookDelivery) (*built, error) {
	db := s.DB.WithContext(ctx)
	var sv models.Survey
	if err := db.Where("id = ?", d.SurveyID).Take(&sv).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, errGone
		}
		return nil, err
	}
	b := &built{ev: Event{Type: d.Event, Data: EventData{Survey: SurveyRef{ID: sv.ID, Sid: sv.Sid, Title: sv.Title, Type: sv.SurveyType}}}}
	switch d.Event {
	case models.HookAnswerSubmitted, models.HookAnswerReviewed:
		var a models.Answer
		if err := db.Where("id = ? AND deleted_at IS NULL", d.AnswerID).Take(&a).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return nil, errGone
			}
			return nil, err
		}
		var v models.SurveyVersion
		if err := db.Where("survey_id = ? AND version = ?", sv.ID, a.SurveyVersion).Take(&v).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return nil, errGone
			}
			return nil, err
		}
		doc, _, err := lang.Parse([]byte(v.Document))
		if err != nil {
			return nil, fmt.Errorf("survey version %d: %w", v.Version, err)
		}
		var stored struct {
			AnQuestions   json.RawMessage `json:"anQuestions"`
			AnSolutionIDs json.RawMessage `json:"anSolutionIds"`
		}
		_ = json.Unmarshal([]byte(a.Document), &stored)
		if len(stored.AnQuestions) == 0 {
			stored.AnQuestions = json.RawMessage("[]")
		}
		_ = json.Unmarshal(stored.AnQuestions, &b.answers)
		b.doc, b.at = doc, a.EndAnDate
		if d.Event == models.HookAnswerReviewed {
			b.at = a.UpdatedAt
		}
		b.ev.Data.Version = a.SurveyVersion
		b.ev.Data.Answer = &AnswerData{ID: a.ID, AnswerDwID: a.AnswerDwID, StartedAt: rfc(a.BgAnDate), SubmittedAt: rfc(a.EndAnDate),
			DurationMs: a.DurationMs, SumScore: a.SumScore, IsTest: a.IsTest == 1, IsEff: a.IsEff, HandleState: a.HandleState,
			IP: a.ClientIP, Province: a.Province, City: a.City, SourceCode: a.SourceCode, AnQuestions: stored.AnQuestions,
			AnSolutionID: stored.AnSolutionIDs}
		b.ev.Data.Questions = questionRefs(doc, b.answers)
		if s.PublicURL != "" {
			b.ev.Data.Link = strings.TrimRight(s.PublicURL, "/") + "/v8/diaowen/an/review/" + sv.Sid + "/" + a.ID
		}
	case models.HookSurveyClosed:
		var cs models.CollectSetting
		_ = db.Where("survey_id = ?", sv.ID).Take(&cs).Error
		at := d.CreatedAt
		if cs.ClosedAt != nil {
			at = *cs.ClosedAt
		}
		n, err := models.AnswerCounts(ctx, s.DB, []string{sv.ID})
		if err != nil {
			return nil, err
		}
		b.at = at
		b.ev.Data.Closed = &ClosedData{Reason: cs.CloseReason, ClosedAt: rfc(at), AnswerCount: n[sv.ID]}
		if s.PublicURL != "" {
			b.ev.Data.Link = strings.TrimRight(s.PublicURL, "/") + "/v8/dws/d/chart/" + sv.ID
		}
	}
	b.ev.Timestamp = rfc(b.at)
	return b, nil
}

func rfc(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// questionRefs lists the document's questions with their numbers and plain titles (piped
// placeholders rendered with the answer's own answers).
func questionRefs(doc *lang.Survey, answers []*lang.AnQuestion) []QuestionRef {
	ix := lang.NewIndex(doc)
	pv := lang.NewPiper(doc, nil).With(answers)
	out := make([]QuestionRef, 0, len(doc.Questions))
	for i, q := range doc.Questions {
		if q.IsDisplayOnly() {
			continue
		}
		r := QuestionRef{DwID: string(q.DwID), QuType: string(q.QuType), Title: pv.Text(titleOf(q))}
		if ix.Num[i] > 0 {
			r.Num = "Q" + strconv.Itoa(ix.Num[i])
		}
		out = append(out, r)
	}
	return out
}

// titleOf is a question's title as plain text (placeholders not yet rendered).
func titleOf(q *lang.Question) string {
	if q.QuTitleObj != nil {
		if t := strings.TrimSpace(q.QuTitleObj.DwText); t != "" {
			return t
		}
		if t := lang.PlainText(q.QuTitleObj.DwHTML); t != "" {
			return t
		}
	}
	return lang.PlainText(string(q.QuTitle))
}

// body builds the unsigned request body of a delivery for its hook.
func (s *Service) body(h *models.Webhook, b *built) ([]byte, error) {
	if h.Target == models.HookCustom {
		return json.Marshal(b.ev)
	}
	return botBody(h.Target, s.botMessage(decodeTemplate(h.Template), b)), nil
}

// botMessage is the team-chat message of an event.
func (s *Service) botMessage(t Template, b *built) message {
	w := words(t.Lang)
	d := b.ev.Data
	m := message{Lang: t.Lang}
	at := b.at.In(s.Loc).Format("2006-01-02 15:04:05")
	switch b.ev.Type {
	case models.HookAnswerSubmitted, models.HookTest:
		doc := b.doc
		if doc == nil {
			doc = &lang.Survey{}
		}
		pv := lang.NewPiper(doc, nil).With(b.answers)
		m.Title = fmt.Sprintf(w.newAnswer, d.Survey.Title)
		if b.ev.Type == models.HookTest {
			m.Title = fmt.Sprintf(w.test, d.Survey.Title)
		}
		if t.Title != "" {
			m.Title = pv.Text(t.Title)
		}
		ix := lang.NewIndex(doc)
		for _, id := range t.Questions {
			qi, ok := ix.ByID[id]
			if !ok || ix.Num[qi] == 0 {
				continue
			}
			q := ix.Qs[qi]
			val := pv.Value("Q" + strconv.Itoa(ix.Num[qi]))
			if b.ev.Type == models.HookTest {
				val = w.sample
			} else if val == "" {
				val = w.noAnswer
			}
			m.Lines = append(m.Lines, [2]string{"Q" + strconv.Itoa(ix.Num[qi]) + " " + pv.Text(titleOf(q)), val})
		}
		m.Lines = append(m.Lines, [2]string{w.submittedAt, at})
		if d.Answer != nil && d.Answer.IsTest {
			m.Lines = append(m.Lines, [2]string{"", w.testAnswer})
		}
		if b.ev.Type == models.HookTest {
			m.Lines = append(m.Lines, [2]string{"", w.testNote})
		}
		m.LinkText = w.viewAnswer
	case models.HookAnswerReviewed:
		m.Title = fmt.Sprintf(w.reviewed, d.Survey.Title)
		verdict := w.passed
		if d.Answer != nil && d.Answer.IsEff == 0 {
			verdict = w.notPassed
		}
		m.Lines = append(m.Lines, [2]string{w.verdict, verdict}, [2]string{w.reviewedAt, at})
		m.LinkText = w.viewAnswer
	case models.HookSurveyClosed:
		m.Title = fmt.Sprintf(w.closed, d.Survey.Title)
		if d.Closed != nil {
			reason := w.reasons[d.Closed.Reason]
			if reason == "" {
				reason = d.Closed.Reason
			}
			m.Lines = append(m.Lines, [2]string{w.reason, reason}, [2]string{w.answers, strconv.Itoa(d.Closed.AnswerCount)})
		}
		m.Lines = append(m.Lines, [2]string{w.closedAt, at})
		m.LinkText = w.viewSurvey
	}
	if t.Link && d.Link != "" {
		m.Link = d.Link
	}
	return m
}

// messageWords are the message's own words in one language.
type messageWords struct {
	newAnswer, test, reviewed, closed                  string
	submittedAt, reviewedAt, closedAt, verdict, reason string
	answers, passed, notPassed, viewAnswer, viewSurvey string
	noAnswer, sample, testNote, testAnswer             string
	reasons                                            map[string]string
}

func words(l string) messageWords {
	if l == "en-US" {
		return messageWords{newAnswer: "New answer: %s", test: "Test message: %s", reviewed: "Answer reviewed: %s",
			closed: "Collection ended: %s", submittedAt: "Submitted", reviewedAt: "Reviewed", closedAt: "Ended",
			verdict: "Review result", reason: "Reason", answers: "Answers", passed: "Passed", notPassed: "Not passed",
			viewAnswer: "View the answer", viewSurvey: "Open the statistics", noAnswer: "(no answer)",
			sample: "(sample answer)", testNote: "This is a test message from DWSurvey.", testAnswer: "(test answer)",
			reasons: map[string]string{"endTime": "end time reached", "answerCap": "answer limit reached",
				"quotasFull": "all quotas full", "endNow": "ended by the author"}}
	}
	return messageWords{newAnswer: "新答卷：%s", test: "测试消息：%s", reviewed: "答卷已审核：%s",
		closed: "问卷已结束收集：%s", submittedAt: "提交时间", reviewedAt: "审核时间", closedAt: "结束时间",
		verdict: "审核结果", reason: "原因", answers: "答卷数", passed: "通过", notPassed: "不通过",
		viewAnswer: "查看答卷", viewSurvey: "查看统计", noAnswer: "（未作答）",
		sample: "（示例答案）", testNote: "这是一条来自 DWSurvey 的测试消息。", testAnswer: "（测试答卷）",
		reasons: map[string]string{"endTime": "到达结束时间", "answerCap": "达到答卷数上限",
			"quotasFull": "配额已满", "endNow": "作者手动结束"}}
}
