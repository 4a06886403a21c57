package contacts_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/standin"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/contacts"
)

// SMS is the second channel of invitations: with sms.invite_template set, a distribution by
// SMS goes through the configured provider (here Alibaba Cloud's stand-in, which checks the
// request signature) with the contact's name, the survey and the contact's own link; a contact
// without a phone is skipped.
func TestSMSInvitationsThroughProvider(t *testing.T) {
	st := &standin.Server{AliyunKeyID: "ak-id", AliyunSecret: "ak-secret"}
	srv := httptest.NewServer(st.Handler())
	t.Cleanup(srv.Close)
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.SMS.Provider, c.SMS.SignName, c.SMS.CodeTemplate, c.SMS.InviteTemplate = "aliyun", "问卷", "SMS_CODE", "SMS_INVITE"
		c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret = srv.URL+"/aliyun/", "ak-id", "ak-secret"
	}})
	e.CreateUser(t, "smsowner", "secret-pw", models.PermSurveyManage)
	owner := e.Client(t, e.Login(t, "smsowner", "secret-pw"))
	var ids []string
	for _, c := range []M{{"account": "p1", "name": "Ann", "phone": "13800138011"}, {"account": "p2", "name": "Bob", "phone": "+8613800138012"}, {"account": "p3", "name": "Cy"}} {
		var out struct{ ID string }
		owner.Post("app/contacts/save.do", c).OK(t, &out)
		ids = append(ids, out.ID)
	}
	var info struct{ ID string }
	owner.Post("app/survey/add.do", M{"surveyName": "SMS test", "surveyType": "survey"}).OK(t, &info)
	doc, _ := json.Marshal(M{"surveyAttrs": M{"contactAttr": M{"enabled": true}}, "questions": []M{{"dwId": "q1", "quType": "RADIO", "quTitle": "Q",
		"quRadios": []M{{"dwId": "a1", "optionTitle": "A"}}}}})
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	owner.Post("app/survey/bind/add.do", M{"surveyId": info.ID, "contactIds": ids}).OK(t, nil)
	var ch struct {
		Channels map[string]bool `json:"channels"`
	}
	owner.Get("app/survey/invitation/list.do?surveyId="+info.ID).OK(t, &ch)
	if !ch.Channels["sms"] {
		t.Fatalf("channels %+v", ch.Channels)
	}
	var d struct{ ID string }
	owner.Post("app/survey/invitation/send.do", M{"surveyId": info.ID, "channel": "sms", "language": "en-US"}).OK(t, &d)
	res, err := e.Deps.Contacts.SendBatch(context.Background(), contacts.BatchInput{DistributionID: d.ID, Round: 0, Limit: 10}, nil)
	if err != nil || res.Sent != 2 || res.Skipped != 1 {
		t.Fatalf("batch %+v %v", res, err)
	}
	msgs := st.Messages()
	if len(msgs) != 2 {
		t.Fatalf("delivered %+v", msgs)
	}
	byPhone := map[string]standin.Message{}
	for _, m := range msgs {
		byPhone[m.Phone] = m
	}
	for phone, name := range map[string]string{"+8613800138011": "Ann", "+8613800138012": "Bob"} {
		m := byPhone[phone]
		if m.Template != "SMS_INVITE" || m.Params["name"] != name || m.Params["survey"] != "SMS test" || !strings.Contains(m.Params["link"], "/contacts/") {
			t.Fatalf("%s: %+v", phone, m)
		}
	}
	if byPhone["+8613800138011"].Params["link"] == byPhone["+8613800138012"].Params["link"] {
		t.Fatal("the contacts got the same link")
	}
}
