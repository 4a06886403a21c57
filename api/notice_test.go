package api_test

import (
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

type noticeRow struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Content     string `json:"content"`
	Audience    string `json:"audience"`
	DeptName    string `json:"deptName"`
	State       int    `json:"state"`
	PublishTime string `json:"publishTime"`
	Read        bool   `json:"read"`
	ReadCount   int64  `json:"readCount"`
}

func noticeSnapshot(t *testing.T, e *testenv.Env) string {
	return testenv.Snapshot(t, e.DB) + testenv.TableSnapshot(t, e.DB, "notices", "id") + testenv.TableSnapshot(t, e.DB, "notice_reads", "notice_id, user_id")
}

func TestNotices(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		var sales, east, mkt struct{ ID string }
		admin.Post("admin/dept/add.do", map[string]string{"name": "Sales", "code": "sales"}).OK(t, &sales)
		admin.Post("admin/dept/add.do", map[string]string{"name": "Sales East", "code": "sales-east", "parentId": sales.ID}).OK(t, &east)
		admin.Post("admin/dept/add.do", map[string]string{"name": "Marketing", "code": "mkt"}).OK(t, &mkt)
		users := map[string]*testenv.Client{}
		for login, dept := range map[string]string{"seller01": east.ID, "market01": mkt.ID, "nodept01": ""} {
			id := e.CreateUser(t, login, "notice-pw")
			if dept != "" {
				admin.Post("admin/dept-user/add-user.do", map[string]any{"deptId": dept, "userIds": []string{id}}).OK(t, nil)
			}
			users[login] = e.Client(t, e.Login(t, login, "notice-pw"))
		}
		save := func(body map[string]any) noticeRow {
			var r noticeRow
			admin.Post("admin/notice/save.do", body).OK(t, &r)
			return r
		}
		all := save(map[string]any{"title": "Maintenance tonight", "content": `<p>Down <b>22:00</b><img src=x onerror="alert(1)"><a href="javascript:alert(2)">x</a><script>alert(3)</script></p>`, "state": 1})
		if bad := testenv.UnsafeMarkup(all.Content); bad != "" || !strings.Contains(all.Content, "<b>22:00</b>") || all.PublishTime == "" {
			t.Fatalf("saved content %q (unsafe: %s)", all.Content, bad)
		}
		toSales := save(map[string]any{"title": "Sales kick-off", "content": "<p>Monday</p>", "audience": "dept", "deptId": sales.ID, "state": 1})
		draft := save(map[string]any{"title": "Marketing plan", "content": "<p>Soon</p>", "audience": "dept", "deptId": mkt.ID})
		if draft.State != 0 || draft.PublishTime != "" {
			t.Fatalf("draft %+v", draft)
		}

		mine := func(login, q string) string {
			var rows []noticeRow
			users[login].Get("app/notice/list.do?"+q).Page(t, &rows)
			var out []string
			for _, r := range rows {
				s := r.Title
				if r.Read {
					s += "(read)"
				}
				out = append(out, s)
			}
			return strings.Join(out, ",")
		}
		for login, want := range map[string]string{
			"seller01": "Sales kick-off,Maintenance tonight", // a sub-department member gets its parent's notice
			"market01": "Maintenance tonight",
			"nodept01": "Maintenance tonight",
		} {
			if got := mine(login, ""); got != want {
				t.Errorf("%s sees %q, want %q", login, got, want)
			}
		}
		// Another department's notice and a draft are "not found"; marking them read does nothing.
		users["market01"].Get("app/notice/info.do?id="+toSales.ID).Refused(t, 404, "")
		users["market01"].Get("app/notice/info.do?id="+draft.ID).Refused(t, 404, "")
		var marked struct{ Read int }
		users["market01"].Post("app/notice/read.do", map[string]any{"ids": []string{toSales.ID, draft.ID}}).OK(t, &marked)
		if marked.Read != 0 || testenv.Count(t, e.DB, &models.NoticeRead{}) != 0 {
			t.Fatalf("marked %d invisible notices", marked.Read)
		}

		// Unread in the header; reading one marks it.
		var unread struct {
			Count  int64
			Latest []noticeRow
		}
		users["seller01"].Get("app/notice/unread.do").OK(t, &unread)
		if unread.Count != 2 || len(unread.Latest) != 2 || unread.Latest[0].Title != "Sales kick-off" {
			t.Fatalf("unread %+v", unread)
		}
		var got noticeRow
		users["seller01"].Get("app/notice/info.do?id="+toSales.ID).OK(t, &got)
		if got.Content != "<p>Monday</p>" || !got.Read {
			t.Fatalf("read notice %+v", got)
		}
		users["seller01"].Get("app/notice/info.do?id="+toSales.ID).OK(t, nil) // twice: still one read mark
		users["seller01"].Get("app/notice/unread.do").OK(t, &unread)
		if unread.Count != 1 || mine("seller01", "unread=1") != "Maintenance tonight" || mine("seller01", "") != "Sales kick-off(read),Maintenance tonight" {
			t.Fatalf("after reading: %d unread, list %q", unread.Count, mine("seller01", ""))
		}
		users["seller01"].Post("app/notice/read.do", map[string]any{"all": true}).OK(t, nil)
		users["seller01"].Get("app/notice/unread.do").OK(t, &unread)
		if unread.Count != 0 {
			t.Fatalf("after mark all: %d unread", unread.Count)
		}

		// Publishing the draft reaches Marketing only.
		save(map[string]any{"id": draft.ID, "title": "Marketing plan", "content": "<p>Now</p>", "audience": "dept", "deptId": mkt.ID, "state": 1})
		if got := mine("market01", "unread=1"); got != "Marketing plan,Maintenance tonight" {
			t.Fatalf("market01 unread %q", got)
		}
		if got := mine("seller01", "unread=1"); got != "" {
			t.Fatalf("seller01 unread %q", got)
		}
		var list []noticeRow
		admin.Get("admin/notice/list.do").Page(t, &list)
		if len(list) != 3 || list[1].Title != "Sales kick-off" || list[1].ReadCount != 1 || list[1].DeptName != "Sales" || list[1].Content != "" {
			t.Fatalf("admin list %+v", list)
		}

		// Bad input stores nothing.
		snap := noticeSnapshot(t, e)
		for _, c := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"title": " ", "content": "x"}, "Please enter the notice title"},
			{map[string]any{"title": strings.Repeat("t", 101), "content": "x"}, "at most 100 characters"},
			{map[string]any{"title": "T", "content": "<script>alert(1)</script>"}, "Please enter the notice content"},
			{map[string]any{"title": "T", "content": "x", "audience": "dept"}, "Department is required"},
			{map[string]any{"title": "T", "content": "x", "audience": "dept", "deptId": "nope"}, "Department is required"},
			{map[string]any{"title": "T", "content": "x", "audience": "everyone"}, "audience must be all or dept"},
			{map[string]any{"title": "T", "content": "x", "state": 5}, "state must be 1"},
			{map[string]any{"title": "T", "content": strings.Repeat("x", 201<<10)}, "larger than 200 KB"},
			{map[string]any{"id": "nope", "title": "T", "content": "x"}, ""},
		} {
			want := 400
			if c.want == "" {
				want = 404
			}
			admin.Post("admin/notice/save.do", c.body).Refused(t, want, c.want)
		}
		admin.Post("admin/notice/delete.do", map[string]any{"ids": []string{all.ID, "nope"}}).Refused(t, 404, "")
		if noticeSnapshot(t, e) != snap {
			t.Fatal("a refused call changed data")
		}
		admin.Post("admin/notice/delete.do", map[string]any{"ids": []string{toSales.ID}}).OK(t, nil)
		if n := testenv.Count(t, e.DB, &models.NoticeRead{}, "notice_id = ?", toSales.ID); n != 0 {
			t.Fatalf("%d read marks left", n)
		}
		users["seller01"].Get("app/notice/info.do?id="+toSales.ID).Refused(t, 404, "")
	})
}
