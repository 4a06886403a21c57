package contacts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/smtpsink"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/contacts"
)

type M = map[string]any

// sendEnv is a server on SQLite whose e-mail goes to a real SMTP server, with an owner, a
// published contact-only survey and n bound contacts (guestNN@example.org).
type sendEnv struct {
	e      *testenv.Env
	sink   *smtpsink.Sink
	owner  *testenv.Client
	survey string
	binds  map[string]string // e-mail -> bind id
}

func newSendEnv(t *testing.T, n int) *sendEnv {
	t.Helper()
	sink, err := smtpsink.Start(smtpsink.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sink.Close)
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Mail = config.MailConfig{Host: sink.Host(), Port: sink.Port(), TLS: "starttls", From: "survey@example.org", CAFile: sink.CAFile, PerMinute: 60}
	}})
	e.CreateUser(t, "sendowner", "secret-pw", models.PermSurveyManage)
	owner := e.Client(t, e.Login(t, "sendowner", "secret-pw"))
	s := &sendEnv{e: e, sink: sink, owner: owner, binds: map[string]string{}}
	var ids []string
	for i := 1; i <= n; i++ {
		var c struct{ ID string }
		email := fmt.Sprintf("guest%02d@example.org", i)
		if i == n { // the last one has no address
			email = ""
		}
		owner.Post("app/contacts/save.do", M{"account": fmt.Sprintf("guest%02d", i), "name": fmt.Sprintf("Guest %d", i), "email": email}).OK(t, &c)
		ids = append(ids, c.ID)
	}
	var info struct{ ID string }
	owner.Post("app/survey/add.do", M{"surveyName": "Send test", "surveyType": "survey"}).OK(t, &info)
	doc, _ := json.Marshal(M{"dwId": "sendsurvey", "surveyAttrs": M{"contactAttr": M{"enabled": true}}, "questions": []M{{"dwId": "q1", "quType": "RADIO", "quTitle": "Q",
		"quRadios": []M{{"dwId": "a1", "optionTitle": "A"}}}}})
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	owner.Post("app/survey/bind/add.do", M{"surveyId": info.ID, "contactIds": ids}).OK(t, nil)
	s.survey = info.ID
	var rows []struct{ ID, Email string }
	owner.Get("app/survey/bind/list.do?surveyId="+info.ID+"&pageSize=100").Page(t, &rows)
	for _, r := range rows {
		s.binds[r.Email] = r.ID
	}
	return s
}

func (s *sendEnv) distribution(t *testing.T, reminders int) string {
	t.Helper()
	var d struct{ ID string }
	s.owner.Post("app/survey/invitation/send.do", M{"surveyId": s.survey, "channel": "email", "language": "en-US", "reminders": reminders,
		"remindEveryHours": 24, "subject": "Please answer\r\nBcc: x@example.org"}).OK(t, &d)
	return d.ID
}

func (s *sendEnv) states(t *testing.T, dist string, round int) map[string]string {
	t.Helper()
	var rows []models.InvitationSend
	s.e.DB.Where("distribution_id = ? AND round = ?", dist, round).Find(&rows)
	out := map[string]string{}
	for email, b := range s.binds {
		for _, r := range rows {
			if r.BindID == b {
				out[email] = r.State
			}
		}
	}
	return out
}

func (s *sendEnv) answerAs(t *testing.T, email string) {
	t.Helper()
	aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": "dw-" + testenv.RandomSuffix(8), "anUser": M{"relateContactEsId": s.binds[email]}},
		"anQuestions": []M{{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a1"}}}})
	var out struct{ AnCheckResultCode int }
	s.e.Client(t, "").Post("none/v6/dw-answer-survey/save-survey-answer.do", M{"surveyId": s.survey, "jsonVersion": 6, "answerJson": string(aj)}).OK(t, &out)
	if out.AnCheckResultCode != 201 {
		t.Fatalf("answer refused %d", out.AnCheckResultCode)
	}
}

// Each send is recorded per contact with the real SMTP server's verdict: sent, bounced (550
// to RCPT), failed (451), skipped (no address); the batch size is the limit; a reminder is
// planned only for those who have not answered and whose address was not refused, and goes
// to nobody twice; once the survey ends nothing more is sent.
func TestSendBatchRecordsEveryContact(t *testing.T) {
	s := newSendEnv(t, 6)
	ctx := context.Background()
	svc := s.e.Deps.Contacts
	dist := s.distribution(t, 2)
	// The batches take the sends in bind-id order, and bind ids are random: which contacts
	// fall in which batch differs from run to run. The refusals are therefore tied to
	// recipients, not to the order of RCPTs (a "fail the next RCPT" set before the second
	// batch was never used when that batch held only guest02 and the one without an address).
	s.sink.Reject("guest02@example.org")
	s.sink.FailOnce("guest03@example.org")
	res, err := svc.SendBatch(ctx, contacts.BatchInput{DistributionID: dist, Round: 0, Limit: 4}, nil)
	if err != nil || res.Remaining != 2 || res.Sent+res.Bounced+res.Skipped+res.Failed != 4 {
		t.Fatalf("first batch %+v %v", res, err)
	}
	res, err = svc.SendBatch(ctx, contacts.BatchInput{DistributionID: dist, Round: 0, Limit: 4}, nil)
	if err != nil || res.Remaining != 0 || res.Sent+res.Bounced+res.Skipped+res.Failed != 2 {
		t.Fatalf("second batch %+v %v", res, err)
	}
	st := s.states(t, dist, 0)
	want := map[string]string{"guest01@example.org": models.SendSent, "guest02@example.org": models.SendBounced,
		"guest03@example.org": models.SendFailed, "guest04@example.org": models.SendSent, "guest05@example.org": models.SendSent,
		"": models.SendSkipped}
	for email, state := range want {
		if st[email] != state {
			t.Fatalf("%q: %s, want %s (all: %v)", email, st[email], state, st)
		}
	}
	if len(s.sink.Messages()) != 3 {
		t.Fatalf("states %v, %d messages", st, len(s.sink.Messages()))
	}
	m := s.sink.Messages()[0]
	if m.Subject != "Please answer  Bcc: x@example.org" || !strings.Contains(m.Body, "/contacts/") || strings.Contains(m.Raw, "\r\nBcc:") {
		t.Fatalf("message %q\n%s", m.Subject, m.Raw)
	}
	// nothing is sent twice: running the round again sends nothing
	if res, _ = svc.SendBatch(ctx, contacts.BatchInput{DistributionID: dist, Round: 0, Limit: 10}, nil); res.Sent != 0 || len(s.sink.Messages()) != 3 {
		t.Fatalf("again %+v", res)
	}
	// guest01 answers; the reminder goes to the other unanswered with an address
	s.answerAs(t, "guest01@example.org")
	plan, err := svc.PlanRound(ctx, contacts.RoundInput{DistributionID: dist, Round: 1})
	if err != nil || plan.Planned != 4 { // guest03..05 and the one without an address; not 01 (answered) nor 02 (bounced)
		t.Fatalf("plan %+v %v", plan, err)
	}
	if again, _ := svc.PlanRound(ctx, contacts.RoundInput{DistributionID: dist, Round: 1}); again.Planned != 4 {
		t.Fatalf("planned twice: %+v", again)
	}
	before := len(s.sink.Messages())
	res, _ = svc.SendBatch(ctx, contacts.BatchInput{DistributionID: dist, Round: 1, Limit: 10}, nil)
	got := map[string]int{}
	for _, m := range s.sink.Messages()[before:] {
		got[m.To[0]]++
		if m.Subject != "Reminder: Send test" {
			t.Fatalf("reminder subject %q", m.Subject)
		}
	}
	if res.Sent != 3 || len(got) != 3 || got["guest01@example.org"] != 0 || got["guest02@example.org"] != 0 {
		t.Fatalf("reminders %+v to %v", res, got)
	}
	var dd struct {
		Items []contacts.Distribution `json:"items"`
	}
	s.owner.Get("app/survey/invitation/list.do?surveyId="+s.survey).OK(t, &dd)
	if d := dd.Items[0]; d.People != 6 || d.Answered != 1 || d.Sent != 3 || d.Bounced != 1 || d.Skipped != 1 {
		t.Fatalf("status %+v", d)
	}
	// the survey ends: the next round stops
	s.owner.Post("app/survey/up-survey-status.do", M{"surveyId": s.survey, "surveyState": 2}).OK(t, nil)
	if p, _ := svc.PlanRound(ctx, contacts.RoundInput{DistributionID: dist, Round: 2}); p.Stop != "the survey ended" {
		t.Fatalf("after the end %+v", p)
	}
	if b, _ := svc.SendBatch(ctx, contacts.BatchInput{DistributionID: dist, Round: 1, Limit: 10}, nil); b.Stop == "" {
		t.Fatalf("batch after the end %+v", b)
	}
}

// A distribution in Japanese (asked for by its content code "ja") reaches the SMTP server in
// Japanese with the survey title of the published ja translation and the personal link that
// opens it; one in Russian, which has no translation, keeps the original title and plain link;
// without a language the survey's own is taken (its title "Send test" is English); an unknown
// language is refused with the allowed ones and nothing is written.
func TestInvitationInSurveyLanguage(t *testing.T) {
	s := newSendEnv(t, 2)
	ctx := context.Background()
	svc := s.e.Deps.Contacts
	script, _ := json.Marshal([]M{{"lanCode": "sendsurvey", "lanType": "surveyName", "lanValue": "<p>送信テスト {Q1|ご担当者}</p>"}})
	s.owner.Post("app/v6/language/add", M{"surveyId": s.survey, "languageCode": "ja", "languageName": "日本語", "languageJsonScript": string(script)}).OK(t, nil)
	var n0 int64
	s.e.DB.Model(&models.Distribution{}).Count(&n0)
	for _, bad := range []string{"de", "ja-XX"} {
		s.owner.Post("app/survey/invitation/send.do", M{"surveyId": s.survey, "channel": "email", "language": bad}).
			Refused(t, 400, "The language must be one of zh-CN, en-US, zh-TW, ja-JP, ko-KR, vi-VN, th-TH, ru-RU")
	}
	var n int64
	if s.e.DB.Model(&models.Distribution{}).Count(&n).Error != nil || n != n0 {
		t.Fatalf("a refused language wrote a distribution: %d -> %d", n0, n)
	}
	var list struct {
		Languages []string
		Language  string
	}
	s.owner.Get("app/survey/invitation/list.do?surveyId="+s.survey).OK(t, &list)
	if len(list.Languages) != 8 || list.Language != "en-US" {
		t.Fatalf("languages %v, the survey's %q", list.Languages, list.Language)
	}
	send := func(language string) (contacts.Distribution, []string) {
		t.Helper()
		var d contacts.Distribution
		s.owner.Post("app/survey/invitation/send.do", M{"surveyId": s.survey, "channel": "email", "language": language}).OK(t, &d)
		before := len(s.sink.Messages())
		if _, err := svc.SendBatch(ctx, contacts.BatchInput{DistributionID: d.ID, Round: 0, Limit: 10}, nil); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range s.sink.Messages()[before:] {
			if m.To[0] == "guest01@example.org" {
				out = append(out, m.Subject, m.Body)
			}
		}
		if len(out) != 2 {
			t.Fatalf("%s: %d messages to guest01", language, len(out)/2)
		}
		return d, out
	}
	link := "/v8/diaowen/an/" + s.surveySid(t) + "/contacts/" + s.binds["guest01@example.org"]
	d, m := send("ja")
	if d.Language != "ja-JP" || m[0] != "アンケートご協力のお願い：送信テスト ご担当者" {
		t.Fatalf("ja: %s, subject %q", d.Language, m[0])
	}
	for _, want := range []string{"Guest 1 様", "アンケート「送信テスト ご担当者」へのご回答をお願いいたします。", "以下のあなた専用のリンクからご回答ください", link + "?lang=ja\n"} {
		if !strings.Contains(m[1], want) {
			t.Fatalf("ja body lacks %q:\n%s", want, m[1])
		}
	}
	d, m = send("ru-RU")
	if d.Language != "ru-RU" || m[0] != "Приглашение к опросу: Send test" || !strings.Contains(m[1], "Здравствуйте, Guest 1!") ||
		!strings.Contains(m[1], link+"\n") || strings.Contains(m[1], "?lang=") {
		t.Fatalf("ru: %s %q\n%s", d.Language, m[0], m[1])
	}
	d, m = send("")
	if d.Language != "en-US" || m[0] != "Invitation: Send test" {
		t.Fatalf("default: %s %q", d.Language, m[0])
	}
}

func (s *sendEnv) surveySid(t *testing.T) string {
	t.Helper()
	var sv models.Survey
	if err := s.e.DB.Take(&sv, "id = ?", s.survey).Error; err != nil {
		t.Fatal(err)
	}
	return sv.Sid
}
