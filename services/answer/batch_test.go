package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	. "dwsurvey/services/answer"
)

func batchSurvey(t *testing.T, s *Service, id, attrs string) {
	t.Helper()
	doc := `{"surveyAttrs":` + attrs + `,"questions":[{"dwId":"q1","quType":"RADIO","quTitle":"Q1","quAttr":{"isRequired":true},
		"quRadios":[{"dwId":"o1","optionTitle":"o1"},{"dwId":"o2","optionTitle":"o2"}]}]}`
	if err := s.DB.Create(&models.Survey{ID: id, Sid: "sid-" + id, OwnerID: "u1", Title: "t", SurveyType: "survey",
		State: models.SurveyCollecting, PublishedVersion: 1}).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.DB.Create(&models.SurveyVersion{ID: "v-" + id, SurveyID: id, Version: 1, Document: doc}).Error; err != nil {
		t.Fatal(err)
	}
}

func batchInput(surveyID, dwID, opt string) SaveInput {
	aj, _ := json.Marshal(map[string]any{"answerCommon": map[string]any{"answerDwId": dwID},
		"anQuestions": []any{map[string]any{"quDwId": "q1", "quType": "RADIO", "anRadio": map[string]any{"optionDwId": opt}}}})
	return SaveInput{SurveyID: surveyID, AnswerJSON: aj, SaveStatus: -1, Client: Client{IP: "10.0.0.1", UserAgent: "Mozilla/5.0 (iPhone) Mobile"}}
}

func counter(t *testing.T, s *Service, surveyID, key string) int64 {
	t.Helper()
	n, err := s.CounterSum(context.Background(), surveyID, key)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// One batch holding a new answer, a retry of an answer stored before, another new answer,
// one over the answer cap and a retry of the first one inside the same batch: each gets
// its own outcome, the cap holds, the counters equal a recount.
func TestBatchMixedOutcomes(t *testing.T) {
	for _, driver := range []string{"sqlite", "mysql"} {
		t.Run(driver, func(t *testing.T) {
			s := &Service{DB: testenv.DB(t, driver)}
			ctx := context.Background()
			batchSurvey(t, s, "s1", `{"anEndNumAttr":{"enabled":true,"endNum":3}}`)
			pre, err := s.Save(ctx, batchInput("s1", "pre", "o1"))
			if err != nil || pre.Data == nil || pre.Data.AnCheckResultCode != 201 {
				t.Fatalf("first answer: %+v %v", pre, err)
			}
			// hold the batcher so that the five submissions form one batch, in this order
			s.HoldBatch("s1")
			ins := []SaveInput{batchInput("s1", "a", "o1"), batchInput("s1", "pre", "o1"), batchInput("s1", "c", "o2"),
				batchInput("s1", "d", "o2"), batchInput("s1", "a", "o1")}
			outs := make([]*SaveOutcome, len(ins))
			var wg sync.WaitGroup
			for i, in := range ins {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out, err := s.Save(ctx, in)
					if err != nil {
						t.Error(err)
					}
					outs[i] = out
				}()
				for deadline := time.Now().Add(5 * time.Second); ; {
					if s.QueuedBatch("s1") == i+1 {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("submission %d not queued", i)
					}
					time.Sleep(time.Millisecond)
				}
			}
			s.ReleaseBatch("s1")
			wg.Wait()
			code := func(o *SaveOutcome) string {
				if o == nil || o.Data == nil {
					return fmt.Sprintf("%+v", o)
				}
				return fmt.Sprint(o.Data.AnCheckResultCode)
			}
			got := []string{code(outs[0]), code(outs[1]), code(outs[2]), code(outs[3]), code(outs[4])}
			if fmt.Sprint(got) != "[201 201 201 407 201]" {
				t.Fatalf("codes %v", got)
			}
			if outs[1].Data.DbAnswerID != pre.Data.DbAnswerID || outs[4].Data.DbAnswerID != outs[0].Data.DbAnswerID {
				t.Fatalf("retries did not return the first results: %s %s / %s %s", outs[1].Data.DbAnswerID, pre.Data.DbAnswerID,
					outs[4].Data.DbAnswerID, outs[0].Data.DbAnswerID)
			}
			var rows []models.Answer
			if err := s.DB.Where("survey_id = ?", "s1").Order("answer_dw_id").Find(&rows).Error; err != nil {
				t.Fatal(err)
			}
			if len(rows) != 3 || rows[0].AnswerDwID != "a" || rows[1].AnswerDwID != "c" || rows[2].AnswerDwID != "pre" {
				t.Fatalf("stored %d rows: %+v", len(rows), rows)
			}
			if rows[0].CountedSlot != rows[1].CountedSlot {
				t.Errorf("a and c were not written in one batch (slots %d, %d)", rows[0].CountedSlot, rows[1].CountedSlot)
			}
			// counters equal a recount of the stored answers
			want := map[string]int64{"total": 3, "sub": 3, "qu:q1": 3, "opt:o1": 2, "opt:o2": 1}
			for k, n := range want {
				if c := counter(t, s, "s1", k); c != n {
					t.Errorf("counter %s = %d, want %d", k, c, n)
				}
			}
			var items int64
			s.DB.Model(&models.AnswerItem{}).Where("survey_id = ?", "s1").Count(&items)
			if items != 3 {
				t.Errorf("%d answer items, want 3", items)
			}
			for _, r := range rows {
				var keys []string
				_ = json.Unmarshal([]byte(r.CountedKeys), &keys)
				if len(keys) == 0 || keys[0] != "0|total" {
					t.Errorf("counted keys of %s: %s", r.AnswerDwID, r.CountedKeys)
				}
			}
		})
	}
}

// The fast path's cached survey row is checked again in the batch transaction: a survey
// returned to design right after an answer refuses the next one (405), and a quota is
// never exceeded by parallel batches.
func TestBatchStaleSurveyAndQuota(t *testing.T) {
	for _, driver := range []string{"sqlite", "mysql"} {
		t.Run(driver, func(t *testing.T) {
			s := &Service{DB: testenv.DB(t, driver)}
			ctx := context.Background()
			batchSurvey(t, s, "s2", `{}`)
			if out, err := s.Save(ctx, batchInput("s2", "x1", "o1")); err != nil || out.Data.AnCheckResultCode != 201 {
				t.Fatalf("%+v %v", out, err)
			}
			if err := s.DB.Model(&models.Survey{}).Where("id = ?", "s2").Update("state", models.SurveyDesigning).Error; err != nil {
				t.Fatal(err)
			}
			out, err := s.Save(ctx, batchInput("s2", "x2", "o1"))
			if err != nil || out.Data == nil || out.Data.AnCheckResultCode != 405 {
				t.Fatalf("after the survey left collection: %+v %v", out, err)
			}

			// quota of 4 on o1, 40 parallel submissions
			doc := `{"logicDsl":{"quotaDsls":["set Q1A1 quota = 4"]}}`
			batchSurvey(t, s, "s3", `{}`)
			var v models.SurveyVersion
			s.DB.Where("survey_id = ?", "s3").Take(&v)
			var d map[string]any
			_ = json.Unmarshal([]byte(v.Document), &d)
			var extra map[string]any
			_ = json.Unmarshal([]byte(doc), &extra)
			d["logicDsl"] = extra["logicDsl"]
			raw, _ := json.Marshal(d)
			s.DB.Model(&models.SurveyVersion{}).Where("id = ?", v.ID).Update("document", string(raw))
			var mu sync.Mutex
			codes := map[int]int{}
			var wg sync.WaitGroup
			for i := 0; i < 40; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out, err := s.Save(ctx, batchInput("s3", fmt.Sprintf("q-%d", i), "o1"))
					if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					codes[out.Data.AnCheckResultCode]++
					mu.Unlock()
				}()
			}
			wg.Wait()
			var n int64
			s.DB.Model(&models.Answer{}).Where("survey_id = ?", "s3").Count(&n)
			if codes[201] != 4 || n != 4 || codes[400] != 36 {
				t.Fatalf("quota of 4: codes %v, stored %d", codes, n)
			}
			if c := counter(t, s, "s3", KeySub); c != 4 {
				t.Fatalf("sub counter %d", c)
			}
		})
	}
}
