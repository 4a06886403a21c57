package testenv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// LoadDoc is the load survey of tools/loadsubmit: 5 required radios and 5 required fill-blanks.
func LoadDoc() map[string]any {
	var qs []map[string]any
	for i := 1; i <= 10; i++ {
		q := "q" + strconv.Itoa(i)
		if i <= 5 {
			qs = append(qs, map[string]any{"dwId": q, "quType": "RADIO", "quTitle": "Question " + q, "quAttr": map[string]any{"isRequired": true},
				"quRadios": []map[string]any{{"dwId": q + "a1", "optionTitle": "A"}, {"dwId": q + "a2", "optionTitle": "B"}, {"dwId": q + "a3", "optionTitle": "C"}}})
		} else {
			qs = append(qs, map[string]any{"dwId": q, "quType": "FILLBLANK", "quTitle": "Question " + q, "quAttr": map[string]any{"isRequired": true}})
		}
	}
	return map[string]any{"questions": qs}
}

// burstBody is the n-th answer to the load survey (a new answerDwId each time).
func burstBody(surveyID string, n int) []byte {
	var a strings.Builder
	for i := 1; i <= 10; i++ {
		q := "q" + strconv.Itoa(i)
		if i > 1 {
			a.WriteByte(',')
		}
		if i <= 5 {
			a.WriteString(`{"quDwId":"` + q + `","quType":"RADIO","anRadio":{"optionDwId":"` + q + "a" + strconv.Itoa(n%3+1) + `"}}`)
		} else {
			a.WriteString(`{"quDwId":"` + q + `","quType":"FILLBLANK","anFbk":{"answer":"answer ` + strconv.Itoa(n) + `"}}`)
		}
	}
	aj := `{"answerCommon":{"answerDwId":"burst-` + RandomSuffix(10) + `"},"anQuestions":[` + a.String() + `]}`
	b, _ := json.Marshal(map[string]any{"surveyId": surveyID, "jsonVersion": 6, "answerJson": aj})
	return b
}

// Burst submits n answers with 64 concurrent clients as fast as the server takes them and
// returns the submissions per second (every one must be stored: 201).
func Burst(t testing.TB, base, surveyID string, n int) float64 {
	t.Helper()
	bodies := make(chan []byte, n)
	for i := 0; i < n; i++ {
		bodies <- burstBody(surveyID, i)
	}
	close(bodies)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	start := time.Now()
	for w := 0; w < 64; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range bodies {
				resp, err := client.Post(base+"/api/dwsurvey/none/v6/dw-answer-survey/save-survey-answer.do", "application/json", bytes.NewReader(b))
				if err != nil {
					mu.Lock()
					bad = append(bad, err.Error())
					mu.Unlock()
					continue
				}
				var e struct {
					Data struct {
						Code int `json:"anCheckResultCode"`
					} `json:"data"`
				}
				_ = json.NewDecoder(resp.Body).Decode(&e)
				resp.Body.Close()
				if e.Data.Code != 201 {
					mu.Lock()
					bad = append(bad, fmt.Sprint(e.Data.Code))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	el := time.Since(start)
	if len(bad) > 0 {
		t.Fatalf("%d of %d submissions not stored: %v", len(bad), n, bad[:min(5, len(bad))])
	}
	return float64(n) / el.Seconds()
}
