package api_test

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/importer"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// authoringSnapshot renders the authoring tables so that refused calls can be shown to change nothing.
func authoringSnapshot(t *testing.T, db *gorm.DB) string {
	t.Helper()
	var b strings.Builder
	for _, tb := range []string{"surveys", "survey_versions", "survey_groups", "survey_collaborators", "survey_templates", "qu_banks", "qu_bank_questions"} {
		var rows []map[string]any
		if err := db.Table(tb).Order("id").Find(&rows).Error; err != nil {
			t.Fatalf("snapshot %s: %v", tb, err)
		}
		raw, _ := json.Marshal(rows)
		b.WriteString(tb + ":" + string(raw) + "\n")
	}
	return b.String()
}

type surveyInfo struct {
	ID               string `json:"id"`
	Sid              string `json:"sid"`
	SurveyName       string `json:"surveyName"`
	SurveyType       string `json:"surveyType"`
	SurveyState      int    `json:"surveyState"`
	GroupID          string `json:"groupId"`
	GroupName        string `json:"groupName"`
	IsCollaborator   bool   `json:"isCollaborator"`
	Rights           string `json:"rights"`
	PublishedVersion int    `json:"publishedVersion"`
	Revision         int    `json:"revision"`
	QuestionNum      int    `json:"surveyQuNum"`
}

type designDoc struct {
	SurveyID         string       `json:"surveyId"`
	SurveyJSONText   string       `json:"surveyJsonText"`
	Revision         int          `json:"revision"`
	PublishedVersion int          `json:"publishedVersion"`
	Warnings         []lang.Issue `json:"warnings"`
}

func author(t *testing.T, e *testenv.Env, login string) *testenv.Client {
	t.Helper()
	e.CreateUser(t, login, "secret-pw", models.PermSurveyManage, models.PermSurveyData)
	return e.Client(t, e.Login(t, login, "secret-pw"))
}

func addSurvey(t *testing.T, c *testenv.Client, title, typ string) surveyInfo {
	t.Helper()
	var s surveyInfo
	c.Post("app/survey/add.do", map[string]any{"surveyName": title, "surveyType": typ}).OK(t, &s)
	if s.ID == "" || len(s.Sid) != surveysvc.SidLength || s.SurveyName != title || s.SurveyState != 0 {
		t.Fatalf("add: %+v", s)
	}
	return s
}

func loadDraft(t *testing.T, c *testenv.Client, id string) (designDoc, *lang.Survey) {
	t.Helper()
	var d designDoc
	c.Get("app/v6/dw-design-survey/survey-json-by-survey-id.do?surveyId="+id).OK(t, &d)
	doc, issues, err := lang.Parse([]byte(d.SurveyJSONText))
	if err != nil || len(issues) != 0 {
		t.Fatalf("stored draft: %v %v", err, issues)
	}
	return d, doc
}

func radio(id, title string, opts ...string) *lang.Question {
	q := &lang.Question{DwID: lang.Str(id), QuType: lang.TypeRadio, QuTitle: lang.Str(title), QuTitleObj: &lang.Text{DwHTML: title, DwText: title}}
	for i, o := range opts {
		q.QuRadios = append(q.QuRadios, &lang.Option{DwID: lang.Str(id + "o" + string(rune('1'+i))), OptionTitle: lang.Str(o),
			OptionTitleObj: &lang.Text{DwHTML: o}})
	}
	return q
}

func saveDoc(c *testenv.Client, id string, doc any, base *int) *testenv.Response {
	var text string
	switch v := doc.(type) {
	case string:
		text = v
	default:
		b, _ := lang.MarshalCanonical(v)
		text = string(b)
	}
	body := map[string]any{"surveyId": id, "surveyJsonText": text}
	if base != nil {
		body["baseRevision"] = *base
	}
	return c.Post("app/v6/dw-design-survey/save-survey-json.do", body)
}

func TestAuthoringSurveyList(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "author01")
		snap := authoringSnapshot(t, e.DB)
		a.Post("app/survey/add.do", map[string]any{"surveyName": "  ", "surveyType": "survey"}).Refused(t, 400, "Please enter the survey title")
		a.Post("app/survey/add.do", map[string]any{"surveyName": "x", "surveyType": "poll"}).Refused(t, 400, "Unknown survey type")
		a.Post("app/survey/add.do", map[string]any{"surveyName": "x"}).Refused(t, 400, "Please choose the survey type")
		a.Post("app/survey/add.do", map[string]any{"surveyName": strings.Repeat("题", 201), "surveyType": "survey"}).Refused(t, 400, "at most 200")
		a.Post("app/survey/add.do", map[string]any{"surveyName": "x", "surveyType": "survey", "groupId": "nope"}).Refused(t, 400, "group does not exist")
		a.Post("app/survey/survey-group-add.do", map[string]any{"groupName": strings.Repeat("g", 19)}).Refused(t, 400, "at most 18")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused calls changed data")
		}

		var g struct{ ID string }
		a.Post("app/survey/survey-group-add.do", map[string]any{"groupName": "Team A", "groupDescription": "d"}).OK(t, &g)
		s1 := addSurvey(t, a, "Customer satisfaction", "satisfaction")
		s2 := addSurvey(t, a, "Math exam", "exam")
		var s3 surveyInfo
		a.Post("app/survey/add.do", map[string]any{"title": "Lunch vote", "surveyType": "vote", "groupId": g.ID}).OK(t, &s3)
		if s3.GroupName != "Team A" {
			t.Fatalf("group name %+v", s3)
		}
		var rows []surveyInfo
		p := a.Get("app/survey/list.do?current=1&pageSize=2").Page(t, &rows)
		if p.Total != 3 || len(rows) != 2 || p.Current != 1 || p.PageSize != 2 || rows[0].Rights != "owner" {
			t.Fatalf("page 1: %+v %+v", p, rows)
		}
		a.Get("app/survey/list.do?current=2&pageSize=2").Page(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("page 2: %+v", rows)
		}
		a.Get("app/survey/list.do?surveyName=exam").Page(t, &rows)
		if len(rows) != 1 || rows[0].ID != s2.ID {
			t.Fatalf("filter by name: %+v", rows)
		}
		a.Get("app/survey/list.do?groupId="+g.ID).Page(t, &rows)
		if len(rows) != 1 || rows[0].ID != s3.ID || rows[0].GroupName != "Team A" {
			t.Fatalf("filter by group: %+v", rows)
		}
		a.Get("app/survey/list.do?surveyState=1").Page(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("filter by state: %+v", rows)
		}
		a.Get("app/survey/list.do?surveyState=x").Refused(t, 400, "surveyState")
		var groups []struct {
			ID          string `json:"id"`
			GroupName   string `json:"groupName"`
			SurveyCount int    `json:"surveyCount"`
		}
		a.Get("app/survey/survey-group-list.do").OK(t, &groups)
		if len(groups) != 1 || groups[0].SurveyCount != 1 || groups[0].GroupName != "Team A" {
			t.Fatalf("groups %+v", groups)
		}
		a.Post("app/survey/survey-group-delete.do", map[string]any{"id": g.ID}).Refused(t, 400, "associated data exists")

		// info and base attributes
		var info surveyInfo
		a.Get("app/survey/info.do?id="+s1.ID).OK(t, &info)
		if info.SurveyType != "satisfaction" || info.Revision != 1 {
			t.Fatalf("info %+v", info)
		}
		var attrs struct {
			SurveyAttrs map[string]any `json:"surveyAttrs"`
			SurveyStyle map[string]any `json:"surveyStyle"`
		}
		a.Get("app/survey/survey-base-attr.do?id="+s1.ID).OK(t, &attrs)
		if attrs.SurveyStyle["themeColor"] != "#015AB4" || attrs.SurveyAttrs["anRefreshAttr"] == nil {
			t.Fatalf("defaults missing: %+v", attrs)
		}

		// copy
		d := lang.Survey{Questions: []*lang.Question{radio("q1", "Pick one", "A", "B")}}
		saveDoc(a, s1.ID, &d, nil).OK(t, nil)
		var cp surveyInfo
		a.Post("app/survey/copy.do", map[string]any{"id": s1.ID}).OK(t, &cp)
		if cp.ID == s1.ID || cp.SurveyName != "Customer satisfaction - copy" || cp.SurveyType != "satisfaction" || cp.QuestionNum != 1 {
			t.Fatalf("copy %+v", cp)
		}
		_, cdoc := loadDraft(t, a, cp.ID)
		if string(cdoc.ID) != cp.ID || string(cdoc.Sid) != cp.Sid || len(cdoc.Questions) != 1 {
			t.Fatalf("copied doc identity %s %s", cdoc.ID, cdoc.Sid)
		}

		// delete -> recycle -> restore -> delete -> purge
		a.Post("app/survey/delete.do", map[string]any{}).Refused(t, 400, "choose the surveys")
		a.Do(http.MethodDelete, "app/survey/delete.do", map[string]any{"ids": []string{cp.ID, s2.ID}}).OK(t, nil)
		a.Get("app/survey/list.do").Page(t, &rows)
		if len(rows) != 2 {
			t.Fatalf("after delete %d rows", len(rows))
		}
		a.Get("app/survey/recycle-list.do").Page(t, &rows)
		if len(rows) != 2 {
			t.Fatalf("recycle %d rows", len(rows))
		}
		a.Get("app/survey/info.do?id="+cp.ID).Refused(t, 404, "")
		a.Post("app/survey/recycle-restore.do", map[string]any{"id": s2.ID}).OK(t, nil)
		a.Get("app/survey/info.do?id="+s2.ID).OK(t, nil)
		snap = authoringSnapshot(t, e.DB)
		a.Post("app/survey/recycle-purge.do", map[string]any{"ids": []string{cp.ID, s2.ID}}).Refused(t, 404, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused purge changed data")
		}
		a.Post("app/survey/recycle-purge.do", map[string]any{"id": cp.ID}).OK(t, nil)
		if testenv.Count(t, e.DB, &models.Survey{}, "id = ?", cp.ID) != 0 {
			t.Fatal("purged survey still stored")
		}
		a.Get("app/survey/recycle-list.do").Page(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("recycle after purge %d rows", len(rows))
		}
	})
}

func TestAuthoringDesignPublish(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "author01")
		s := addSurvey(t, a, "Design me", "survey")
		none := e.Client(t, "")
		type answerDoc struct {
			AnswerCheckResult struct {
				AnCheckIsPass     bool `json:"anCheckIsPass"`
				AnCheckResultCode int  `json:"anCheckResultCode"`
			} `json:"answerCheckResult"`
			SurveyJSON *struct {
				Version        int    `json:"version"`
				SurveyJSONText string `json:"surveyJsonText"`
			} `json:"surveyJson"`
		}
		served := func(want int) answerDoc {
			t.Helper()
			var r answerDoc
			none.Get("none/v6/dw-answer-survey/survey-json-by-survey-id.do?sid="+s.Sid).OK(t, &r)
			if r.AnswerCheckResult.AnCheckResultCode != want {
				t.Fatalf("answer check %d, want %d", r.AnswerCheckResult.AnCheckResultCode, want)
			}
			return r
		}
		served(406)
		var miss answerDoc
		none.Get("none/v6/dw-answer-survey/survey-json-by-survey-id.do").OK(t, &miss)
		if miss.AnswerCheckResult.AnCheckResultCode != 501 {
			t.Fatalf("no id: %+v", miss)
		}
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).Refused(t, 400, "no questions")

		d0, doc := loadDraft(t, a, s.ID)
		if d0.Revision != 1 || string(doc.Sid) != s.Sid || doc.SurveyStyle == nil {
			t.Fatalf("draft %+v", d0)
		}
		q1 := radio("q1", `Hello <b>there</b><script>alert(1)</script><img src="x.png" onerror="alert(2)">`, "Yes", "No")
		q1.QuRadios[0].OptionTitleObj.DwHTML = `<a href="javascript:alert(3)">Yes</a>`
		q2 := radio("q2", "Second", "A", "B")
		q2.QuestionLogics = []*lang.QuestionLogic{{CgQuItemID: lang.StrList{"q2o1"}, SkQuID: lang.StrList{"q1"}, LogicType: "GO"}}
		q3 := &lang.Question{QuType: lang.TypeFillblank, QuTitle: "no dwId yet"}
		doc.Questions = []*lang.Question{q1, q2, q3}
		doc.SurveyNameObj = &lang.Text{DwHTML: `Design <i>me</i> <style>body{}</style>`}

		// bad documents keep the previous draft
		snap := authoringSnapshot(t, e.DB)
		saveDoc(a, s.ID, "{not json", nil).Refused(t, 400, "not valid JSON")
		saveDoc(a, s.ID, `{"questions":[{"quType":"RADIO","dwId":"a"},{"quType":"WHAT","dwId":"b"}]}`, nil).Refused(t, 400, "questions[1]")
		saveDoc(a, s.ID, `{"questions":[{"quType":"RADIO","dwId":"a"},{"quType":"RADIO","dwId":"a"}]}`, nil).Refused(t, 400, "duplicate dwId")
		a.Post("app/v6/dw-design-survey/save-survey-json.do", map[string]any{"surveyId": s.ID}).Refused(t, 400, "empty")
		stale := 0
		saveDoc(a, s.ID, doc, &stale).Refused(t, 400, "changed in another window")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused saves changed data")
		}

		base := d0.Revision
		var saved designDoc
		saveDoc(a, s.ID, doc, &base).OK(t, &saved)
		if saved.Revision != 2 {
			t.Fatalf("revision %d", saved.Revision)
		}
		saveDoc(a, s.ID, doc, &base).Refused(t, 400, "changed in another window") // the second tab
		var stored models.Survey
		e.DB.Take(&stored, "id = ?", s.ID)
		for _, bad := range []string{"<script", "alert(1)", "onerror", "javascript:", "<style"} {
			if strings.Contains(stored.Draft, bad) {
				t.Fatalf("draft keeps %q: %s", bad, stored.Draft)
			}
		}
		if !strings.Contains(stored.Draft, "Hello <b>there</b>") || stored.Title != "Design me" {
			t.Fatalf("sanitised too much: title %q", stored.Title)
		}
		_, doc = loadDraft(t, a, s.ID)
		if doc.Questions[2].DwID == "" {
			t.Fatal("missing dwId not assigned")
		}

		// publish: warnings from the logic checker, version 1 frozen and served
		var pub struct {
			Version     int          `json:"version"`
			SurveyState int          `json:"surveyState"`
			Warnings    []lang.Issue `json:"warnings"`
		}
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, &pub)
		if pub.Version != 1 || pub.SurveyState != 1 || len(pub.Warnings) == 0 || pub.Warnings[0].Code != "backwardJump" {
			t.Fatalf("publish %+v", pub)
		}
		r := served(200)
		if r.SurveyJSON.Version != 1 || !strings.Contains(r.SurveyJSON.SurveyJSONText, "Hello <b>there</b>") {
			t.Fatalf("served %+v", r.SurveyJSON)
		}
		// a later draft edit does not change what respondents get
		doc.Questions[0].QuTitleObj.DwHTML = "Changed title"
		saveDoc(a, s.ID, doc, nil).OK(t, nil)
		if r := served(200); strings.Contains(r.SurveyJSON.SurveyJSONText, "Changed title") || r.SurveyJSON.Version != 1 {
			t.Fatal("the draft leaked to respondents")
		}
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, &pub)
		if r := served(200); !strings.Contains(r.SurveyJSON.SurveyJSONText, "Changed title") || r.SurveyJSON.Version != 2 {
			t.Fatal("the new version is not served")
		}
		if testenv.Count(t, e.DB, &models.SurveyVersion{}, "survey_id = ?", s.ID) != 2 {
			t.Fatal("want 2 versions")
		}
		var versions []struct{ Version int }
		a.Get("app/v6/dw-design-survey/survey-versions.do?surveyId="+s.ID).OK(t, &versions)
		if len(versions) != 2 || versions[0].Version != 2 {
			t.Fatalf("versions %+v", versions)
		}

		// state transitions
		status := func(st int) *testenv.Response {
			return a.Post("app/survey/up-survey-status.do", map[string]any{"surveyId": s.ID, "surveyState": st})
		}
		status(7).Refused(t, 400, "Unknown survey state")
		a.Post("app/survey/up-survey-status.do", map[string]any{"surveyId": s.ID}).Refused(t, 400, "surveyState")
		status(2).OK(t, nil)
		served(405)
		status(1).OK(t, nil) // re-open
		served(200)
		status(0).OK(t, nil) // return to edit
		served(405)
		status(2).Refused(t, 400, "Only a collecting survey")
		status(1).Refused(t, 400, "Publish the survey")
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, nil)
		served(200)
		s2 := addSurvey(t, a, "Never published", "survey")
		a.Post("app/survey/up-survey-status.do", map[string]any{"surveyId": s2.ID, "surveyState": 1}).Refused(t, 400, "Publish the survey")

		// export, toolbar, surveyAll
		resp := a.Get("app/v6/dw-design-survey/export-survey.do?surveyId=" + s.ID)
		if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") || !json.Valid(resp.Body) {
			t.Fatalf("export: %v %s", resp.Header, resp.Body[:50])
		}
		var tb []refToolbarTab
		has := func(typ string) bool {
			for _, it := range toolbarItems(tb) {
				if it.QuType == typ {
					return true
				}
			}
			return false
		}
		a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyId="+s.ID).OK(t, &tb)
		if !has("MATRIX_RADIO") || !has("CASCADE") {
			t.Fatal("survey toolbar incomplete")
		}
		exam := addSurvey(t, a, "Exam", "exam")
		a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyId="+exam.ID).OK(t, &tb)
		if !has("RADIO") || has("MATRIX_RADIO") || !toolbarItems(tb)[0].Scoring {
			t.Fatalf("exam toolbar %+v", tb)
		}
		a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyType=vote").OK(t, &tb)
		if has("SCORE") || !has("CHECKBOX") {
			t.Fatalf("vote toolbar %+v", tb)
		}
		var all map[string]any
		a.Post("app/design/survey-design/surveyAll.do", map[string]any{"surveyId": s.ID}).OK(t, &all)
		if all["sid"] != s.Sid || len(all["questions"].([]any)) != 3 || all["surveyQuNum"].(float64) != 3 {
			t.Fatalf("surveyAll %v", all["surveyQuNum"])
		}

		// deleted survey: 404 on the answer side
		a.Post("app/survey/delete.do", map[string]any{"id": s.ID}).OK(t, nil)
		served(404)
	})
}

func TestAuthoringAccess(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "owner01")
		other := author(t, e, "other01")
		collab := author(t, e, "collab01")
		adm := e.Client(t, e.AdminToken(t))
		s := addSurvey(t, owner, "Private", "survey")
		doc := lang.Survey{Questions: []*lang.Question{radio("q1", "Q", "A", "B")}}
		saveDoc(owner, s.ID, &doc, nil).OK(t, nil)

		snap := authoringSnapshot(t, e.DB)
		calls := []struct {
			method, path string
			body         map[string]any
		}{
			{"GET", "app/survey/info.do?id=" + s.ID, nil},
			{"GET", "app/survey/survey-base-attr.do?id=" + s.ID, nil},
			{"POST", "app/survey/up-survey-status.do", map[string]any{"surveyId": s.ID, "surveyState": 2}},
			{"POST", "app/survey/copy.do", map[string]any{"id": s.ID}},
			{"POST", "app/survey/delete.do", map[string]any{"id": s.ID}},
			{"POST", "app/survey/up-survey-group.do", map[string]any{"surveyId": s.ID}},
			{"GET", "app/v6/dw-design-survey/survey-json-by-survey-id.do?surveyId=" + s.ID, nil},
			{"POST", "app/v6/dw-design-survey/save-survey-json.do", map[string]any{"surveyId": s.ID, "surveyJsonText": `{"questions":[]}`}},
			{"POST", "app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}},
			{"GET", "app/v6/dw-design-survey/export-survey.do?surveyId=" + s.ID, nil},
			{"GET", "app/v6/dw-design-survey/toolbar-qus.do?surveyId=" + s.ID, nil},
			{"GET", "app/v6/dw-design-survey/survey-versions.do?surveyId=" + s.ID, nil},
			{"POST", "app/v6/dw-design-survey/survey-2-template.do", map[string]any{"surveyId": s.ID, "templateName": "t"}},
			{"POST", "app/design/survey-design/surveyAll.do", map[string]any{"surveyId": s.ID}},
			{"GET", "app/survey/collaborator/list.do?surveyId=" + s.ID, nil},
			{"POST", "app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "other01", "rights": "both"}},
		}
		for _, who := range []*testenv.Client{other, adm} {
			for _, c := range calls {
				var body any
				if c.body != nil {
					body = c.body
				}
				resp := who.Do(c.method, c.path, body)
				resp.Refused(t, 404, "Not found")
			}
			var rows []surveyInfo
			who.Get("app/survey/list.do").Page(t, &rows)
			if len(rows) != 0 {
				t.Fatalf("a stranger lists %+v", rows)
			}
		}
		owner.Post("app/survey/recycle-restore.do", map[string]any{"id": s.ID}).Refused(t, 404, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("strangers changed data")
		}

		// collaboration: data rights cannot design (403), design rights can
		owner.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "nobody99", "rights": "data"}).Refused(t, 400, "No account")
		owner.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "collab01", "rights": "admin"}).Refused(t, 400, "Unknown rights")
		owner.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "owner01", "rights": "data"}).Refused(t, 400, "owner")
		var cb struct{ ID string }
		owner.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "collab01", "rights": "data"}).OK(t, &cb)
		owner.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s.ID, "loginName": "collab01", "rights": "data"}).Refused(t, 400, "already")
		var list []struct {
			LoginName, Rights string
		}
		owner.Get("app/survey/collaborator/list.do?surveyId="+s.ID).OK(t, &list)
		if len(list) != 1 || list[0].LoginName != "collab01" || list[0].Rights != "data" {
			t.Fatalf("collaborators %+v", list)
		}
		var rows []surveyInfo
		collab.Get("app/survey/collaborate-list.do").Page(t, &rows)
		if len(rows) != 1 || !rows[0].IsCollaborator || rows[0].Rights != "data" {
			t.Fatalf("my collaborations %+v", rows)
		}
		collab.Get("app/survey/list.do").Page(t, &rows)
		if len(rows) != 1 || !rows[0].IsCollaborator {
			t.Fatalf("collaborator's list %+v", rows)
		}
		collab.Get("app/survey/info.do?id="+s.ID).OK(t, nil)
		snap = authoringSnapshot(t, e.DB)
		saveDoc(collab, s.ID, &doc, nil).Refused(t, 403, "")
		collab.Get("app/v6/dw-design-survey/survey-json-by-survey-id.do?surveyId="+s.ID).Refused(t, 403, "")
		collab.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).Refused(t, 403, "")
		collab.Post("app/survey/delete.do", map[string]any{"id": s.ID}).Refused(t, 403, "")
		collab.Get("app/survey/collaborator/list.do?surveyId="+s.ID).Refused(t, 403, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("a data collaborator changed the design")
		}
		owner.Post("app/survey/collaborator/edit.do", map[string]any{"id": cb.ID, "rights": "design"}).OK(t, nil)
		saveDoc(collab, s.ID, &doc, nil).OK(t, nil)
		other.Post("app/survey/collaborator/delete.do", map[string]any{"id": cb.ID}).Refused(t, 404, "")
		owner.Post("app/survey/collaborator/delete.do", map[string]any{"id": cb.ID}).OK(t, nil)
		collab.Get("app/survey/info.do?id="+s.ID).Refused(t, 404, "")
	})
}

func TestAuthoringTemplatesAndBank(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "author01")
		adm := e.Client(t, e.AdminToken(t))
		s := addSurvey(t, a, "Source", "vote")
		doc := lang.Survey{Questions: []*lang.Question{radio("q1", "Lunch?", "Pizza", "Soup")}}
		saveDoc(a, s.ID, &doc, nil).OK(t, nil)

		// survey -> template -> survey
		a.Post("app/v6/dw-design-survey/survey-2-template.do", map[string]any{"surveyId": s.ID, "templateName": strings.Repeat("n", 19)}).Refused(t, 400, "at most 18")
		var tpl struct {
			ID        string `json:"id"`
			UsedCount int    `json:"usedCount"`
		}
		a.Post("app/v6/dw-design-survey/survey-2-template.do", map[string]any{"surveyId": s.ID, "templateName": "My vote", "industry": "food"}).OK(t, &tpl)
		var rows []struct {
			ID        string `json:"id"`
			Name      string `json:"templateName"`
			UsedCount int    `json:"usedCount"`
		}
		a.Get("app/survey-template/list.do?industry=food").Page(t, &rows)
		if len(rows) != 1 || rows[0].Name != "My vote" {
			t.Fatalf("templates %+v", rows)
		}
		a.Get("app/survey-template/list.do?industry=cars").Page(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("industry filter %+v", rows)
		}
		var ns surveyInfo
		a.Post("app/survey-template/create-survey.do", map[string]any{"templateId": tpl.ID, "surveyName": "From template"}).OK(t, &ns)
		if ns.SurveyType != "vote" || ns.QuestionNum != 1 || ns.SurveyName != "From template" {
			t.Fatalf("survey from template %+v", ns)
		}
		a.Get("app/survey-template/list.do").Page(t, &rows)
		if rows[0].UsedCount != 1 {
			t.Fatalf("used count %+v", rows)
		}
		// another author does not see a personal template
		b := author(t, e, "author02")
		b.Get("app/survey-template/list.do").Page(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("foreign templates %+v", rows)
		}
		b.Post("app/survey-template/create-survey.do", map[string]any{"templateId": tpl.ID}).Refused(t, 404, "")

		// site templates need admin:template; unpublished ones are hidden from authors
		a.Post("app/survey-template/add.do", map[string]any{"templateName": "Site"}).Refused(t, 403, "")
		png := pngBytes(t)
		var up struct {
			ID string `json:"id"`
		}
		var ups []struct {
			ID string `json:"id"`
		}
		adm.Upload("up/up-file.do", "file", "cover.png", png, nil).OK(t, &ups)
		up = ups[0]
		adm.Upload("up/up-file.do", "file", "notes.txt", []byte("hello"), nil).OK(t, &ups)
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "Site", "coverId": ups[0].ID}).Refused(t, 400, "JPG or PNG")
		var site struct{ ID string }
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "Site", "coverId": up.ID, "scene": "school",
			"surveyJsonText": `{"surveyType":"exam","questions":[{"quType":"RADIO","quTitle":"1+1?","quRadios":[{"optionTitle":"2","isRight":1},{"optionTitle":"3"}]}]}`}).OK(t, &site)
		b.Get("app/survey-template/list.do").Page(t, &rows)
		if len(rows) != 0 {
			t.Fatalf("unpublished template shown %+v", rows)
		}
		b.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "Hack"}).Refused(t, 404, "")
		adm.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "Site", "scene": "school", "templateState": 1}).OK(t, nil)
		b.Get("app/survey-template/list.do?scene=school").Page(t, &rows)
		if len(rows) != 1 {
			t.Fatalf("published template hidden %+v", rows)
		}
		b.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "Hack"}).Refused(t, 403, "")
		var fromSite surveyInfo
		b.Post("app/survey-template/create-survey.do", map[string]any{"templateId": site.ID}).OK(t, &fromSite)
		if fromSite.SurveyType != "exam" || fromSite.SurveyName != "Site" {
			t.Fatalf("from site template %+v", fromSite)
		}

		// question bank
		a.Post("app/v6/qu-bank/add.do", map[string]any{"bankName": ""}).Refused(t, 400, "bank name")
		var bank struct{ ID string }
		a.Post("app/v6/qu-bank/add.do", map[string]any{"bankName": "Food"}).OK(t, &bank)
		snap := authoringSnapshot(t, e.DB)
		a.Post("app/v6/qu-bank/save-question.do", map[string]any{"bankId": bank.ID, "surveyId": s.ID, "quDwId": "nope"}).Refused(t, 400, "not in the saved survey")
		b.Post("app/v6/qu-bank/save-question.do", map[string]any{"bankId": bank.ID, "surveyId": s.ID, "quDwId": "q1"}).Refused(t, 404, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused bank calls changed data")
		}
		a.Post("app/v6/qu-bank/save-question.do", map[string]any{"bankId": bank.ID, "surveyId": s.ID, "quDwId": "q1"}).OK(t, nil)
		a.Post("app/v6/qu-bank/save-question.do", map[string]any{"bankId": bank.ID, "question": map[string]any{"quType": "FILLBLANK", "quTitle": "Name?<script>x</script>"}}).OK(t, nil)
		var qs []struct {
			QuType   string          `json:"quType"`
			QuTitle  string          `json:"quTitle"`
			Question json.RawMessage `json:"question"`
		}
		a.Get("app/v6/qu-bank/question-list.do?bankId="+bank.ID).OK(t, &qs)
		if len(qs) != 2 || qs[0].QuType != "RADIO" || strings.Contains(string(qs[1].Question), "script") {
			t.Fatalf("bank questions %+v", qs)
		}
		var tabs []struct {
			TabQuName string            `json:"tabQuName"`
			Questions []json.RawMessage `json:"questions"`
		}
		a.Get("app/v6/dw-design-survey/bank-qus.do?bankId="+bank.ID).OK(t, &tabs)
		if len(tabs) != 1 || len(tabs[0].Questions) != 2 {
			t.Fatalf("bank-qus.do %+v", tabs)
		}
		var q lang.Question
		_ = json.Unmarshal(tabs[0].Questions[0], &q)
		if q.DwID == "" || q.DwID == "q1" || q.QuRadios[0].DwID == "q1o1" {
			t.Fatalf("insert copy keeps ids: %s", tabs[0].Questions[0])
		}
		// insert into a survey: append and save
		_, d := loadDraft(t, a, ns.ID)
		d.Questions = append(d.Questions, &q)
		saveDoc(a, ns.ID, d, nil).OK(t, nil)
		var banks []struct {
			QuNum int `json:"quNum"`
		}
		a.Get("app/v6/qu-bank/list.do").Page(t, &banks)
		if len(banks) != 1 || banks[0].QuNum != 2 {
			t.Fatalf("banks %+v", banks)
		}
		b.Get("app/v6/qu-bank/question-list.do?bankId="+bank.ID).Refused(t, 404, "")
		a.Post("app/v6/qu-bank/delete.do", map[string]any{"id": bank.ID}).OK(t, nil)
		if testenv.Count(t, e.DB, &models.QuBankQuestion{}) != 0 {
			t.Fatal("bank questions left")
		}
	})
}

func TestAuthoringImports(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "author01")
		const p = "app/v6/dw-design-survey-import/"
		xlsx, err := importer.WriteXLSX([][]string{
			{"type", "title", "options", "required"},
			{"single", "Gender", "Male|Female", "yes"},
			{"multiple", "Fruits", "Apple\nPear", ""},
			{"fill", "Name", "", "1"},
		})
		if err != nil {
			t.Fatal(err)
		}
		type result struct {
			Ready     bool `json:"ready"`
			QuNum     int  `json:"quNum"`
			Questions []struct {
				QuType string `json:"quType"`
			} `json:"questions"`
			Errors []struct {
				Line    int    `json:"line"`
				Message string `json:"message"`
			} `json:"errors"`
			Survey *surveyInfo `json:"survey"`
			Bank   *struct {
				ID    string `json:"id"`
				QuNum int    `json:"quNum"`
			} `json:"bank"`
		}
		snap := authoringSnapshot(t, e.DB)
		var r result
		a.Upload(p+"excel-import", "file", "list.xlsx", xlsx, map[string]string{"mode": "parse"}).OK(t, &r)
		if !r.Ready || r.QuNum != 3 || r.Questions[1].QuType != "CHECKBOX" || r.Survey != nil {
			t.Fatalf("preview %+v", r)
		}
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("parse mode created data")
		}
		a.Upload(p+"excel-import", "file", "list.xlsx", xlsx, map[string]string{"mode": "save", "surveyName": "From Excel"}).OK(t, &r)
		if r.Survey == nil || r.Survey.QuestionNum != 3 || r.Survey.SurveyName != "From Excel" {
			t.Fatalf("saved %+v", r.Survey)
		}
		_, d := loadDraft(t, a, r.Survey.ID)
		if len(d.Questions[0].QuRadios) != 2 {
			t.Fatal("options lost")
		}

		docx, _ := importer.WriteDOCX([]string{"Word survey", "1. Gender [single] [required]", "A. Male", "B. Female", "2. Comments [textarea]"})
		a.Upload(p+"word-import", "file", "list.docx", docx, map[string]string{"mode": "save"}).OK(t, &r)
		if r.Survey == nil || r.Survey.SurveyName != "Word survey" || r.Survey.QuestionNum != 2 {
			t.Fatalf("word %+v", r.Survey)
		}

		ref, err := os.ReadFile("/work/shared/reference/dwsurvey-v6/survey-json-text.coy7scq.json")
		if err == nil {
			a.Upload(p+"json-import", "file", "coy7scq.json", ref, map[string]string{"mode": "save"}).OK(t, &r)
			if r.Survey == nil || r.Survey.QuestionNum != 3 || r.Survey.Sid == "coy7scq" {
				t.Fatalf("json %+v", r.Survey)
			}
			_, d := loadDraft(t, a, r.Survey.ID)
			if string(d.ID) != r.Survey.ID || len(d.Questions) != 3 {
				t.Fatal("imported v6 document does not open")
			}
		}

		// broken files: line errors, nothing created
		snap = authoringSnapshot(t, e.DB)
		broken, _ := importer.WriteDOCX([]string{"Title", "A. orphan", "1. Q [multiple]"})
		resp := a.Upload(p+"word-import", "file", "bad.docx", broken, map[string]string{"mode": "save"})
		resp.Refused(t, 400, "line 2: option without a question")
		var env struct {
			Data result `json:"data"`
		}
		resp.JSON(t, &env)
		if env.Data.Ready || len(env.Data.Errors) != 2 || env.Data.Errors[1].Line != 3 {
			t.Fatalf("errors %+v", env.Data)
		}
		badX, _ := importer.WriteXLSX([][]string{{"type", "title"}, {"single", "no options"}, {"weird", "x"}})
		a.Upload(p+"excel-import", "file", "bad.xlsx", badX, map[string]string{"mode": "save"}).Refused(t, 400, "line 2: single choice question without options")
		a.Upload(p+"excel-import", "file", "bad.xlsx", []byte("garbage"), map[string]string{"mode": "save"}).Refused(t, 400, "not an Excel")
		a.Upload(p+"json-import", "file", "bad.json", []byte("{\n\"questions\": [\n}"), map[string]string{"mode": "save"}).Refused(t, 400, "line 3")
		a.Upload(p+"excel-import", "file", "list.xlsx", xlsx, map[string]string{"mode": "later"}).Refused(t, 400, "Unknown mode")
		a.Post(p+"excel-import", map[string]any{}).Refused(t, 400, "choose a file")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("broken imports created data")
		}

		// bank import
		a.Upload(p+"bank-import", "file", "bank.xlsx", xlsx, map[string]string{"mode": "save", "bankName": "Imported"}).OK(t, &r)
		if r.Bank == nil || r.Bank.QuNum != 3 || testenv.Count(t, e.DB, &models.QuBankQuestion{}, "bank_id = ?", r.Bank.ID) != 3 {
			t.Fatalf("bank import %+v", r.Bank)
		}
	})
}
