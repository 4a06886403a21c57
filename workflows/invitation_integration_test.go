package workflows_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/worker"

	"dwsurvey/config"
	"dwsurvey/internal/smtpsink"
	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// A worker that dies in the middle of a batch (its SMTP connection hangs on the 11th
// message, then the worker is stopped) hands the batch to another worker after the
// heartbeat timeout: the held message is recorded as unknown and never sent again, every
// other contact gets exactly one invitation, and when the held message finally goes
// through nobody has two. The chain is the production one: API -> distribution and its
// outbox event -> dispatcher -> InvitationWorkflow -> activities -> SMTP (STARTTLS, AUTH)
// on MariaDB and a Temporal dev server.
func TestInvitationWorkerDiesMidBatch(t *testing.T) {
	const people = 30
	sink, err := smtpsink.Start(smtpsink.Options{User: "mailer", Password: "mail-pw-1", Dir: t.TempDir(), HangAfter: 10, Delay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer sink.Close()
	e := testenv.NewServer(t, "mysql", testenv.Options{Config: func(c *config.Config) {
		c.Mail = config.MailConfig{Host: sink.Host(), Port: sink.Port(), TLS: "starttls", User: "mailer", Password: "mail-pw-1",
			From: "survey@example.org", FromName: "Survey", CAFile: sink.CAFile, PerMinute: 1000}
	}})
	c := temporalClient(t)
	queue := "dws-inv-" + testenv.RandomSuffix(6)
	d := &outbox.Dispatcher{DB: e.DB}
	starter.Outbox(d, c, queue, starter.Features{InvitationsPerMinute: 1000, InvitationHeartbeat: 3 * time.Second, WorkflowTaskTimeout: 2 * time.Second})
	newWorker := func() worker.Worker {
		w := worker.New(c, queue, worker.Options{WorkerStopTimeout: time.Second})
		workflows.Register(w, wire.Activities(wire.Parts{Config: e.Config, DB: e.DB}))
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	e.CreateUser(t, "invowner", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	owner := e.Client(t, e.Login(t, "invowner", "secret-pw"))
	var g struct{ ID string }
	owner.Post("app/contacts/group/save.do", M{"name": "Everyone"}).OK(t, &g)
	for i := 1; i <= people; i++ {
		a := fmt.Sprintf("guest%03d", i)
		owner.Post("app/contacts/save.do", M{"account": a, "name": "Guest " + a, "email": a + "@example.org", "groupId": g.ID}).OK(t, nil)
	}
	var info struct{ ID string }
	owner.Post("app/survey/add.do", M{"surveyName": "Invited", "surveyType": "survey"}).OK(t, &info)
	doc, _ := json.Marshal(M{"surveyAttrs": M{"contactAttr": M{"enabled": true}}, "questions": []M{{"dwId": "q1", "quType": "RADIO", "quTitle": "Colour",
		"quRadios": []M{{"dwId": "a1", "optionTitle": "red"}, {"dwId": "a2", "optionTitle": "blue"}}}}})
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)
	owner.Post("app/survey/bind/add.do", M{"surveyId": info.ID, "groupIds": []string{g.ID}}).OK(t, nil)
	var dist struct{ ID string }
	owner.Post("app/survey/invitation/send.do", M{"surveyId": info.ID, "channel": "email", "language": "en-US"}).OK(t, &dist)

	w1 := newWorker()
	if _, err := d.DispatchDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the 11th message to hang", sink.Hanging)
	w1.Stop() // its activity stays stuck in the held send: a dead worker, as Temporal sees it
	w2 := newWorker()
	defer w2.Stop()
	waitFor(t, "the other worker to send the rest", func() bool { return len(sink.Messages()) == people-1 })
	sink.Release() // the dead worker's held message finally goes through
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	run := c.GetWorkflow(ctx, workflows.InvitationWorkflowID(dist.ID), "")
	var res workflows.InvitationResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the held message", func() bool { return len(sink.Messages()) == people })
	per := map[string]int{}
	for _, m := range sink.Messages() {
		per[m.To[0]]++
		if !strings.Contains(m.Body, "/v8/diaowen/an/") || !strings.Contains(m.Body, "/contacts/") || m.Subject != "Invitation: Invited" {
			t.Fatalf("message %q:\n%s", m.Subject, m.Body)
		}
	}
	if len(per) != people {
		t.Fatalf("%d people reached", len(per))
	}
	for to, n := range per {
		if n != 1 {
			t.Fatalf("%s got %d invitations", to, n)
		}
	}
	// the retried batch (the result counts it only) met the held send and sent the other 19;
	// the dead worker then recorded its held send as sent
	waitFor(t, "every send recorded as sent", func() bool {
		return testenv.Count(t, e.DB, &models.InvitationSend{}, "distribution_id = ? AND state = ?", dist.ID, models.SendSent) == people
	})
	var dd models.Distribution
	e.DB.Take(&dd, "id = ?", dist.ID)
	if res.State != "finished" || res.Unknown != 1 || res.Sent != people-11 || dd.State != models.DistributionFinished || dd.FinishedAt == nil {
		t.Fatalf("result %+v, distribution %+v", res, dd)
	}
	t.Logf("result %+v: %d SMTP connections, every contact once", res, sink.Connections())
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "invitation_history.json")
	}
}
