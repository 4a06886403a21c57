package api_test

import (
	"context"
	"sync"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/outbox"
)

// eventPerAnswer is a feature that wants one outbox event per submitted answer.
type eventPerAnswer struct{}

func (eventPerAnswer) SubmitEvents(_ context.Context, a answersvc.Submitted) ([]outbox.Event, error) {
	return []outbox.Event{{Kind: "probe", Key: a.Answer.ID, Payload: map[string]string{"survey": a.Survey.ID}}}, nil
}

// The outbox events of submitted answers are written with the answers, in the same
// transaction: one per stored answer on the group-commit path (parallel submissions, retries
// of one answer id, answers refused at the cap), none for a refusal or a draft, one when a
// draft is submitted.
func TestAnswerOutboxEventsRideWithTheAnswer(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.Deps.Answer.Events = append(e.Deps.Answer.Events, eventPerAnswer{})
		owner := author(t, e, "owner01")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{"anEndNumAttr": M{"enabled": true, "endNum": 60}}))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 40)
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				body := answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil)
				n := 1
				if i%10 == 0 {
					n = 3 // retries of one submission at once
				}
				var inner sync.WaitGroup
				for k := 0; k < n; k++ {
					inner.Add(1)
					go func() { defer inner.Done(); save(t, e.Client(t, ""), body) }()
				}
				inner.Wait()
			}()
		}
		wg.Wait()
		checkOneEventPerAnswer(t, e, id, 60)

		// a draft writes nothing; submitting it writes its event
		other, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		dw := newDwID()
		expectSaveCode(t, e.Client(t, ""), answerBody(other, dw, []M{anRadio("q1", "q1a1")}, M{"saveStatus": 1}), 201)
		checkOneEventPerAnswer(t, e, other, 0)
		expectSaveCode(t, e.Client(t, ""), answerBody(other, dw, []M{}, nil), 400) // invalid: refused, nothing written
		checkOneEventPerAnswer(t, e, other, 0)
		expectSaveCode(t, e.Client(t, ""), answerBody(other, dw, []M{anRadio("q1", "q1a2")}, nil), 201)
		checkOneEventPerAnswer(t, e, other, 1)
	})
}

func checkOneEventPerAnswer(t *testing.T, e *testenv.Env, surveyID string, want int) {
	t.Helper()
	var ids []string
	e.DB.Model(&models.Answer{}).Where("survey_id = ? AND save_status = 0", surveyID).Pluck("id", &ids)
	if len(ids) != want {
		t.Fatalf("%d submitted answers stored, want %d", len(ids), want)
	}
	var keys []string
	e.DB.Model(&models.OutboxEvent{}).Where("kind = ? AND payload LIKE ?", "probe", "%"+surveyID+"%").Pluck("entity_key", &keys)
	if len(keys) != want {
		t.Fatalf("%d events for %d answers", len(keys), want)
	}
	in := map[string]bool{}
	for _, k := range ids {
		in[k] = true
	}
	for _, k := range keys {
		if !in[k] {
			t.Fatalf("event %s has no answer", k)
		}
	}
}
