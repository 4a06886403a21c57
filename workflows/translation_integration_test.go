package workflows_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/worker"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/internal/wire"
	"dwsurvey/models"
	"dwsurvey/services/language"
	"dwsurvey/services/language/standin"
	"dwsurvey/services/outbox"
	"dwsurvey/workflows"
	"dwsurvey/workflows/starter"
)

// An AI translation on MariaDB and a Temporal dev server through the production chain
// (aiAdd -> outbox -> dispatcher -> TranslationWorkflow -> activities -> the real
// chat-completions client -> the local stand-in). The worker is killed while the second
// chunk's request is in flight; a new worker finishes the job. The first chunk is never
// sent again, every text ends in the draft (respondents see nothing until it is published),
// and the survey's own texts are unchanged.
func TestTranslationSurvivesWorkerKill(t *testing.T) {
	var hold atomic.Bool
	hold.Store(true)
	ai := &standin.Server{Key: "sk-test-1", Model: "standin-1", Script: func(r standin.Request) standin.Reply {
		if r.N == 2 && hold.Load() { // the second request hangs until the worker is gone
			return standin.Reply{Delay: time.Minute}
		}
		return standin.Translate(r)
	}}
	srv := httptest.NewServer(ai)
	defer srv.Close()
	e := testenv.NewServer(t, "mysql", testenv.Options{Config: func(c *config.Config) {
		c.AI.BaseURL, c.AI.Key, c.AI.Model, c.AI.MaxCharsPerRequest = srv.URL+"/v1", "sk-test-1", "standin-1", 100
	}})
	c := temporalClient(t)
	queue := "dws-translation-" + testenv.RandomSuffix(6)
	d := &outbox.Dispatcher{DB: e.DB}
	starter.Outbox(d, c, queue, starter.Features{WorkflowTaskTimeout: 2 * time.Second,
		Translation: workflows.TranslationInput{ChunkTimeout: 8 * time.Second, ChunkAttempts: 3, RetryInterval: 200 * time.Millisecond}})
	e.CreateUser(t, "translatewf", "secret-pw", models.PermSurveyManage)
	owner := e.Client(t, e.Login(t, "translatewf", "secret-pw"))
	var info struct {
		ID string `json:"id"`
	}
	owner.Post("app/survey/add.do", M{"surveyName": "问卷", "surveyType": "survey"}).OK(t, &info)
	var qs []M
	for i := 1; i <= 6; i++ { // ~40 characters per question: 100 per request gives several chunks
		qs = append(qs, M{"dwId": fmt.Sprintf("q%d", i), "quType": "RADIO", "quTitle": fmt.Sprintf("第%d题：您最喜欢的颜色是什么？请选择一项", i),
			"quTitleObj": M{"dwHtml": fmt.Sprintf("<p>第%d题：您最喜欢的<b>颜色</b>是什么？</p>", i), "dwText": ""},
			"quRadios":   []M{{"dwId": fmt.Sprintf("q%da", i), "optionTitle": "红色"}, {"dwId": fmt.Sprintf("q%db", i), "optionTitle": "蓝色"}}})
	}
	doc, _ := json.Marshal(M{"questions": qs})
	owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(doc)}).OK(t, nil)
	var before models.Survey
	e.DB.Take(&before, "id = ?", info.ID)

	var job language.Job
	owner.Post("app/v6/language/aiAdd", M{"surveyId": info.ID, "languageCode": "en", "languageJsonScript": "[]"}).OK(t, &job)
	w1 := translationWorker(t, e, queue)
	if _, err := d.DispatchDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	jobRow := func() models.TranslationJob {
		var j models.TranslationJob
		e.DB.Take(&j, "id = ?", job.ID)
		return j
	}
	waitFor(t, "the first chunk translated and the second in flight", func() bool {
		return jobRow().DoneChunks == 1 && ai.Calls() == 2
	})
	if j := jobRow(); j.Chunks < 3 {
		t.Fatalf("want several chunks, got %d", j.Chunks)
	}
	w1.Stop()
	hold.Store(false)
	w2 := translationWorker(t, e, queue)
	defer w2.Stop()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	run := c.GetWorkflow(ctx, workflows.TranslationWorkflowID(job.ID), "")
	var res workflows.TranslationResult
	if err := run.Get(ctx, &res); err != nil {
		t.Fatal(err)
	}
	j := jobRow()
	if res.State != "done" || j.State != models.TranslationDone || j.DoneChunks != j.Chunks || j.FailedChunks != 0 {
		t.Fatalf("result %+v, job %+v", res, j)
	}
	// the first chunk went to the provider once; only the chunk in flight was sent again
	seen := ai.Seen()
	first := 0
	for _, texts := range seen {
		for _, v := range texts {
			if strings.Contains(v, "第1题") {
				first++
			}
		}
	}
	if first != 1 || len(seen) != j.Chunks+1 {
		t.Fatalf("chunk 0 sent %d times, %d requests for %d chunks", first, len(seen), j.Chunks)
	}
	// every text in the draft, nothing published, the original untouched
	var lang models.SurveyLanguage
	e.DB.Take(&lang, "survey_id = ? AND language_code = ?", info.ID, "en")
	var items []language.Item
	_ = json.Unmarshal([]byte(lang.DraftScript), &items)
	if !lang.Draft || lang.Script != "" || len(items) != 6*3+1 { // the title, 6 questions of 2 options
		t.Fatalf("language %+v with %d items", lang, len(items))
	}
	for _, it := range items {
		if !strings.Contains(it.LanValue, "[en] ") {
			t.Fatalf("untranslated %+v", it)
		}
		if it.LanType == "quTitle" && !strings.HasPrefix(it.LanValue, "<p>[en] ") {
			t.Fatalf("tags lost: %q", it.LanValue)
		}
	}
	var after models.Survey
	e.DB.Take(&after, "id = ?", info.ID)
	if after.Draft != before.Draft {
		t.Fatal("the survey's own texts changed")
	}
	var list struct {
		Data []language.Language `json:"data"`
	}
	e.Client(t, "").Post("none/v6/dw-answer-select-language/list", M{"surveyId": info.ID}).OK(t, &list)
	if len(list.Data) != 0 {
		t.Fatalf("a draft is listed to respondents: %+v", list.Data)
	}
	owner.Post("app/v6/language/publish", M{"surveyId": info.ID, "languageCode": "en"}).OK(t, nil)
	e.Client(t, "").Post("none/v6/dw-answer-select-language/list", M{"surveyId": info.ID}).OK(t, &list)
	if len(list.Data) != 1 || list.Data[0].LanguageCode != "en" {
		t.Fatalf("published: %+v", list.Data)
	}
	if os.Getenv("DWS_RECORD_HISTORY") == "1" {
		recordHistory(t, c, run.GetID(), run.GetRunID(), "translation_history.json")
	}
}

func translationWorker(t *testing.T, e *testenv.Env, queue string) worker.Worker {
	t.Helper()
	w := worker.New(temporalClient(t), queue, worker.Options{WorkerStopTimeout: 2 * time.Second})
	workflows.Register(w, wire.Activities(wire.Parts{Config: e.Config, DB: e.DB}))
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	return w
}
