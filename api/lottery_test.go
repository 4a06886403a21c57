package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/lottery"
)

const lotAPI = "app/v6/lottery/"
const lotNone = "none/v6/dw-answer-lottery/"

type lotteryView struct {
	ID      string `json:"id"`
	Mode    string `json:"mode"`
	State   string `json:"state"`
	Draws   int64  `json:"draws"`
	Winners int64  `json:"winners"`
	Prizes  []struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Stock int    `json:"stock"`
		Total int    `json:"total"`
		Won   int    `json:"won"`
	} `json:"prizes"`
}

type drawData struct {
	DrawID string `json:"drawId"`
	Won    bool   `json:"won"`
	Again  bool   `json:"again"`
	Code   string `json:"code"`
	Prize  *struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"prize"`
}

// fakeAnswers inserts n submitted answers of a survey straight into the database (fast set-up
// for the concurrency runs); each answer's resume token is "tok-<id>".
func fakeAnswers(t *testing.T, db *gorm.DB, surveyID string, n int, at time.Time) []string {
	t.Helper()
	rows := make([]models.Answer, n)
	ids := make([]string, n)
	for i := range rows {
		id := fmt.Sprintf("ans-%s-%d", testenv.RandomSuffix(6), i)
		h := sha256.Sum256([]byte("tok-" + id))
		rows[i] = models.Answer{ID: id, SurveyID: surveyID, SurveyVersion: 1, AnswerDwID: "dw-" + id, IsEff: 1,
			EndAnDate: at, BgAnDate: at.Add(-time.Minute), ResumeTokenHash: hex.EncodeToString(h[:]), Document: "{}", CreatedAt: at, UpdatedAt: at}
		ids[i] = id
	}
	if err := db.CreateInBatches(rows, 200).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

func lotteryTables(t *testing.T, db *gorm.DB) string {
	t.Helper()
	var b strings.Builder
	for _, tb := range []string{"lotteries", "lottery_prizes", "lottery_draws", "outbox_events"} {
		b.WriteString(testenv.TableSnapshot(t, db, tb, "id"))
	}
	return b.String()
}

// 500 concurrent instant draws on a stock of 10 (7 + 3, probabilities adding up to 100 %)
// give exactly 10 winners, every round, on SQLite and MariaDB; every entrant drew once and
// the codes are distinct.
func TestLotteryInstantStockExactUnderConcurrency(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "lotowner")
		surveyID, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		rounds := 3
		if e.Driver == "sqlite" {
			rounds = 2
		}
		for round := 1; round <= rounds; round++ {
			var v lotteryView
			owner.Post(lotAPI+"save.do", M{"surveyId": surveyID, "name": fmt.Sprintf("Round %d", round), "mode": "instant",
				"prizes": []M{{"name": "Mug", "stock": 7, "probability": 60}, {"name": "Pen", "stock": 3, "probability": 40}}}).OK(t, &v)
			ids := fakeAnswers(t, e.DB, surveyID, 500, time.Now().UTC())
			var wg sync.WaitGroup
			var mu sync.Mutex
			won, errs := 0, []error{}
			codes := map[string]bool{}
			start := make(chan struct{})
			for _, id := range ids {
				wg.Add(1)
				go func(id string) {
					defer wg.Done()
					<-start
					r, err := e.Deps.Lottery.Draw(context.Background(), nil, lottery.DrawInput{LotteryID: v.ID, SurveyID: surveyID, AnswerID: id, ResumeToken: "tok-" + id})
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						errs = append(errs, err)
						return
					}
					if r.Won {
						won++
						codes[r.Code] = true
					}
				}(id)
			}
			t0 := time.Now()
			close(start)
			wg.Wait()
			if len(errs) > 0 {
				t.Fatalf("round %d: %d draws failed, first: %v", round, len(errs), errs[0])
			}
			var draws, winners int64
			e.DB.Model(&models.LotteryDraw{}).Where("lottery_id = ?", v.ID).Count(&draws)
			e.DB.Model(&models.LotteryDraw{}).Where("lottery_id = ? AND prize_id <> ''", v.ID).Count(&winners)
			var stock int
			e.DB.Model(&models.LotteryPrize{}).Where("lottery_id = ?", v.ID).Select("COALESCE(SUM(stock),0)").Scan(&stock)
			if won != 10 || winners != 10 || draws != 500 || len(codes) != 10 || stock != 0 {
				t.Fatalf("round %d: %d won (%d stored, %d codes) of %d draws, stock left %d", round, won, winners, len(codes), draws, stock)
			}
			t.Logf("%s round %d: 500 concurrent draws in %v, 10 winners", e.Driver, round, time.Since(t0).Round(time.Millisecond))
			// a second draw of an entrant returns its first draw, nothing new
			r, err := e.Deps.Lottery.Draw(context.Background(), nil, lottery.DrawInput{LotteryID: v.ID, SurveyID: surveyID, AnswerID: ids[0], ResumeToken: "tok-" + ids[0]})
			if err != nil || !r.Again {
				t.Fatalf("second draw: %+v %v", r, err)
			}
			if n := testenv.Count(t, e.DB, &models.LotteryDraw{}, "lottery_id = ?", v.ID); n != 500 {
				t.Fatalf("%d draws after a repeat", n)
			}
		}
	})
}

// Bad input is refused with a clear message and changes nothing: probabilities over 100 %,
// negative stock, a draw on an ineligible answer, a forged lottery id, someone else's lottery.
func TestLotteryBadInput(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "lotbad")
		other := author(t, e, "lotother")
		surveyID, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		before := lotteryTables(t, e.DB)
		cases := []struct {
			body M
			msg  string
		}{
			{M{"surveyId": surveyID, "name": "P", "prizes": []M{{"name": "A", "stock": 1, "probability": 70}, {"name": "B", "stock": 1, "probability": 40}}}, "more than 100%"},
			{M{"surveyId": surveyID, "name": "P", "prizes": []M{{"name": "A", "stock": 1, "probability": 120}}}, "between 0 and 100"},
			{M{"surveyId": surveyID, "name": "P", "prizes": []M{{"name": "A", "stock": -1, "probability": 10}}}, "stock cannot be negative"},
			{M{"surveyId": surveyID, "name": "", "prizes": []M{{"name": "A", "stock": 1}}}, "name is required"},
			{M{"surveyId": surveyID, "name": "P", "prizes": []M{}}, "at least one prize"},
			{M{"surveyId": surveyID, "name": "P", "prizes": []M{{"name": "A", "stock": 1, "image": "javascript:alert(1)"}}}, "http(s)"},
			{M{"surveyId": surveyID, "name": "P", "mode": "scheduled", "prizes": []M{{"name": "A", "stock": 1}}}, "Draw time is required"},
			{M{"surveyId": surveyID, "name": "P", "mode": "scheduled", "drawAt": "2001-01-01 00:00:00", "prizes": []M{{"name": "A", "stock": 1}}}, "in the future"},
			{M{"surveyId": surveyID, "name": "P", "perKind": "ip", "prizes": []M{{"name": "A", "stock": 1}}}, "One draw per"},
		}
		for _, c := range cases {
			env := owner.Post(lotAPI+"save.do", c.body).Env(t)
			if env.ResultCode != 400 || !strings.Contains(env.ResultMsg, c.msg) {
				t.Fatalf("%v: %d %q, want 400 %q", c.body, env.ResultCode, env.ResultMsg, c.msg)
			}
		}
		// someone else's survey: not found
		other.Post(lotAPI+"save.do", M{"surveyId": surveyID, "name": "P", "prizes": []M{{"name": "A", "stock": 1}}}).Refused(t, 404, "")
		if after := lotteryTables(t, e.DB); after != before {
			t.Fatalf("refused saves changed the tables:\n%s\n%s", before, after)
		}
		var v lotteryView
		owner.Post(lotAPI+"save.do", M{"surveyId": surveyID, "name": "Passed only", "eligible": "passed",
			"prizes": []M{{"name": "A", "stock": 1, "probability": 100}}}).OK(t, &v)
		other.Get(lotAPI+"info.do?id="+v.ID).Refused(t, 404, "")
		other.Get(lotAPI+"winners.do?lotteryId="+v.ID).Refused(t, 404, "")
		// a real submitted answer, not reviewed: not eligible for a passed-only lottery
		code, d := save(t, e.Client(t, ""), answerBody(surveyID, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
		if code != 200 || d.AnCheckResultCode != 201 {
			t.Fatalf("answer: %d %+v", code, d)
		}
		anon := e.Client(t, "")
		before = lotteryTables(t, e.DB)
		drawBody := M{"lotteryId": v.ID, "surveyId": surveyID, "answerId": d.DbAnswerID, "resumeToken": d.ResumeToken}
		anon.Post(lotNone+"draw.do", drawBody).Refused(t, 400, "only answers that passed review")
		// forged lottery id, a lottery of another survey, a wrong resume token: not found
		forged := M{"lotteryId": "forged-" + v.ID, "surveyId": surveyID, "answerId": d.DbAnswerID, "resumeToken": d.ResumeToken}
		anon.Post(lotNone+"draw.do", forged).Refused(t, 404, "")
		anon.Get(lotNone+"info.do?lotteryId=forged&surveyId="+sid).Refused(t, 404, "")
		otherSurvey, _ := publishDoc(t, other, "survey", simpleDoc(M{}))
		anon.Get(lotNone+"info.do?lotteryId="+v.ID+"&surveyId="+otherSurvey).Refused(t, 404, "")
		anon.Post(lotNone+"draw.do", M{"lotteryId": v.ID, "surveyId": surveyID, "answerId": d.DbAnswerID, "resumeToken": "wrong"}).Refused(t, 404, "")
		if after := lotteryTables(t, e.DB); after != before {
			t.Fatalf("refused draws changed the tables")
		}
		// once passed, it draws and wins; the code is unguessable and shown again on repeat
		e.DB.Model(&models.Answer{}).Where("id = ?", d.DbAnswerID).Update("handle_state", models.VerifyPass)
		var r drawData
		anon.Post(lotNone+"draw.do", drawBody).OK(t, &r)
		if !r.Won || len(r.Code) != 19 || r.Prize == nil || r.Prize.Name != "A" {
			t.Fatalf("draw: %+v", r)
		}
		var again drawData
		anon.Post(lotNone+"draw.do", drawBody).OK(t, &again)
		if !again.Again || again.Code != r.Code {
			t.Fatalf("repeat: %+v", again)
		}
		// the winner is listed for the owner; delivery marks; prizes locked after a draw
		var page struct {
			Data []lottery.WinnerRow `json:"data"`
		}
		owner.Get(lotAPI+"winners.do?lotteryId="+v.ID).JSON(t, &page)
		if len(page.Data) != 1 || page.Data[0].Code != r.Code {
			t.Fatalf("winners: %+v", page)
		}
		owner.Post(lotAPI+"deliver.do", M{"drawId": page.Data[0].DrawID, "delivered": true}).OK(t, nil)
		other.Post(lotAPI+"deliver.do", M{"drawId": page.Data[0].DrawID, "delivered": false}).Refused(t, 404, "")
		owner.Post(lotAPI+"save.do", M{"id": v.ID, "name": "Passed only", "prizes": []M{{"name": "B", "stock": 5}}}).Refused(t, 400, "cannot change after the first draw")
		owner.Post(lotAPI+"delete.do", M{"id": v.ID}).Refused(t, 400, "has draws")
	})
}

// A per-user lottery: an anonymous answer is refused; a logged-in respondent's prize is in
// the user centre's awards, with its code and delivered state.
func TestLotteryAwardsInUserCentre(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "lotaward")
	surveyID, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
	var v lotteryView
	owner.Post(lotAPI+"save.do", M{"surveyId": surveyID, "name": "Users", "perKind": "user",
		"prizes": []M{{"name": "Book", "stock": 1, "probability": 100}}}).OK(t, &v)
	_, anonAns := save(t, e.Client(t, ""), answerBody(surveyID, newDwID(), []M{anRadio("q1", "q1a1")}, nil))
	e.Client(t, "").Post(lotNone+"draw.do", M{"lotteryId": v.ID, "surveyId": surveyID, "answerId": anonAns.DbAnswerID, "resumeToken": anonAns.ResumeToken}).
		Refused(t, 400, "logged-in respondents")
	e.CreateUser(t, "winner1", "secret-pw")
	resp := e.Client(t, e.Login(t, "winner1", "secret-pw"))
	_, a := save(t, resp, answerBody(surveyID, newDwID(), []M{anRadio("q1", "q1a2")}, nil))
	var r drawData
	resp.Post(lotNone+"draw.do", M{"lotteryId": v.ID, "surveyId": surveyID, "answerId": a.DbAnswerID}).OK(t, &r)
	if !r.Won {
		t.Fatalf("draw: %+v", r)
	}
	var awards struct {
		Total int             `json:"total"`
		Data  []lottery.Award `json:"data"`
	}
	resp.Get("app/user/awards.do").JSON(t, &awards)
	if awards.Total != 1 || awards.Data[0].Code != r.Code || awards.Data[0].PrizeName != "Book" || awards.Data[0].SurveyName != "Answer test" {
		t.Fatalf("awards: %+v", awards)
	}
	// the open instant lottery is served with the survey (lotteryAttr)
	var ld struct {
		SurveyJSON struct {
			LotteryAttr *struct {
				OpenLottery bool   `json:"openLottery"`
				LotteryID   string `json:"lotteryId"`
			} `json:"lotteryAttr"`
		} `json:"surveyJson"`
	}
	e.Client(t, "").Get(ans+"survey-json-by-survey-id.do?surveyId="+surveyID).OK(t, &ld)
	if ld.SurveyJSON.LotteryAttr == nil || ld.SurveyJSON.LotteryAttr.LotteryID != v.ID {
		t.Fatalf("lotteryAttr: %+v", ld.SurveyJSON.LotteryAttr)
	}
}
