package api_test

// Shapes the reference DWSurvey v6 web client (wkeyuan/DWSurvey_Vue, master) reads and
// sends; each test names the client screen that depends on it.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/export"
)

// refToolbarTab is toolbar-qus.do's data item as the reference designer reads it.
type refToolbarTab struct {
	TabName string `json:"tabName"`
	TabQus  []struct {
		TabQuName string            `json:"tabQuName"`
		Group     string            `json:"group"`
		Questions []json.RawMessage `json:"questions"`
	} `json:"tabQus"`
}

type toolbarEntry struct {
	QuType    string `json:"quType"`
	ChildType string `json:"childType"`
	Scoring   bool   `json:"scoring"`
	NameKey   string `json:"nameKey"`
}

// toolbarItems flattens the tabs into the question templates, in order.
func toolbarItems(tabs []refToolbarTab) []toolbarEntry {
	var out []toolbarEntry
	for _, tab := range tabs {
		for _, g := range tab.TabQus {
			for _, raw := range g.Questions {
				var e toolbarEntry
				_ = json.Unmarshal(raw, &e)
				out = append(out, e)
			}
		}
	}
	return out
}

// The designer palette (DwDesignToolbar.vue): data is a list of tabs, each tabQus entry a
// named group of question templates; parseQuestion reads quName/quNote/dwsurveyfont and
// optionName/optionTitle against null, so those keys must be present.
func TestReferenceToolbarShape(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := e.Client(t, e.AdminToken(t))
		s := addSurvey(t, a, "Toolbar", "survey")
		for _, path := range []string{"app/v6/dw-design-survey/toolbar-qus.do?surveyType=survey",
			"app/v6/dw-design-survey/toolbar-qus.do", // the reference client may send no surveyType
			"app/v6/dw-design-survey/toolbar-qus.do?surveyId=" + s.ID} {
			var tabs []refToolbarTab
			a.Get(path).OK(t, &tabs)
			if len(tabs) == 0 || tabs[0].TabName == "" || len(tabs[0].TabQus) == 0 || tabs[0].TabQus[0].TabQuName == "" {
				t.Fatalf("%s: not the tab shape: %+v", path, tabs)
			}
			var radio map[string]any
			for _, g := range tabs[0].TabQus {
				for _, raw := range g.Questions {
					var q map[string]any
					if err := json.Unmarshal(raw, &q); err != nil {
						t.Fatal(err)
					}
					for _, k := range []string{"quType", "quTitle", "quName", "quNote", "hv", "cellCount", "dwsurveyfont", "checkType"} {
						if _, present := q[k]; !present {
							t.Fatalf("%s: template %v lacks %s", path, q["quType"], k)
						}
					}
					if q["quType"] == "RADIO" && radio == nil {
						radio = q
					}
					if q["quType"] == "MATRIX_RADIO" && q["dwsurveyfont"] != "icon-dwsurvey-juzhendanxuan" {
						t.Fatalf("MATRIX_RADIO template icon %v", q["dwsurveyfont"])
					}
				}
			}
			opts, _ := radio["quRadios"].([]any)
			if len(opts) < 2 {
				t.Fatalf("RADIO template without options: %v", radio)
			}
			for _, o := range opts {
				om := o.(map[string]any)
				if om["optionName"] == nil || om["optionTitle"] == nil {
					t.Fatalf("option without optionName/optionTitle: %v", om)
				}
			}
		}
	})
}

// The reference client asks for its palette with a surveyType and no surveyId; its answer page
// draws only its own question types (a YESNO it was offered could not be answered, and a
// required one refused every respondent): that call lists those types only, while our
// designer (by surveyId) gets every type.
func TestReferenceToolbarOffersOnlyTypesItCanAnswer(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := e.Client(t, e.AdminToken(t))
		s := addSurvey(t, a, "Palette", "survey")
		refTypes := map[string]bool{"RADIO": true, "CHECKBOX": true, "ORDERQU": true, "FILLBLANK": true, "MULTIFILLBLANK": true,
			"SCORE": true, "MATRIX_RADIO": true, "MATRIX_CHECKBOX": true, "MATRIX_INPUT": true, "MATRIX_SCALE": true,
			"MATRIX_SLIDER": true, "UPLOADFILE": true, "PAGETAG": true, "PARAGRAPH": true}
		for _, typ := range []string{"survey", "exam", "vote", ""} {
			var tb []refToolbarTab
			a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyType="+typ).OK(t, &tb)
			items := toolbarItems(tb)
			if len(items) == 0 {
				t.Fatalf("%q: empty palette", typ)
			}
			for _, it := range items {
				if !refTypes[it.QuType] {
					t.Fatalf("%q: the reference palette offers %s, which its answer page cannot draw", typ, it.QuType)
				}
			}
			for _, g := range tb[0].TabQus {
				if len(g.Questions) == 0 {
					t.Fatalf("%q: empty group %s", typ, g.TabQuName)
				}
			}
		}
		var tb []refToolbarTab
		a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyType=survey").OK(t, &tb)
		if n := len(toolbarItems(tb)); n != len(refTypes) {
			t.Fatalf("reference survey palette has %d types, want all %d it draws", n, len(refTypes))
		}
		a.Get("app/v6/dw-design-survey/toolbar-qus.do?surveyId="+s.ID).OK(t, &tb)
		has := map[string]bool{}
		for _, it := range toolbarItems(tb) {
			has[it.QuType] = true
		}
		if !has["YESNO"] || !has["CASCADE"] || !has["DW_COMPONENT"] {
			t.Fatalf("our designer's palette lost types: %v", has)
		}
	})
}

// The raw-data page (DwSurveyAnswerDataList.vue): GET list.do with pageNo and surveyId;
// the client reads pageNo, pageSize, totalItems and result at the top level of the body,
// and each row's esId and answerCommon (anIp, anTime, anState, sumScore, answerId).
func TestReferenceRawDataShape(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		anon := e.Client(t, "")
		for i := 0; i < 3; i++ {
			expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1")}, nil), 201)
		}
		var page struct {
			ResultCode int    `json:"resultCode"`
			PageNo     *int   `json:"pageNo"`
			PageSize   *int   `json:"pageSize"`
			TotalItems *int64 `json:"totalItems"`
			Result     []struct {
				EsID         string `json:"esId"`
				AnswerCommon *struct {
					AnswerID string `json:"answerId"`
					SurveyID string `json:"surveyId"`
					AnIP     struct {
						IP   *string `json:"ip"`
						City *string `json:"city"`
					} `json:"anIp"`
					AnTime struct {
						EndAnDate string `json:"endAnDate"`
						TotalTime *int64 `json:"totalTime"`
					} `json:"anTime"`
					AnState struct {
						AnQuNum *int `json:"anQuNum"`
					} `json:"anState"`
					SumScore *float64 `json:"sumScore"`
				} `json:"answerCommon"`
			} `json:"result"`
		}
		resp := owner.Get("app/v6/dw-answer-data-survey/list.do?surveyId=" + id + "&pageNo=1")
		resp.JSON(t, &page)
		if page.ResultCode != 200 || page.PageNo == nil || *page.PageNo != 1 || page.PageSize == nil || page.TotalItems == nil ||
			*page.TotalItems != 3 || len(page.Result) != 3 {
			t.Fatalf("not the top-level Page: %s", resp.Body)
		}
		for _, r := range page.Result {
			c := r.AnswerCommon
			if r.EsID == "" || c == nil || c.AnswerID != r.EsID || c.SurveyID != id || c.AnIP.IP == nil || *c.AnIP.IP != "127.0.0.1" ||
				c.AnIP.City == nil || len(c.AnTime.EndAnDate) != len("2006-01-02 15:04:05") || c.AnTime.TotalTime == nil ||
				c.AnState.AnQuNum == nil || *c.AnState.AnQuNum != 1 || c.SumScore == nil {
				t.Fatalf("row not in the reference shape: %s", resp.Body)
			}
		}
		// our console reads the same Page in data
		var inData struct {
			TotalItems int64 `json:"totalItems"`
		}
		resp.OK(t, &inData)
		if inData.TotalItems != 3 {
			t.Fatalf("data.totalItems = %d", inData.TotalItems)
		}
		// the answer dialog fills the survey from get-survey-answer.do's data.anQuestions
		var stored struct {
			AnQuestions []struct {
				QuDwID string `json:"quDwId"`
			} `json:"anQuestions"`
			AnswerCommon struct {
				AnswerID string `json:"answerId"`
				AnTime   struct {
					EndAnDate string `json:"endAnDate"`
				} `json:"anTime"`
			} `json:"answerCommon"`
		}
		owner.Get("none/v6/dw-answer-survey/get-survey-answer.do?answerId="+page.Result[0].AnswerCommon.AnswerID).OK(t, &stored)
		if len(stored.AnQuestions) != 1 || stored.AnQuestions[0].QuDwID != "q1" || stored.AnswerCommon.AnswerID != page.Result[0].EsID ||
			stored.AnswerCommon.AnTime.EndAnDate == "" {
			t.Fatalf("get-survey-answer.do not in the reference shape: %+v", stored)
		}
		// the client's delete button sends {id:[answerCommon.answerId], esId:[esId]} with DELETE
		first := page.Result[0].AnswerCommon.AnswerID
		owner.Do(http.MethodDelete, "app/v6/dw-answer-data-survey/delete-answer.do",
			M{"id": []string{first}, "esId": []string{page.Result[0].EsID}}).OK(t, nil)
		if n := countAnswers(t, e, id, "deleted_at IS NULL"); n != 2 {
			t.Fatalf("after the reference delete %d answers remain, want 2", n)
		}
	})
}

// The collect/statistics/data wrapper (DwSurveyDcsWrapperV6.vue) reads info.do's
// data.surveyDetail.{effective,effectiveIp,refresh,rule,ynEndNum,ynEndTime} as 0/1 (rule 1
// open); it fails on a missing surveyDetail. The answer password is never in it.
func TestReferenceSurveyInfoDetail(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{"anIpAttr": M{"enabled": true, "anNum": 1},
			"anPwdAttr": M{"enabled": true, "anPwdCode": "secret-pw"}, "anEndNumAttr": M{"enabled": true, "endNum": 50}}))
		var info struct {
			ID           string         `json:"id"`
			Sid          string         `json:"sid"`
			SurveyState  int            `json:"surveyState"`
			AnswerNum    *int           `json:"answerNum"`
			SurveyDetail map[string]any `json:"surveyDetail"`
		}
		resp := owner.Get("app/survey/info.do?id=" + id)
		resp.OK(t, &info)
		d := info.SurveyDetail
		if d == nil {
			t.Fatalf("info.do lacks surveyDetail: %s", resp.Body)
		}
		want := map[string]float64{"effective": 0, "effectiveIp": 1, "refresh": 0, "rule": 3, "ynEndNum": 1, "endNum": 50, "ynEndTime": 0}
		for k, v := range want {
			if got, isNum := d[k].(float64); !isNum || got != v {
				t.Errorf("surveyDetail.%s = %v, want %v", k, d[k], v)
			}
		}
		if info.ID != id || info.Sid == "" || info.SurveyState != 1 || info.AnswerNum == nil {
			t.Fatalf("info fields: %s", resp.Body)
		}
		if bytes.Contains(resp.Body, []byte("secret-pw")) {
			t.Fatalf("info.do shows the answer password: %s", resp.Body)
		}
	})
}

// postQuery posts with every parameter in the query string and no body, the way the
// reference client's axios `params` calls do.
func postQuery(t *testing.T, e *testenv.Env, token, path string, q url.Values) *testenv.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.Server.URL+"/api/dwsurvey/"+path+"?"+q.Encode(), nil)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return &testenv.Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
}

// The user centre's password form (DwUserPwd.vue) sends only curpwd and pwd; the delete
// button of My surveys sends DELETE {"id": [surveyId]}.
func TestReferencePasswordAndSurveyDelete(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "grace01", "grace-pass", models.PermSurveyManage)
		tok := e.Login(t, "grace01", "grace-pass")
		resp := postQuery(t, e, tok, "app/user/up-pwd.do", url.Values{"curpwd": {"grace-pass"}, "pwd": {"grace-new1"}})
		resp.OK(t, nil)
		e.Login(t, "grace01", "grace-new1")
		if lr := e.TryLogin(t, "grace01", "grace-pass"); lr.Status != "error" {
			t.Fatal("old password still works")
		}

		a := e.Client(t, e.AdminToken(t))
		s1, s2 := addSurvey(t, a, "Delete me", "survey"), addSurvey(t, a, "Me too", "survey")
		var out struct{ Deleted int }
		a.Do(http.MethodDelete, "app/survey/delete.do", M{"id": []string{s1.ID, s2.ID}}).OK(t, &out)
		if out.Deleted != 2 {
			t.Fatalf("deleted %d, want 2", out.Deleted)
		}
		var row models.Survey
		if err := e.DB.Where("id = ?", s1.ID).Take(&row).Error; err != nil || row.DeletedAt == nil {
			t.Fatalf("survey not in the recycle bin: %+v %v", row.DeletedAt, err)
		}
		// a list of something else is a clear 400 that changes nothing
		snap := authoringSnapshot(t, e.DB)
		a.Do(http.MethodDelete, "app/survey/delete.do", M{"id": []int{1, 2}}).Refused(t, 400, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("bad delete changed data")
		}
	})
}

// The link page's QR image (DwSurveyDcsWrapperV6.vue: anon/response/answerTD.do?version=v6&sid=)
// and the designer's bank panel (DwDesignQuBanks.vue: bank-qus.do with no parameters, a
// list of {tabQuName, questions}).
func TestReferenceQRAndBankPanel(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		_, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
		resp := e.Client(t, "").Get("anon/response/answerTD.do?version=v6&sid=" + sid)
		if resp.Status != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(resp.Body, []byte("\x89PNG")) {
			t.Fatalf("answerTD.do: %d %s", resp.Status, resp.Header.Get("Content-Type"))
		}
		if e.Client(t, "").Get("anon/response/answerTD.do?version=v6&sid=nosuchsid").Code(t) != 404 {
			t.Fatal("QR for an unknown survey")
		}

		type tab struct {
			TabQuName string            `json:"tabQuName"`
			Questions []json.RawMessage `json:"questions"`
		}
		var tabs []tab
		owner.Get("app/v6/dw-design-survey/bank-qus.do").OK(t, &tabs)
		if tabs == nil || len(tabs) != 0 {
			t.Fatalf("no banks: want an empty list, got %+v", tabs)
		}
		var bank struct{ ID string }
		owner.Post("app/v6/qu-bank/add.do", M{"bankName": "Demographics"}).OK(t, &bank)
		owner.Post("app/v6/qu-bank/save-question.do", M{"bankId": bank.ID,
			"question": M{"dwId": "b1", "quType": "RADIO", "quTitle": "Age", "quRadios": []M{opt("b1a"), opt("b1b")}}}).OK(t, nil)
		owner.Get("app/v6/dw-design-survey/bank-qus.do").OK(t, &tabs)
		if len(tabs) != 1 || tabs[0].TabQuName != "Demographics" || len(tabs[0].Questions) != 1 {
			t.Fatalf("bank panel %+v", tabs)
		}
		// another user sees neither the bank nor its questions
		e.CreateUser(t, "hank01", "hank-pass", models.PermSurveyManage)
		other := e.Client(t, e.Login(t, "hank01", "hank-pass"))
		other.Get("app/v6/dw-design-survey/bank-qus.do").OK(t, &tabs)
		if len(tabs) != 0 {
			t.Fatalf("another user's bank panel %+v", tabs)
		}
		other.Get("app/v6/dw-design-survey/bank-qus.do?bankId="+bank.ID).Refused(t, 404, "")
	})
}

// User admin (AdminUserList.vue): add {loginName, pwd, status}, edit with PUT {id,
// loginName, pwd, status} (fields it does not send keep their values), delete {id: [...]};
// My surveys' copy posts fromSurveyId, surveyName as query parameters.
func TestReferenceUserAdminAndCopy(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := e.Client(t, e.AdminToken(t))
		var u struct {
			ID     string `json:"id"`
			Status int    `json:"status"`
		}
		a.Post("admin/user/add.do", M{"loginName": "ivan01", "pwd": "ivan-pass", "status": 2}).OK(t, &u)
		e.Login(t, "ivan01", "ivan-pass")
		if err := e.DB.Model(&models.User{}).Where("id = ?", u.ID).Updates(map[string]any{"name": "Ivan", "email": "ivan@example.com"}).Error; err != nil {
			t.Fatal(err)
		}
		a.Do(http.MethodPut, "admin/user/edit.do", M{"id": u.ID, "loginName": "ivan02", "pwd": "ivan-new1", "status": 2}).OK(t, nil)
		var got models.User
		e.DB.Where("id = ?", u.ID).Take(&got)
		if got.LoginName != "ivan02" || got.Name != "Ivan" || got.Email != "ivan@example.com" {
			t.Fatalf("reference edit lost fields: %+v", got)
		}
		e.Login(t, "ivan02", "ivan-new1")
		a.Do(http.MethodDelete, "admin/user/delete.do", M{"id": []string{u.ID}}).OK(t, nil)
		if n := testenv.Count(t, e.DB, &models.User{}, "id = ?", u.ID); n != 0 {
			t.Fatalf("user not deleted (%d rows)", n)
		}

		s := addSurvey(t, a, "Original", "survey")
		var cp struct {
			ID         string `json:"id"`
			SurveyName string `json:"surveyName"`
		}
		postQuery(t, e, e.AdminToken(t), "app/survey/copy.do", url.Values{"fromSurveyId": {s.ID}, "surveyName": {"Copied"}, "tag": {"2"}}).OK(t, &cp)
		if cp.ID == "" || cp.ID == s.ID || cp.SurveyName != "Copied" {
			t.Fatalf("copy %+v", cp)
		}
	})
}

// The reference answer page shows a note unless quNoteObj.dwHtml is null or "" and writes
// surveyNodeObj.dwHtml into the page as is: a served document must keep both keys of every
// rich-text block (empty, never left out, which that client renders as "undefined").
func TestReferenceServedTextsKeepEmptyKeys(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		doc := simpleDoc(M{})
		doc["surveyDetail"] = M{"surveyNodeObj": M{"dwPlaceholder": "请输入问卷介绍"}}
		q := doc["questions"].([]M)[0]
		q["quNoteObj"] = M{"dwHtml": nil, "dwText": nil, "dwPlaceholder": "请输入题目备注"}
		_, sid := publishDoc(t, owner, "survey", doc)
		served := load(t, e.Client(t, ""), "sid="+sid)
		var sj struct {
			SurveyDetail struct {
				SurveyNodeObj map[string]any `json:"surveyNodeObj"`
			} `json:"surveyDetail"`
			Questions []struct {
				QuNoteObj map[string]any `json:"quNoteObj"`
			} `json:"questions"`
		}
		if err := json.Unmarshal([]byte(served.SurveyJSON.SurveyJSONText), &sj); err != nil {
			t.Fatal(err)
		}
		for name, obj := range map[string]map[string]any{"surveyNodeObj": sj.SurveyDetail.SurveyNodeObj, "quNoteObj": sj.Questions[0].QuNoteObj} {
			for _, k := range []string{"dwHtml", "dwText"} {
				if v, present := obj[k]; !present || v != "" {
					t.Errorf("served %s.%s = %v (present %v), want \"\"", name, k, v, present)
				}
			}
		}
	})
}

// The raw-data page's export dialog: GET export-by-sync.do starts (data.id), polling
// app/v6/answer/export-log/export-log-info.do?id= reads data.progress (0..1), and
// download-answer-xls.do?surveyId&exportLogId gives the file.
func TestReferenceExportDialog(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		id, _ := publishDoc(t, owner, "survey", simpleDoc(M{}))
		expectSaveCode(t, e.Client(t, ""), answerBody(id, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		var started struct {
			ID string `json:"id"`
		}
		owner.Get("app/v6/dw-answer-data-survey/export-by-sync.do?surveyId="+id+"&expUpQu=0&handleState=100&threadMax=2000&expDataContent=1").OK(t, &started)
		if started.ID == "" {
			t.Fatal("no export id")
		}
		var info struct {
			Progress *float64 `json:"progress"`
		}
		owner.Get("app/v6/answer/export-log/export-log-info.do?id="+started.ID).OK(t, &info)
		if info.Progress == nil || *info.Progress != 0 {
			t.Fatalf("queued export progress %v", info.Progress)
		}
		if err := e.Deps.Export.Run(context.Background(), started.ID, export.Progress{}, nil); err != nil {
			t.Fatal(err)
		}
		owner.Get("app/v6/answer/export-log/export-log-info.do?id="+started.ID).OK(t, &info)
		if *info.Progress != 1 {
			t.Fatalf("finished export progress %v", *info.Progress)
		}
		r := owner.Get("app/v6/answer/export-log/download-answer-xls.do?surveyId=" + id + "&exportLogId=" + started.ID)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment") || !bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatalf("download: %d %q", r.Status, r.Header.Get("Content-Disposition"))
		}
		// without the token (a plain navigation) the file is refused
		dl := "app/v6/answer/export-log/download-answer-xls.do?surveyId=" + id + "&exportLogId=" + started.ID
		if r := e.Client(t, "").Get(dl); r.Status == 200 && bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatal("export downloaded without login")
		}

		// the reference client opens the download by plain navigation (window.location, no
		// Authorization header): its login leaves an HttpOnly, SameSite=Strict cookie scoped to
		// that one address, which no other route accepts and logout clears
		lr := postQuery(t, e, "", "anon/security-token/login.do", url.Values{"type": {"account"}, "userName": {"admin"}, "password": {testenv.AdminPassword}})
		var cookie *http.Cookie
		for _, ck := range (&http.Response{Header: lr.Header}).Cookies() {
			if ck.Name == "dws_download" {
				cookie = ck
			}
		}
		if cookie == nil || cookie.Value == "" || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode ||
			cookie.Path != "/api/dwsurvey/app/v6/answer/export-log/download-answer-xls.do" {
			t.Fatalf("download cookie %+v", cookie)
		}
		navigate := func(path string, ck *http.Cookie) *testenv.Response {
			t.Helper()
			req, _ := http.NewRequest(http.MethodGet, e.Server.URL+"/api/dwsurvey/"+path, nil)
			req.AddCookie(ck)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			return &testenv.Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
		}
		if r := navigate(dl, cookie); r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatalf("download by navigation with the login cookie: %d %.120s", r.Status, r.Body)
		}
		if r := navigate("app/survey/list.do?current=1&pageSize=5", cookie); bytes.Contains(r.Body, []byte(`"resultCode":200`)) || r.Status == 200 && bytes.Contains(r.Body, []byte(`"data":[`)) {
			t.Fatalf("another route accepted the download cookie: %d %.120s", r.Status, r.Body)
		}
		if r := navigate(dl, &http.Cookie{Name: "dws_download", Value: "forged"}); r.Status == 200 && bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatal("a forged cookie downloaded the export")
		}
		var token string
		_ = json.Unmarshal(lr.Body, &struct {
			Token *string `json:"token"`
		}{&token})
		out := postQuery(t, e, token, "anon/security-token/logout.do", nil)
		cleared := false
		for _, ck := range (&http.Response{Header: out.Header}).Cookies() {
			cleared = cleared || ck.Name == "dws_download" && ck.MaxAge < 0
		}
		if !cleared {
			t.Fatalf("logout did not clear the download cookie: %v", out.Header["Set-Cookie"])
		}
		if r := navigate(dl, cookie); r.Status == 200 && bytes.HasPrefix(r.Body, []byte("PK")) {
			t.Fatal("the download cookie outlived the logout")
		}
	})
}
