package api_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/analysis"
	lang "dwsurvey/survey"
)

const ad = "app/v6/dw-answer-data-survey/"

func resultsDoc() M {
	return M{"questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quRadios": []M{opt("a1"), opt("a2"), opt("a3")}},
		{"dwId": "q2", "quType": "CHECKBOX", "quTitle": "Q2", "quCheckboxs": []M{opt("b1"), opt("b2"), opt("b3")}},
		{"dwId": "q3", "quType": "SCORE", "quTitle": "Q3", "paramInt02": 5, "quScores": []M{opt("s1"), opt("s2")}},
		{"dwId": "q4", "quType": "SCALE_NPS", "quTitle": "Q4"},
		{"dwId": "q5", "quType": "MATRIX_RADIO", "quTitle": "Q5", "quRows": []M{opt("r1"), opt("r2")}, "quCols": []M{opt("c1"), opt("c2")}},
		{"dwId": "q6", "quType": "FILLBLANK", "quTitle": "Q6"},
		{"dwId": "q7", "quType": "MATRIX_CHECKBOX", "quTitle": "Q7", "quRows": []M{opt("x1"), opt("x2")}, "quCols": []M{opt("y1"), opt("y2")}},
	}}
}

func randomAnswer(r *rand.Rand) []M {
	var qs []M
	if r.IntN(5) > 0 {
		qs = append(qs, anRadio("q1", []string{"a1", "a2", "a3"}[r.IntN(3)]))
	}
	if r.IntN(5) > 0 {
		var cs []M
		for _, o := range []string{"b1", "b2", "b3"} {
			if r.IntN(2) == 0 {
				cs = append(cs, M{"optionDwId": o})
			}
		}
		if len(cs) > 0 {
			qs = append(qs, M{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": cs})
		}
	}
	if r.IntN(4) > 0 {
		qs = append(qs, M{"quDwId": "q3", "quType": "SCORE", "anScores": []M{{"optionDwId": "s1", "answerScore": 1 + r.IntN(5)}, {"optionDwId": "s2", "answerScore": 1 + r.IntN(5)}}})
	}
	if r.IntN(4) > 0 {
		qs = append(qs, M{"quDwId": "q4", "quType": "SCALE_NPS", "anScale": M{"answerScore": r.IntN(11)}})
	}
	if r.IntN(3) > 0 {
		qs = append(qs, M{"quDwId": "q5", "quType": "MATRIX_RADIO", "anMatrixRadios": []M{{"rowDwId": "r1", "colDwId": []string{"c1", "c2"}[r.IntN(2)]}, {"rowDwId": "r2", "colDwId": "c1"}}})
	}
	if r.IntN(3) > 0 {
		qs = append(qs, M{"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": fmt.Sprintf("text %d", r.IntN(100))}})
	}
	if r.IntN(3) > 0 {
		qs = append(qs, M{"quDwId": "q7", "quType": "MATRIX_CHECKBOX", "anMatrixCheckboxes": []M{{"rowDwId": "x1", "rowAnCheckboxs": []M{{"colDwId": "y1"}, {"colDwId": "y2"}}}}})
	}
	return qs
}

// recount computes the statistics independently from the stored answers.
func recount(t *testing.T, e *testenv.Env, surveyID string) analysis.Stats {
	t.Helper()
	var rows []models.Answer
	if err := e.DB.Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", surveyID).Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	st := analysis.Stats{CountRadio: map[string]analysis.StatItem{}, CountCheckbox: map[string]analysis.StatItem{}, CountQu: map[string]analysis.StatItem{},
		OptionStats: map[string]analysis.StatItem{}, CountMatrixRadio: map[string]analysis.StatItem{}, CountMatrixCheckbox: map[string]analysis.StatItem{},
		NPS: map[string]analysis.NPSItem{}, Total: int64(len(rows))}
	inc := func(m map[string]analysis.StatItem, k string) { it := m[k]; it.DocCount++; m[k] = it }
	num := func(k string, v float64) {
		it := st.OptionStats[k]
		if it.StatsCount == 0 || v < it.StatsMin {
			it.StatsMin = v
		}
		if it.StatsCount == 0 || v > it.StatsMax {
			it.StatsMax = v
		}
		it.DocCount++
		it.StatsCount++
		it.StatsSum += v
		st.OptionStats[k] = it
	}
	cell := func(m map[string]analysis.StatItem, row, col string) {
		it := m[row]
		if it.RowAnAggMap == nil {
			it.RowAnAggMap = map[string]analysis.StatItem{}
		}
		c := it.RowAnAggMap[col]
		c.DocCount++
		it.RowAnAggMap[col] = c
		it.DocCount++
		m[row] = it
	}
	for _, a := range rows {
		var doc struct {
			AnQuestions []*lang.AnQuestion `json:"anQuestions"`
		}
		if err := json.Unmarshal([]byte(a.Document), &doc); err != nil {
			t.Fatal(err)
		}
		for _, q := range doc.AnQuestions {
			inc(st.CountQu, string(q.QuDwID))
			if q.AnRadio != nil {
				inc(st.CountRadio, string(q.AnRadio.OptionDwID))
			}
			for _, o := range q.AnCheckboxs {
				inc(st.CountCheckbox, string(o.OptionDwID))
			}
			for _, s := range q.AnScores {
				num(string(s.OptionDwID), float64(s.AnswerScore))
			}
			if q.AnScale != nil && q.AnScale.AnswerScore != nil {
				v := float64(*q.AnScale.AnswerScore)
				num(string(q.QuDwID), v)
				it := st.NPS[string(q.QuDwID)]
				switch {
				case v >= 9:
					it.Promoters++
				case v >= 7:
					it.Passives++
				default:
					it.Detractors++
				}
				it.DocCount++
				st.NPS[string(q.QuDwID)] = it
			}
			for _, m := range q.AnMatrixRadios {
				cell(st.CountMatrixRadio, string(m.RowDwID), string(m.ColDwID))
			}
			for _, m := range q.AnMatrixCheckboxes {
				for _, c := range m.RowAnCheckboxs {
					cell(st.CountMatrixCheckbox, string(m.RowDwID), string(c.ColDwID))
				}
			}
		}
	}
	for k, it := range st.OptionStats {
		it.StatsAvg = math.Round(it.StatsSum/float64(it.StatsCount)*100) / 100
		st.OptionStats[k] = it
	}
	for k, it := range st.NPS {
		it.NPS = math.Round(float64(it.Promoters-it.Detractors)*100/float64(it.DocCount)*100) / 100
		st.NPS[k] = it
	}
	return st
}

// nonZero drops zero items (the API lists every option of the document).
func nonZero(m map[string]analysis.StatItem) map[string]analysis.StatItem {
	out := map[string]analysis.StatItem{}
	for k, v := range m {
		if v.DocCount != 0 || v.StatsCount != 0 {
			out[k] = v
		}
	}
	return out
}

func compareStats(t *testing.T, got, want analysis.Stats) {
	t.Helper()
	norm := func(s analysis.Stats) string {
		s.CountRadio, s.CountCheckbox, s.CountQu = nonZero(s.CountRadio), nonZero(s.CountCheckbox), nonZero(s.CountQu)
		s.OptionStats, s.CountMatrixRadio, s.CountMatrixCheckbox = nonZero(s.OptionStats), nonZero(s.CountMatrixRadio), nonZero(s.CountMatrixCheckbox)
		nps := map[string]analysis.NPSItem{}
		for k, v := range s.NPS {
			if v.DocCount > 0 {
				nps[k] = v
			}
		}
		s.NPS = nps
		b, _ := json.Marshal(s)
		return string(b)
	}
	if g, w := norm(got), norm(want); g != w {
		t.Fatalf("statistics differ from the recount:\n got %s\nwant %s", g, w)
	}
}

// compareOverview checks the overview, sources, provinces, the fill-blank total and a
// cross table (Go merge without filter, SQL join with one) against a recount of answers.
func compareOverview(t *testing.T, e *testenv.Env, owner *testenv.Client, id string) {
	t.Helper()
	var rows []struct {
		models.Answer
		Device string
	}
	e.DB.Table("answers").Where("survey_id = ? AND save_status = 0 AND is_test = 0 AND is_eff = 1 AND deleted_at IS NULL", id).Scan(&rows)
	loc, _ := time.LoadLocation("Asia/Shanghai")
	days, src, dev := map[string]int64{}, map[string]int64{}, map[string]int64{}
	var dur, texts int64
	cross := map[string]int64{}
	crossA1 := map[string]int64{}
	for _, a := range rows {
		days[a.EndAnDate.In(loc).Format("2006-01-02")]++
		src[a.SourceCode]++
		dev[a.Device]++
		dur += a.DurationMs
		var doc struct {
			AnQuestions []*lang.AnQuestion `json:"anQuestions"`
		}
		_ = json.Unmarshal([]byte(a.Document), &doc)
		var q1 string
		var q2 []string
		for _, q := range doc.AnQuestions {
			if q.AnFbk != nil && q.AnFbk.Answer != "" {
				texts++
			}
			if q.QuDwID == "q1" && q.AnRadio != nil {
				q1 = string(q.AnRadio.OptionDwID)
			}
			for _, o := range q.AnCheckboxs {
				q2 = append(q2, string(o.OptionDwID))
			}
		}
		for _, o := range q2 {
			if q1 != "" {
				cross[q1+"/"+o]++
				if q1 == "a1" {
					crossA1[q1+"/"+o]++
				}
			}
		}
	}
	var ov analysis.Overview
	owner.Get("app/v6/analysis/analysis.do?surveyId="+id).OK(t, &ov)
	gotDays := map[string]int64{}
	for _, d := range ov.Days {
		gotDays[d.Day] = d.Count
	}
	names := func(ns []analysis.NameCount) map[string]int64 {
		m := map[string]int64{}
		for _, n := range ns {
			m[n.Name] = n.Count
		}
		return m
	}
	wantAvg := int64(0)
	if len(rows) > 0 {
		wantAvg = dur / int64(len(rows))
	}
	if ov.Submitted != int64(len(rows)) || ov.AvgDurationMs != wantAvg || fmt.Sprint(gotDays) != fmt.Sprint(days) ||
		fmt.Sprint(names(ov.Sources)) != fmt.Sprint(src) || fmt.Sprint(names(ov.Devices)) != fmt.Sprint(dev) {
		t.Fatalf("overview %+v\nwant %d answers, avg %d, days %v, sources %v, devices %v", ov, len(rows), wantAvg, days, src, dev)
	}
	var tp struct{ TotalItems int64 }
	owner.Get("app/stats/report.do?surveyId="+id+"&quDwId=q6").OK(t, &tp)
	if tp.TotalItems != texts {
		t.Fatalf("fill-blank total %d, want %d", tp.TotalItems, texts)
	}
	for _, filtered := range []bool{false, true} {
		body := M{"surveyId": id, "rowQuDwIds": []string{"q1"}, "colQuDwId": "q2"}
		want := cross
		if filtered {
			body["filters"] = M{"values": []M{{"quDwId": "q1", "optionDwId": "a1"}}}
			want = crossA1
		}
		var cr analysis.Cross
		owner.Post(ad+"cross.do", body).OK(t, &cr)
		got := map[string]int64{}
		for _, row := range cr.Tables[0].Rows {
			for _, c := range row.Cells {
				if c.Count != 0 {
					got[row.OptionDwID+"/"+c.ColDwID] = c.Count
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("cross (filtered %v) %v, want %v", filtered, got, want)
		}
	}
}

func TestResultsAggregatesEqualRecount(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", resultsDoc())
		r := rand.New(rand.NewPCG(7, uint64(len(e.Driver))))
		var live []string
		verdicts := map[int]int{}
		hostile := rand.New(rand.NewPCG(11, uint64(len(e.Driver)))) // its own source: the main sequence is unchanged
		for i := 0; i < 60; i++ {
			if i%3 == 0 { // a hand-made payload, as a submission and as an owner edit: refused, nothing counted
				qs := hostileAnswer(hostile)
				if code, d := save(t, anon, answerBody(id, newDwID(), qs, nil)); code != 400 || d.AnCheckIsPass {
					t.Fatalf("hostile answer %v accepted: %+v", qs, d)
				}
				if len(live) > 0 {
					aj, _ := json.Marshal(M{"anQuestions": qs})
					owner.Post("app/answer/edit.do", M{"answerId": live[hostile.IntN(len(live))], "answerJson": string(aj)}).Refused(t, 400, "")
				}
			}
			switch op := r.IntN(10); {
			case op < 5 || len(live) == 0: // submit (some drafts and test answers)
				extra := M{}
				if r.IntN(8) == 0 {
					extra["isTest"] = 1
				}
				body := answerBody(id, newDwID(), randomAnswer(r), extra)
				if r.IntN(8) == 0 {
					body["saveStatus"] = 1
				}
				_, d := save(t, anon, body)
				if !d.AnCheckIsPass {
					t.Fatalf("save refused: %+v", d)
				}
				live = append(live, d.DbAnswerID)
			case op < 7: // review verdict: pass or fail (repeated verdicts included)
				aid := live[r.IntN(len(live))]
				v := 1 + r.IntN(2)
				env := owner.Post(ad+"answer-verified.do", M{"answerId": aid, "verifyValue": v, "verifyNote": fmt.Sprintf("note %d", i)}).Env(t)
				if env.ResultCode != 200 && env.ResultCode != 404 { // 404: a draft
					t.Fatalf("verify: %+v", env)
				}
				if env.ResultCode == 200 {
					verdicts[v]++
				}
			case op < 8: // owner edit
				aid := live[r.IntN(len(live))]
				aj, _ := json.Marshal(M{"anQuestions": randomAnswer(r)})
				env := owner.Post("app/answer/edit.do", M{"answerId": aid, "answerJson": string(aj)}).Env(t)
				if env.ResultCode != 200 && env.ResultCode != 400 && env.ResultCode != 404 {
					t.Fatalf("edit: %+v", env)
				}
			default: // delete (twice: idempotent)
				k := r.IntN(len(live))
				aid := live[k]
				var d1, d2 struct{ Deleted int }
				owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{aid}}).OK(t, &d1)
				owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{aid}}).OK(t, &d2)
				if d2.Deleted != 0 {
					t.Fatalf("second delete deleted %d", d2.Deleted)
				}
				live = append(live[:k], live[k+1:]...)
			}
			if i%10 == 9 {
				var got analysis.Stats
				owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &got)
				compareStats(t, got, recount(t, e, id))
				compareOverview(t, e, owner, id)
			}
		}
		if verdicts[1] == 0 || verdicts[2] == 0 {
			t.Fatalf("fixture too thin: verdicts %v", verdicts)
		}
		var got analysis.Stats
		owner.Post(ad+"survey-stats.do", M{"surveyId": id}).OK(t, &got)
		want := recount(t, e, id)
		compareStats(t, got, want)
		if got.Total == 0 || len(nonZero(got.OptionStats)) == 0 || len(nonZero(got.CountMatrixRadio)) == 0 {
			t.Fatalf("fixture too thin: %+v", got)
		}
		// every answer's export copy is the copy of its document, after submits and edits
		var stored []models.Answer
		if err := e.DB.Where("survey_id = ?", id).Find(&stored).Error; err != nil {
			t.Fatal(err)
		}
		for _, a := range stored {
			d, err := lang.ParseAnswer([]byte(a.Document))
			if err != nil {
				t.Fatal(err)
			}
			if want := lang.AppendExportCopy(nil, d.AnQuestions); string(a.ExportCopy) != string(want) {
				t.Fatalf("answer %s: export copy %x, want %x", a.ID, a.ExportCopy, want)
			}
		}
		// items agree with the counters: every counted answer has its items, none other
		var orphan int64
		e.DB.Raw(`SELECT COUNT(*) FROM answer_items i LEFT JOIN answers a ON a.id = i.answer_id
			WHERE i.survey_id = ? AND (a.id IS NULL OR a.deleted_at IS NOT NULL OR a.is_test = 1 OR a.save_status <> 0)`, id).Scan(&orphan)
		if orphan != 0 {
			t.Fatalf("%d answer items of uncounted answers", orphan)
		}
		// report: percentages with two decimals, averages
		var rep analysis.Report
		owner.Get("app/stats/report.do?surveyId="+id).OK(t, &rep)
		if rep.Total != want.Total || len(rep.Questions) != 7 {
			t.Fatalf("report %+v", rep)
		}
		for _, q := range rep.Questions {
			for _, o := range q.Options {
				if o.Percent != math.Round(o.Percent*100)/100 {
					t.Fatalf("percent %v", o.Percent)
				}
			}
			if q.QuDwID == "q3" && q.Numbers[0].Avg != want.OptionStats["s1"].StatsAvg {
				t.Fatalf("report avg %+v vs %+v", q.Numbers[0], want.OptionStats["s1"])
			}
			if q.QuDwID == "q6" && (q.Texts == nil || q.Texts.TotalItems != want.CountQu["q6"].DocCount) {
				t.Fatalf("fill-blank texts %+v want %d", q.Texts, want.CountQu["q6"].DocCount)
			}
		}
	})
}

func TestResultsAccessListDeleteCross(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		dataCo := author(t, e, "collab01")
		designCo := author(t, e, "design01")
		other := author(t, e, "other01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", resultsDoc())
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "collab01", "rights": "data"}).OK(t, nil)
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "design01", "rights": "design"}).OK(t, nil)
		// hand fixture for the cross table: q1 x q2
		fixture := []struct {
			q1 string
			q2 []string
		}{{"a1", []string{"b1"}}, {"a1", []string{"b1", "b2"}}, {"a2", []string{"b2"}}, {"a2", []string{"b2"}}, {"a3", []string{"b3"}}, {"a1", nil}}
		var ids []string
		for _, f := range fixture {
			qs := []M{anRadio("q1", f.q1)}
			if len(f.q2) > 0 {
				var cs []M
				for _, o := range f.q2 {
					cs = append(cs, M{"optionDwId": o})
				}
				qs = append(qs, M{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": cs})
			}
			d := expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)
			ids = append(ids, d.DbAnswerID)
		}
		var lg struct{ ID string }
		anon.Post(ans+"answer-survey-log.do", M{"surveyId": id}).OK(t, &lg)

		calls := []struct {
			m, p string
			body any
		}{
			{"GET", ad + "survey-stats.do?surveyId=" + id, nil},
			{"POST", ad + "list-es.do", M{"surveyId": id}},
			{"GET", ad + "list.do?surveyId=" + id, nil},
			{"POST", ad + "cross.do", M{"surveyId": id, "rowQuDwIds": []string{"q1"}, "colQuDwId": "q2"}},
			{"GET", "app/stats/report.do?surveyId=" + id, nil},
			{"GET", "app/answer/info.do?answerId=" + ids[0], nil},
			{"GET", "app/v6/analysis/analysis.do?surveyId=" + id, nil},
			{"GET", "app/v6/analysis/province-answer-page.do?surveyId=" + id, nil},
			{"GET", "app/v6/analysis/source-stats.do?surveyId=" + id, nil},
			{"GET", "app/v6/dw-answer-log/list.do?surveyId=" + id, nil},
			{"POST", ad + "delete-answer.do", M{"surveyId": id, "ids": []string{ids[0]}}},
			{"POST", "app/answer/edit.do", M{"answerId": ids[0], "answerJson": `{"anQuestions":[]}`}},
		}
		snap := answerSnapshot(t, e.DB)
		for _, c := range calls {
			for _, cl := range []*testenv.Client{other, designCo} {
				cl.Do(c.m, c.p, c.body).Refused(t, 404, "")
			}
			anon.Do(c.m, c.p, c.body).Refused(t, 401, "")
		}
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("strangers changed answers")
		}
		for _, c := range calls[:10] {
			if env := dataCo.Do(c.m, c.p, c.body).Env(t); env.ResultCode != 200 {
				t.Fatalf("data collaborator %s: %+v", c.p, env)
			}
		}

		// cross analysis equals the hand count
		var cr analysis.Cross
		owner.Post(ad+"cross.do", M{"surveyId": id, "rowQuDwIds": []string{"q1"}, "colQuDwId": "q2"}).OK(t, &cr)
		tb := cr.Tables[0]
		hand := map[string]map[string]int64{"a1": {"b1": 2, "b2": 1}, "a2": {"b2": 2}, "a3": {"b3": 1}}
		for _, row := range tb.Rows {
			for _, c := range row.Cells {
				if c.Count != hand[row.OptionDwID][c.ColDwID] {
					t.Fatalf("cell %s/%s = %d, want %d", row.OptionDwID, c.ColDwID, c.Count, hand[row.OptionDwID][c.ColDwID])
				}
			}
		}
		if tb.Total != 6 || tb.Rows[0].Total != 3 || tb.Cols[1].Total != 3 || tb.Rows[0].Cells[0].RowPercent != 66.67 || tb.Rows[1].Cells[1].ColPercent != 66.67 {
			t.Fatalf("totals/percentages %+v", tb)
		}
		wantChi, wantDF, wantP := analysis.ChiSquare([][]float64{{2, 1, 0}, {0, 2, 0}, {0, 0, 1}})
		if tb.DF != wantDF || math.Abs(tb.ChiSquare-wantChi) > 1e-3 || math.Abs(tb.PValue-wantP) > 1e-9 || wantDF != 4 {
			t.Fatalf("chi %+v", tb)
		}
		// filters on cross: only answers that chose a1
		owner.Post(ad+"cross.do", M{"surveyId": id, "rowQuDwIds": []string{"q1"}, "colQuDwId": "q2", "filters": M{"values": []M{{"quDwId": "q1", "optionDwId": "a1"}}}}).OK(t, &cr)
		if cr.Tables[0].Total != 3 {
			t.Fatalf("filtered cross total %d", cr.Tables[0].Total)
		}
		// bad input: clear 400, nothing changed
		snap = answerSnapshot(t, e.DB)
		owner.Post(ad+"cross.do", M{"surveyId": id, "rowQuDwIds": []string{"q3"}, "colQuDwId": "q2"}).Refused(t, 400, "not a choice question")
		owner.Post(ad+"cross.do", M{"surveyId": id, "rowQuDwIds": []string{"zz"}, "colQuDwId": "q2"}).Refused(t, 400, "not in the survey")
		owner.Post(ad+"cross.do", M{"surveyId": id, "colQuDwId": "q2"}).Refused(t, 400, "required")
		owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{}}).Refused(t, 400, "ids")
		owner.Post(ad+"list.do", M{"surveyId": id, "state": "weird"}).Refused(t, 400, "state")
		owner.Post(ad+"list.do", M{"surveyId": id, "bgDate": "yesterday"}).Refused(t, 400, "time")
		env := owner.Post("app/answer/edit.do", M{"answerId": ids[0], "answerJson": `{"anQuestions":[{"quDwId":"q4","quType":"SCALE_NPS","anScale":{"answerScore":42}}]}`}).Env(t)
		if env.ResultCode != 400 {
			t.Fatalf("invalid edit accepted: %+v", env)
		}
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("bad input changed answers")
		}

		// list: Page shape, filters
		type page struct {
			PageNo, PageSize      int
			TotalItems, TotalPage int64
			Result                []analysis.Row
		}
		var pg page
		owner.Post(ad+"list-es.do", M{"surveyId": id, "pageNo": 1, "pageSize": 4}).OK(t, &pg)
		if pg.TotalItems != 6 || pg.TotalPage != 2 || len(pg.Result) != 4 || pg.Result[0].IP != "127.0.0.1" {
			t.Fatalf("page %+v", pg)
		}
		owner.Post(ad+"list.do", M{"surveyId": id, "filters": M{"values": []M{{"quDwId": "q2", "optionDwId": "b2"}}}}).OK(t, &pg)
		if pg.TotalItems != 3 {
			t.Fatalf("value filter %+v", pg)
		}
		owner.Get(ad+"list.do?surveyId="+id+"&ip=10.0.0.1").OK(t, &pg)
		if pg.TotalItems != 0 {
			t.Fatalf("ip filter %+v", pg)
		}
		owner.Get(ad+"list.do?surveyId="+id+"&state=screened").OK(t, &pg)
		if pg.TotalItems != 0 {
			t.Fatalf("screened %+v", pg)
		}
		// delete: idempotent, audit, aggregates
		var del struct{ Deleted int }
		owner.Do("DELETE", ad+"delete-answer.do", M{"surveyId": id, "ids": []string{ids[0], ids[1]}}).OK(t, &del)
		if del.Deleted != 2 {
			t.Fatalf("deleted %d", del.Deleted)
		}
		owner.Do("DELETE", ad+"delete-answer.do", M{"surveyId": id, "ids": []string{ids[0], ids[1]}}).OK(t, &del)
		if del.Deleted != 0 {
			t.Fatalf("second delete %d", del.Deleted)
		}
		if rows := logRows(t, e, "name = ?", "Delete answers"); len(rows) != 1 {
			t.Fatalf("audit rows %d", len(rows))
		}
		var st analysis.Stats
		owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &st)
		compareStats(t, st, recount(t, e, id))
		if st.CountRadio["a1"].DocCount != 1 || st.Total != 4 {
			t.Fatalf("after delete %+v", st)
		}
		owner.Get(ad+"list.do?surveyId="+id).OK(t, &pg)
		if pg.TotalItems != 4 {
			t.Fatalf("list after delete %+v", pg)
		}
		// overview and logs
		var ov analysis.Overview
		owner.Get("app/v6/analysis/analysis.do?surveyId="+id).OK(t, &ov)
		if ov.Submitted != 4 || ov.CompletionRate != 100 || len(ov.Days) != 1 || ov.Days[0].Count != 4 {
			t.Fatalf("overview %+v", ov)
		}
		var lp struct {
			TotalItems int64
			Result     []analysis.LogRow
		}
		owner.Get("app/v6/dw-answer-log/list.do?surveyId="+id).OK(t, &lp)
		if lp.TotalItems != 1 || lp.Result[0].IP != "127.0.0.1" || lp.Result[0].Count != 1 {
			t.Fatalf("logs %+v", lp)
		}
	})
}

func TestResultsListCap(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		id, _ := publishDoc(t, owner, "survey", resultsDoc())
		// bulk rows straight into the tables (the cap is about paging, not saving)
		const n = 10050
		rows := make([]models.Answer, 0, n)
		for i := 0; i < n; i++ {
			rows = append(rows, models.Answer{ID: fmt.Sprintf("cap-%05d", i), SurveyID: id, SurveyVersion: 1, AnswerDwID: fmt.Sprintf("cap-%05d", i), IsEff: 1, Document: `{"anQuestions":[]}`})
		}
		if err := e.DB.CreateInBatches(rows, 500).Error; err != nil {
			t.Fatal(err)
		}
		e.DB.Create(&models.AnswerCounter{SurveyID: id, CKey: "sub", Slot: 0, Cnt: n})
		var pg struct {
			TotalItems int64
			Result     []analysis.Row
			Limited    bool
		}
		env := owner.Get(ad + "list.do?surveyId=" + id + "&pageNo=1000&pageSize=10").Env(t)
		if env.ResultCode != 200 || !strings.Contains(env.ResultMsg, "export") {
			t.Fatalf("cap message: %+v", env)
		}
		_ = json.Unmarshal(env.Data, &pg)
		if pg.TotalItems != n || len(pg.Result) != 10 || !pg.Limited {
			t.Fatalf("last reachable page %+v", pg)
		}
		owner.Get(ad+"list.do?surveyId="+id+"&pageNo=1001&pageSize=10").OK(t, &pg)
		if len(pg.Result) != 0 {
			t.Fatalf("row beyond 10,000 reachable: %d", len(pg.Result))
		}
		owner.Get(ad+"list.do?surveyId="+id+"&pageNo=101&pageSize=100&state=unreviewed").OK(t, &pg)
		if len(pg.Result) != 0 || pg.TotalItems != analysis.MaxListRows+1 || !pg.Limited { // filtered totals stop at 10,001
			t.Fatalf("filtered beyond the cap %+v", pg)
		}
	})
}

func TestChiSquareKnownValues(t *testing.T) {
	// p-values of the chi-square distribution (R: pchisq(x, df, lower.tail=FALSE))
	for _, c := range []struct {
		x    float64
		df   int
		want float64
	}{{3.841458820694124, 1, 0.05}, {6.634896601021214, 1, 0.01}, {5.991464547107979, 2, 0.05}, {1, 1, 0.3173105078629141},
		{10, 5, 0.07523524614651217}, {20, 10, 0.02925268807696113}, {0.001, 1, 0.974773}} {
		if got := analysis.ChiSquarePValue(c.x, c.df); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("p(%v, %d) = %v, want %v", c.x, c.df, got, c.want)
		}
	}
	// closed forms: df 1 and 3 through erfc, even df through the Poisson sum
	for _, x := range []float64{0.01, 0.5, 2, 7.5, 30} {
		df1 := math.Erfc(math.Sqrt(x / 2))
		df3 := df1 + math.Sqrt(2*x/math.Pi)*math.Exp(-x/2)
		if g := analysis.ChiSquarePValue(x, 1); math.Abs(g-df1) > 1e-10 {
			t.Errorf("df1 x=%v: %v vs %v", x, g, df1)
		}
		if g := analysis.ChiSquarePValue(x, 3); math.Abs(g-df3) > 1e-10 {
			t.Errorf("df3 x=%v: %v vs %v", x, g, df3)
		}
	}
	for _, c := range []struct {
		x  float64
		df int
	}{{100, 80}, {3, 2}, {50, 40}, {1, 20}, {200, 100}} {
		term, sum := math.Exp(-c.x/2), 0.0
		for i := 0; i < c.df/2; i++ {
			if i > 0 {
				term *= c.x / 2 / float64(i)
			}
			sum += term
		}
		if g := analysis.ChiSquarePValue(c.x, c.df); math.Abs(g-sum) > 1e-10*math.Max(1, sum) {
			t.Errorf("even df %d x=%v: %v vs %v", c.df, c.x, g, sum)
		}
	}
	// 2x2 table: chi-square without continuity correction
	chi, df, p := analysis.ChiSquare([][]float64{{10, 20}, {30, 40}})
	if df != 1 || math.Abs(chi-0.7936507936507936) > 1e-12 || math.Abs(p-0.3729984) > 1e-6 {
		t.Fatalf("2x2: %v %d %v", chi, df, p)
	}
	if _, df, p := analysis.ChiSquare([][]float64{{5, 0}, {0, 0}}); df != 0 || p != 1 {
		t.Fatalf("degenerate: %d %v", df, p)
	}
	sort.Float64s(nil)
}

// postForm posts an application/x-www-form-urlencoded body.
func postForm(t *testing.T, c *testenv.Client, path string, v url.Values) *testenv.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, c.BaseURL+path, strings.NewReader(v.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", c.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &testenv.Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

func TestResultsVerify(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		dataCo := author(t, e, "collab01")
		designCo := author(t, e, "design01")
		other := author(t, e, "other01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", resultsDoc())
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "collab01", "rights": "data"}).OK(t, nil)
		owner.Post("app/survey/collaborator/add.do", M{"surveyId": id, "loginName": "design01", "rights": "design"}).OK(t, nil)
		var ids []string
		for i, o := range []string{"a1", "a2", "a3"} {
			qs := []M{anRadio("q1", o), {"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": fmt.Sprintf("text %d", i)}}}
			d := expectSaveCode(t, anon, answerBody(id, newDwID(), qs, nil), 201)
			ids = append(ids, d.DbAnswerID)
			time.Sleep(20 * time.Millisecond) // distinct submit times: list order newest first
		}
		reviews := func() int64 {
			var n int64
			e.DB.Model(&models.AnswerReview{}).Count(&n)
			return n
		}
		counter := func(key string) int64 {
			var n int64
			e.DB.Raw("SELECT COALESCE(SUM(cnt),0) FROM answer_counters WHERE survey_id = ? AND ckey = ?", id, key).Scan(&n)
			return n
		}
		verify := ad + "answer-verified.do"
		// strangers and bad values: nothing changes
		snap := answerSnapshot(t, e.DB)
		for _, cl := range []*testenv.Client{other, designCo} {
			cl.Post(verify, M{"answerId": ids[0], "verifyValue": 2}).Refused(t, 404, "")
		}
		anon.Post(verify, M{"answerId": ids[0], "verifyValue": 2}).Refused(t, 401, "")
		owner.Post(verify, M{"answerId": ids[0], "verifyValue": 3}).Refused(t, 400, "verifyValue")
		owner.Post(verify, M{"answerId": ids[0], "verifyValue": "x"}).Refused(t, 400, "verifyValue")
		owner.Post(verify, M{"answerId": ids[0]}).Refused(t, 400, "verifyValue")
		owner.Post(verify, M{"answerId": ids[0], "verifyValue": 2, "verifyNote": strings.Repeat("长", 501)}).Refused(t, 400, "500")
		owner.Post(verify, M{"verifyValue": 2}).Refused(t, 400, "answerId")
		owner.Post(verify, M{"answerId": "nope", "verifyValue": 2}).Refused(t, 404, "")
		other.Get(ad+"answer-reviews.do?answerId="+ids[0]).Refused(t, 404, "")
		if answerSnapshot(t, e.DB) != snap || reviews() != 0 {
			t.Fatal("refused verdicts changed something")
		}
		total := counter("total")

		// list order is newest first: ids[2], ids[1], ids[0]. Fail on the newest (form body,
		// 500 characters of note allowed) screens it out; the next unreviewed is ids[1].
		var next *analysis.Row
		postForm(t, owner, verify, url.Values{"answerId": {ids[2]}, "verifyValue": {"2"}, "verifyNote": {strings.Repeat("长", 500)}}).OK(t, &next)
		if next == nil || next.AnswerID != ids[1] || next.HandleState != 0 || next.IsEff != 1 {
			t.Fatalf("next after fail %+v", next)
		}
		var st analysis.Stats
		owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &st)
		compareStats(t, st, recount(t, e, id))
		compareOverview(t, e, owner, id)
		if st.Total != 2 || st.CountRadio["a3"].DocCount != 0 || counter("total") != total {
			t.Fatalf("after fail: %+v (total counter %d, was %d)", st, counter("total"), total)
		}
		var a models.Answer
		e.DB.Where("id = ?", ids[2]).Take(&a)
		if a.IsEff != 0 || a.HandleState != 2 {
			t.Fatalf("screened row %+v", a)
		}
		type page struct {
			TotalItems int64
			Result     []analysis.Row
		}
		var pg page
		owner.Get(ad+"list.do?surveyId="+id+"&state=screened").OK(t, &pg)
		if pg.TotalItems != 1 || pg.Result[0].AnswerID != ids[2] {
			t.Fatalf("screened list %+v", pg)
		}
		owner.Post(ad+"list.do", M{"surveyId": id, "state": "screened", "values": `[{"quDwId":"q1","optionDwId":"a3"}]`}).OK(t, &pg)
		if pg.TotalItems != 0 {
			t.Fatalf("value filter on screened answers %+v", pg)
		}
		// the same verdict again (data collaborator, query string): no statistics change
		snapCounters := func() string {
			var b strings.Builder
			var cs []models.AnswerCounter
			e.DB.Where("survey_id = ?", id).Order("ckey, slot").Find(&cs)
			for _, c := range cs {
				fmt.Fprintf(&b, "%s|%d|%d;", c.CKey, c.Slot, c.Cnt)
			}
			return b.String()
		}
		before := snapCounters()
		dataCo.Post(verify+"?answerId="+ids[2]+"&verifyValue=2&verifyNote=again", nil).OK(t, &next)
		if snapCounters() != before || next == nil || next.AnswerID != ids[1] {
			t.Fatalf("repeated fail changed counters or next %+v", next)
		}
		// pass on the screened answer counts it again; then pass everything: next is null
		owner.Post(verify, M{"answerId": ids[2], "verifyValue": 1, "verifyNote": "ok after all"}).OK(t, &next)
		owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &st)
		compareStats(t, st, recount(t, e, id))
		compareOverview(t, e, owner, id)
		if st.Total != 3 || st.CountRadio["a3"].DocCount != 1 {
			t.Fatalf("after pass %+v", st)
		}
		before = snapCounters()
		owner.Post(verify, M{"answerId": ids[2], "verifyValue": 1}).OK(t, &next)
		if snapCounters() != before {
			t.Fatal("repeated pass changed counters")
		}
		owner.Post(verify, M{"answerId": ids[1], "verifyValue": 1}).OK(t, &next)
		if next == nil || next.AnswerID != ids[0] {
			t.Fatalf("next %+v", next)
		}
		env := owner.Post(verify, M{"answerId": ids[0], "verifyValue": 1}).Env(t)
		if env.ResultCode != 200 || string(env.Data) != "null" {
			t.Fatalf("no unreviewed answer left: %+v", env)
		}
		owner.Get(ad+"list.do?surveyId="+id+"&state=reviewed").OK(t, &pg)
		if pg.TotalItems != 3 {
			t.Fatalf("reviewed %+v", pg)
		}
		// every note is its own row, oldest first, with who and role
		var rs []analysis.ReviewRow
		dataCo.Get(ad+"answer-reviews.do?answerId="+ids[2]).OK(t, &rs)
		if len(rs) != 4 || rs[0].VerifyValue != 2 || rs[0].Role != "owner" || rs[0].UserName == "" || len([]rune(rs[0].Note)) != 500 ||
			rs[1].Role != "collaborator" || rs[1].Note != "again" || rs[2].Note != "ok after all" || rs[2].VerifyValue != 1 {
			t.Fatalf("reviews %+v", rs)
		}
		if rows := logRows(t, e, "name = ?", "Verify answer"); len(rows) != 6 {
			t.Fatalf("audit rows %d", len(rows))
		}
		// screen again, then delete: only the cap count is released (once)
		owner.Post(verify, M{"answerId": ids[2], "verifyValue": 2}).OK(t, &next)
		owner.Post(ad+"delete-answer.do", M{"surveyId": id, "ids": []string{ids[2]}}).OK(t, nil)
		owner.Get(ad+"survey-stats.do?surveyId="+id).OK(t, &st)
		compareStats(t, st, recount(t, e, id))
		compareOverview(t, e, owner, id)
		if counter("total") != total-1 || st.Total != 2 {
			t.Fatalf("after deleting a screened answer: total %d (was %d), %+v", counter("total"), total, st)
		}
		owner.Post(verify, M{"answerId": ids[2], "verifyValue": 1}).Refused(t, 404, "")
	})
}
