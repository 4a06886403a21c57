package api_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

type adminSurveyRow struct {
	ID          string `json:"id"`
	Sid         string `json:"sid"`
	SurveyName  string `json:"surveyName"`
	SurveyType  string `json:"surveyType"`
	SurveyState int    `json:"surveyState"`
	GroupID     string `json:"groupId"`
	GroupName   string `json:"groupName"`
	UserID      string `json:"userId"`
	UserName    string `json:"userName"`
	DeleteDate  string `json:"deleteDate"`
}

func surveyNames[T any](rows []T, name func(T) string) string {
	var out []string
	for _, r := range rows {
		out = append(out, name(r))
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

func adminSnapshot(t *testing.T, e *testenv.Env) string {
	return testenv.Snapshot(t, e.DB) + testenv.TableSnapshot(t, e.DB, "surveys", "id") + testenv.TableSnapshot(t, e.DB, "survey_groups", "id") +
		testenv.TableSnapshot(t, e.DB, "survey_collaborators", "id") + testenv.TableSnapshot(t, e.DB, "cascade_sources", "id")
}

func TestAdminSurveysAndGroups(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		u1 := e.CreateUser(t, "owner001", "owner-pw", models.PermSurveyManage)
		u2 := e.CreateUser(t, "owner002", "owner-pw", models.PermSurveyManage)
		o1 := e.Client(t, e.Login(t, "owner001", "owner-pw"))
		o2 := e.Client(t, e.Login(t, "owner002", "owner-pw"))
		var grp struct{ ID string }
		o1.Post("app/survey/survey-group-add.do", map[string]any{"groupName": "Team A"}).OK(t, &grp)
		add := func(c *testenv.Client, name, typ, group string) string {
			var r struct{ ID string }
			c.Post("app/survey/add.do", map[string]any{"surveyName": name, "surveyType": typ, "groupId": group}).OK(t, &r)
			return r.ID
		}
		s1 := add(o1, "Staff survey", "survey", grp.ID)
		s2 := add(o1, "Final exam", "exam", "")
		s3 := add(o2, "Lunch vote", "vote", "")
		o1.Post("app/survey/collaborator/add.do", map[string]any{"surveyId": s1, "loginName": "owner002", "rights": "data"}).OK(t, nil)
		var priv struct{ ID string }
		o1.Post("app/v6/dw-cascade-json/save", map[string]any{"cascadeName": "P", "scope": "private", "surveyId": s1,
			"jsonData": []map[string]any{{"label": "a"}}}).OK(t, &priv)

		list := func(q string) []adminSurveyRow {
			var rows []adminSurveyRow
			admin.Get("admin/survey/list.do?pageSize=50&"+q).Page(t, &rows)
			return rows
		}
		name := func(r adminSurveyRow) string { return r.SurveyName }
		for q, want := range map[string]string{
			"":                  "Final exam,Lunch vote,Staff survey",
			"owner=owner002":    "Lunch vote",
			"userId=" + u1:      "Final exam,Staff survey",
			"surveyType=exam":   "Final exam",
			"groupId=" + grp.ID: "Staff survey",
			"surveyName=vote":   "Lunch vote",
			"surveyState=1":     "",
		} {
			if got := surveyNames(list(q), name); got != want {
				t.Errorf("list %q = %q, want %q", q, got, want)
			}
		}
		if r := list("groupId=" + grp.ID)[0]; r.GroupName != "Team A" || r.UserName != "owner001" || r.Sid == "" {
			t.Fatalf("row %+v", r)
		}
		admin.Get("admin/survey/list.do?surveyState=x").Refused(t, 400, "surveyState must be a whole number")

		// Delete to the recycle bin: the owner sees it there and can restore it.
		admin.Post("admin/survey/delete.do", map[string]any{"ids": []string{s2}}).OK(t, nil)
		if got := surveyNames(list("deleted=1"), name); got != "Final exam" {
			t.Fatalf("recycle bin %q", got)
		}
		var bin []adminSurveyRow
		o1.Get("app/survey/recycle-list.do").Page(t, &bin)
		if len(bin) != 1 || bin[0].ID != s2 {
			t.Fatalf("owner's recycle bin %+v", bin)
		}
		admin.Post("admin/survey/restore.do", map[string]any{"ids": []string{s2}}).OK(t, nil)

		// Refusals change nothing.
		snap := adminSnapshot(t, e)
		admin.Post("admin/survey/delete.do", map[string]any{"ids": []string{s1, "no-such-survey"}}).Refused(t, 404, "")
		admin.Post("admin/survey/restore.do", map[string]any{"ids": []string{s1}}).Refused(t, 404, "")
		admin.Post("admin/survey/transfer.do", map[string]any{"ids": []string{s1}, "userId": "nobody"}).Refused(t, 400, "The new owner does not exist")
		admin.Post("admin/survey/transfer.do", map[string]any{"ids": []string{s1}}).Refused(t, 400, "Please choose the new owner")
		admin.Post("admin/survey/transfer.do", map[string]any{"ids": []string{s3, s1}, "userId": u2}).Refused(t, 400, "already belongs to owner002")
		off := e.CreateUser(t, "disabled01", "owner-pw")
		e.DB.Model(&models.User{}).Where("id = ?", off).Update("status", 0)
		snap = adminSnapshot(t, e)
		admin.Post("admin/survey/transfer.do", map[string]any{"ids": []string{s1}, "userId": off}).Refused(t, 400, "unavailable")
		admin.Post("admin/survey/delete.do", map[string]any{"ids": []string{}}).Refused(t, 400, "Please choose")
		if adminSnapshot(t, e) != snap {
			t.Fatal("a refused call changed data")
		}

		// Transfer: owner002 owns it, the group and its collaborator entry are gone, the private
		// cascade source follows, owner001 no longer sees it.
		admin.Post("admin/survey/transfer.do", map[string]any{"ids": []string{s1}, "userId": u2}).OK(t, nil)
		r := list("surveyName=Staff")[0]
		if r.UserID != u2 || r.GroupID != "" {
			t.Fatalf("after transfer %+v", r)
		}
		if n := testenv.Count(t, e.DB, &models.SurveyCollaborator{}, "survey_id = ?", s1); n != 0 {
			t.Fatalf("%d collaborator rows left", n)
		}
		if n := testenv.Count(t, e.DB, &models.CascadeSource{}, "id = ? AND owner_id = ?", priv.ID, u2); n != 1 {
			t.Fatal("the private cascade source did not follow the survey")
		}
		o1.Get("app/survey/info.do?id="+s1).Refused(t, 404, "")
		o2.Get("app/survey/info.do?id="+s1).OK(t, nil)
		var picked []struct{ ID, LoginName string }
		admin.Get("admin/survey/users.do?keyword=owner").OK(t, &picked)
		if len(picked) != 2 {
			t.Fatalf("picked %+v (the disabled user must not be offered)", picked)
		}
		if n := len(logRows(t, e, "name = ?", "Transfer survey")); n != 1 {
			t.Fatalf("%d audit rows for the transfer", n)
		}

		// Groups of every author.
		type groupRow struct {
			ID          string `json:"id"`
			GroupName   string `json:"groupName"`
			Status      int    `json:"status"`
			SurveyCount int64  `json:"surveyCount"`
			UserName    string `json:"userName"`
		}
		var g2 groupRow
		admin.Post("admin/survey-group/add.do", map[string]any{"groupName": "Marketing", "userId": u2}).OK(t, &g2)
		if g2.UserName != "owner002" || g2.Status != 1 {
			t.Fatalf("added group %+v", g2)
		}
		o2.Post("app/survey/up-survey-group.do", map[string]any{"surveyId": s3, "groupId": g2.ID}).OK(t, nil)
		var groups []groupRow
		admin.Get("admin/survey-group/list.do").Page(t, &groups)
		if got := surveyNames(groups, func(g groupRow) string { return fmt.Sprintf("%s/%s/%d", g.GroupName, g.UserName, g.SurveyCount) }); got != "Marketing/owner002/1,Team A/owner001/0" {
			t.Fatalf("groups %s", got)
		}
		snap = adminSnapshot(t, e)
		admin.Post("admin/survey-group/add.do", map[string]any{"groupName": strings.Repeat("组", 19)}).Refused(t, 400, "at most 18 characters")
		admin.Post("admin/survey-group/add.do", map[string]any{"groupName": "X", "userId": "nobody"}).Refused(t, 400, "owner does not exist")
		admin.Post("admin/survey-group/edit.do", map[string]any{"id": g2.ID, "groupName": ""}).Refused(t, 400, "Please enter the group name")
		admin.Post("admin/survey-group/edit.do", map[string]any{"id": "nope", "groupName": "Y"}).Refused(t, 404, "")
		admin.Post("admin/survey-group/delete.do", map[string]any{"ids": []string{grp.ID, g2.ID}}).Refused(t, 400, "Delete failed, associated data exists")
		if adminSnapshot(t, e) != snap {
			t.Fatal("a refused group call changed data")
		}
		admin.Post("admin/survey-group/edit.do", map[string]any{"id": g2.ID, "groupName": "Marketing", "status": 0}).OK(t, nil)
		admin.Get("admin/survey-group/list.do?status=0").Page(t, &groups)
		if len(groups) != 1 || groups[0].ID != g2.ID {
			t.Fatalf("disabled groups %+v", groups)
		}
		admin.Post("admin/survey-group/delete.do", map[string]any{"ids": []string{grp.ID}}).OK(t, nil)
	})
}

func TestAdminAnswerLog(t *testing.T) {
	both(t, testenv.Options{Regions: true}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var a, b struct{ ID, Sid string }
		admin.Post("app/survey/add.do", map[string]any{"surveyName": "Alpha poll", "surveyType": "vote"}).OK(t, &a)
		admin.Post("app/survey/add.do", map[string]any{"surveyName": "Beta poll", "surveyType": "vote"}).OK(t, &b)
		now := time.Now().UTC()
		row := func(id, survey, event, ip string, ago time.Duration) models.AnswerLog {
			return models.AnswerLog{ID: id, SurveyID: survey, Event: event, IP: ip, CreatedAt: now.Add(-ago), UpdatedAt: now.Add(-ago)}
		}
		logs := []models.AnswerLog{
			row("l1", a.ID, "visit", "114.114.114.114", 200*24*time.Hour),
			row("l2", a.ID, "submit", "114.114.114.114", 2*time.Hour),
			row("l3", a.ID, "visit", "10.1.2.3", time.Hour),
			row("l4", b.ID, "visit", "114.114.114.114", time.Minute),
		}
		if err := e.DB.Create(&logs).Error; err != nil {
			t.Fatal(err)
		}
		type logRow struct {
			ID, SurveyName, Sid, Event, IP, Province, CreateTime string
			Count                                                int64
		}
		list := func(q string) []logRow {
			var rows []logRow
			admin.Get("admin/answer-log/list.do?"+q).Page(t, &rows)
			return rows
		}
		ids := func(rows []logRow) string {
			var out []string
			for _, r := range rows {
				out = append(out, r.ID)
			}
			return strings.Join(out, ",")
		}
		all := list("")
		if ids(all) != "l4,l3,l2,l1" {
			t.Fatalf("newest first: %s", ids(all))
		}
		if r := all[2]; r.SurveyName != "Alpha poll" || r.Sid != a.Sid || r.Count != 2 || r.Event != "submit" || r.CreateTime == "" {
			t.Fatalf("row l2 %+v", r)
		}
		if all[0].Count != 1 {
			t.Fatalf("the count is per survey and address: %+v", all[0])
		}
		if all[0].Province == "" {
			t.Logf("no region for 114.114.114.114 (ip2region file missing?)")
		}
		from := models.FormatTime(now.Add(-3 * time.Hour))
		for q, want := range map[string]string{
			"survey=Alpha":                     "l3,l2,l1",
			"survey=" + b.Sid:                  "l4",
			"event=visit":                      "l4,l3,l1",
			"ip=10.1.":                         "l3",
			"ip=10.1.%25":                      "",
			"startTime=" + urlq(from):          "l4,l3,l2",
			"endTime=" + urlq(from) + "&ip=11": "l1",
		} {
			if got := ids(list(q)); got != want {
				t.Errorf("list %q = %q, want %q", q, got, want)
			}
		}
		admin.Get("admin/answer-log/list.do?startTime=yesterday").Refused(t, 400, "startTime must be a date and time")

		// The daily archive moves old rows; archived=1 lists them.
		moved, err := e.Deps.Admin.ArchiveAnswerLogBatch(context.Background(), now.Add(-180*24*time.Hour), 10)
		if err != nil || moved != 1 {
			t.Fatalf("archive batch: %d, %v", moved, err)
		}
		if got := ids(list("")); got != "l4,l3,l2" {
			t.Fatalf("live log after archiving %s", got)
		}
		arch := list("archived=1")
		if ids(arch) != "l1" || arch[0].SurveyName != "Alpha poll" || arch[0].Count != 1 {
			t.Fatalf("archive %+v", arch)
		}
		// repeated: nothing left, nothing copied twice
		if moved, _ := e.Deps.Admin.ArchiveAnswerLogBatch(context.Background(), now.Add(-180*24*time.Hour), 10); moved != 0 {
			t.Fatalf("second batch moved %d", moved)
		}
	})
}

func urlq(s string) string { return strings.ReplaceAll(s, " ", "%20") }
