package api_test

import (
	"net/url"
	"testing"

	"dwsurvey/internal/testenv"
)

// C10: the raw-data list honours the reference client's filter names, and hostile values of
// every list filter match literally (never every row, never silently dropped).
func TestListFiltersMatchLiterally(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "filter01")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		for range 3 {
			expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		}
		type page struct {
			TotalItems int64 `json:"totalItems"`
		}
		rawData := func(params url.Values) int64 {
			t.Helper()
			params.Set("surveyId", id)
			var pg page
			owner.Get(ad+"list.do?"+params.Encode()).OK(t, &pg)
			return pg.TotalItems
		}
		cases := []struct {
			name   string
			params url.Values
			want   int64
		}{
			{"no filter", url.Values{}, 3},
			{"ipAddr literal", url.Values{"ipAddr": {"127.0.0.1"}}, 3},
			{"ipAddr injection", url.Values{"ipAddr": {"' OR '1'='1"}}, 0},
			{"ip injection", url.Values{"ip": {"' OR 1=1 -- "}}, 0},
			{"city wildcard", url.Values{"city": {"%"}}, 0},
			{"bgAnDate future", url.Values{"bgAnDate": {"2999-01-01 00:00:00"}}, 0},
			{"endAnDate past", url.Values{"endAnDate": {"2000-01-01"}}, 0},
			{"handleState unreviewed", url.Values{"handleState": {"0"}}, 3},
			{"handleState screened", url.Values{"handleState": {"2"}}, 0},
			{"isEffective screened", url.Values{"isEffective": {"0"}}, 0},
			{"anUserKey", url.Values{"anUserKey": {"' OR ''='"}}, 0},
		}
		for _, c := range cases {
			if got := rawData(c.params); got != c.want {
				t.Errorf("%s: %d rows, want %d", c.name, got, c.want)
			}
		}
		for _, bad := range []url.Values{
			{"handleState": {"1 OR 1=1"}}, {"isEffective": {"yes"}}, {"saveStatus": {"1"}},
			{"bgAnDate": {"' OR 1=1"}}, {"filters": {`{"ipAddress":"1.2.3.4"}`}},
		} {
			bad.Set("surveyId", id)
			owner.Get(ad+"list.do?"+bad.Encode()).Refused(t, 400, "")
		}

		// survey list: LIKE wildcards in a name filter are literal on both databases
		for _, title := range []string{"50% off", "A_B", "AxB", `back\slash`} {
			addSurvey(t, owner, title, "survey")
		}
		names := func(q string) int64 {
			t.Helper()
			return owner.Get("app/survey/list.do?surveyName="+url.QueryEscape(q)).Page(t, nil).Total
		}
		for q, want := range map[string]int64{"%": 1, "_": 1, "A_B": 1, `\`: 1, "!": 0, "' OR '1'='1": 0} {
			if got := names(q); got != want {
				t.Errorf("surveyName %q: %d surveys, want %d", q, got, want)
			}
		}
		owner.Get("app/survey/list.do?surveyState=1%20OR%201").Refused(t, 400, "surveyState")

		// users: wildcards literal, a status that is not a number refused, cellphone honoured
		admin := e.Client(t, e.AdminToken(t))
		e.CreateUser(t, "pct%user", "secret-pw")
		users := func(q string) int64 {
			t.Helper()
			return admin.Get("admin/user/list.do?"+q).Page(t, nil).Total
		}
		if n := users("loginName=" + url.QueryEscape("%")); n != 1 {
			t.Errorf("loginName %%: %d users, want 1", n)
		}
		if n := users("loginName=" + url.QueryEscape("_")); n != 0 {
			t.Errorf("loginName _: %d users, want 0", n)
		}
		if n := users("cellphone=" + url.QueryEscape("' OR '1'='1")); n != 0 {
			t.Errorf("cellphone injection: %d users, want 0", n)
		}
		admin.Get("admin/user/list.do?status="+url.QueryEscape("1 OR 1=1")).Refused(t, 400, "status")

		// my tasks and my answers: a day that cannot be read is refused, names match literally
		owner.Get("app/task/task.do?createTime="+url.QueryEscape("' OR 1=1")).Refused(t, 400, "createTime")
		owner.Get("app/task/answer-surveys.do?answerDate=yesterday").Refused(t, 400, "answerDate")
		owner.Get("app/task/answer-surveys.do?createDate=2026-13-45").Refused(t, 400, "createDate")
		owner.Get("app/task/answer-surveys.do?saveStatus="+url.QueryEscape("0 OR 1")).Refused(t, 400, "saveStatus")
		if n := owner.Get("app/task/task.do?surveyName="+url.QueryEscape("%")).Page(t, nil).Total; n != 0 {
			t.Errorf("task surveyName %%: %d", n)
		}
	})
}
