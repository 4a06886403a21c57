package api_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/services/analysis"
)

// Parallel submissions are group-committed (services/answer/batch.go): the merged counter
// deltas, sums and items of the batches equal a recount of the stored answers, and
// parallel retries of one answer id store it once.
func TestAnswerBatchedAggregatesEqualRecount(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		id, _ := publishDoc(t, owner, "survey", resultsDoc())
		var wg sync.WaitGroup
		var mu sync.Mutex
		ids := map[string]int{}
		sem := make(chan struct{}, 40)
		for i := 0; i < 120; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				r := rand.New(rand.NewPCG(uint64(i), 3))
				dw := newDwID()
				body := answerBody(id, dw, randomAnswer(r), nil)
				n := 1
				if i%10 == 0 {
					n = 3 // the same submission three times at once
				}
				var inner sync.WaitGroup
				for k := 0; k < n; k++ {
					inner.Add(1)
					go func() {
						defer inner.Done()
						_, d := save(t, e.Client(t, ""), body)
						if !d.AnCheckIsPass {
							t.Errorf("refused: %+v", d)
						}
						mu.Lock()
						ids[dw+"|"+d.DbAnswerID]++
						mu.Unlock()
					}()
				}
				inner.Wait()
			}()
		}
		wg.Wait()
		if len(ids) != 120 || countAnswers(t, e, id, "save_status = 0") != 120 {
			t.Fatalf("%d distinct (answer id, stored id) pairs, %d stored", len(ids), countAnswers(t, e, id, "save_status = 0"))
		}
		var got analysis.Stats
		owner.Post(ad+"survey-stats.do", M{"surveyId": id}).OK(t, &got)
		compareStats(t, got, recount(t, e, id))
		compareOverview(t, e, owner, id)
		if got.Total != 120 {
			t.Fatalf("total %d", got.Total)
		}
	})
}
