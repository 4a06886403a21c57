package api_test

import (
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/dashboard"
)

// TestDashboardsFromCounters: the admin analysis, the monitor's last hour by province and an
// author's overview come from the answer counters (an answer row stored without counters is
// not counted; counters alone are), and the monitor's hour slides.
func TestDashboardsFromCounters(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		owner := author(t, e, "dashowner1")
		other := author(t, e, "dashother1")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		for i := 0; i < 3; i++ {
			if code, d := save(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, M{"source": "wechat"})); code != 200 || !d.AnCheckIsPass {
				t.Fatalf("submit: %d %+v", code, d)
			}
		}
		// a row without counters is not a figure: the dashboards never scan answers
		now := time.Now().UTC()
		e.DB.Create(&models.Answer{ID: "uncounted-1", SurveyID: id, SurveyVersion: 1, AnswerDwID: "u1", IsEff: 1, BgAnDate: now, EndAnDate: now, Document: "{}"})

		var a dashboard.Analysis
		admin.Get("admin/dashboard/analysis.do?days=400").OK(t, &a)
		last := a.AnswersByDay[len(a.AnswersByDay)-1]
		if a.Days != 90 || len(a.AnswersByDay) != 90 || a.Answers != 3 || a.AnswersToday != 3 || last.Count != 3 {
			t.Fatalf("analysis answers: days %d, %d by day, total %d, today %d, last %+v", a.Days, len(a.AnswersByDay), a.Answers, a.AnswersToday, last)
		}
		if a.Users < 3 || a.Surveys != 1 || a.Collecting != 1 || a.UsersByDay[len(a.UsersByDay)-1].Count < 2 || a.SurveysByDay[len(a.SurveysByDay)-1].Count != 1 {
			t.Fatalf("analysis users/surveys: %+v", a)
		}
		if len(a.TopSurveys) != 1 || a.TopSurveys[0].ID != id || a.TopSurveys[0].Answers != 3 || a.TopSurveys[0].OwnerName != "dashowner1" {
			t.Fatalf("top: %+v", a.TopSurveys)
		}
		var weekSum int64
		for _, w := range a.AnswersByWeek {
			weekSum += w.Count
		}
		if weekSum != 3 {
			t.Fatalf("weeks: %+v", a.AnswersByWeek)
		}
		admin.Get("admin/dashboard/analysis.do").OK(t, &a)
		if a.Days != 30 || len(a.AnswersByDay) != 30 {
			t.Fatalf("default window: %d", a.Days)
		}

		// the monitor: the hour slides over snapshots of the province counters
		addProv := func(p string, n int64) {
			t.Helper()
			if err := e.DB.Exec("INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES (?, ?, 0, ?)", id, models.MetaKeyProv+p, n).Error; err != nil {
				// the key exists: add to it
				if err := e.DB.Exec("UPDATE answer_counters SET cnt = cnt + ? WHERE survey_id = ? AND ckey = ? AND slot = 0", n, id, models.MetaKeyProv+p).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		var m dashboard.Monitor
		admin.Get("admin/dashboard/monitor.do").OK(t, &m)
		if m.Total != 0 || !m.Partial || m.AnswersToday != 3 {
			t.Fatalf("first monitor: %+v", m)
		}
		addProv("广东省", 5)
		addProv("北京市", 1)
		admin.Get("admin/dashboard/monitor.do").OK(t, &m)
		if m.Total != 6 || len(m.Provinces) != 2 || m.Provinces[0].Name != "广东省" || m.Provinces[0].Count != 5 {
			t.Fatalf("monitor: %+v", m)
		}
		e.Clock.Advance(30 * time.Minute)
		admin.Get("admin/dashboard/monitor.do").OK(t, &m)
		if m.Total != 6 {
			t.Fatalf("after 30 min: %+v", m)
		}
		e.Clock.Advance(31 * time.Minute)
		addProv("广东省", 2)
		admin.Get("admin/dashboard/monitor.do").OK(t, &m)
		// the snapshot of 61 minutes ago has left the hour: the figures start at the one
		// taken 31 minutes ago (no snapshot of exactly an hour ago: partial)
		if m.Total != 2 || !m.Partial || len(m.Provinces) != 1 || m.Provinces[0].Count != 2 {
			t.Fatalf("after 61 min: %+v", m)
		}

		// an author's overview: own surveys only
		var o dashboard.Overview
		owner.Get("app/dashboard/overview.do").OK(t, &o)
		if o.Surveys != 1 || o.Answers != 3 || o.AnswersToday != 3 || len(o.TopSurveys) != 1 || len(o.Sources) == 0 {
			t.Fatalf("owner overview: %+v", o)
		}
		other.Get("app/dashboard/overview.do").OK(t, &o)
		if o.Surveys != 0 || o.Answers != 0 || len(o.TopSurveys) != 0 {
			t.Fatalf("other overview: %+v", o)
		}
		owner.Get("admin/dashboard/analysis.do").Refused(t, 403, "no permission")
	})
}
