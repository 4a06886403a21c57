package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/importer"
)

type cascadeNode struct {
	Label              string         `json:"label"`
	Value              string         `json:"value"`
	ItemID             string         `json:"itemId"`
	OriginalLabel      string         `json:"originalLabel"`
	Children           []*cascadeNode `json:"children"`
	ChildCascadeJSONID string         `json:"childCascadeJsonId"`
	Leaf               bool           `json:"leaf"`
}

type cascadeRow struct {
	ID            string       `json:"id"`
	CascadeName   string       `json:"cascadeName"`
	Scope         string       `json:"scope"`
	CountLevel    int          `json:"countLevel"`
	NodeCount     int          `json:"nodeCount"`
	DataState     int          `json:"dataState"`
	UserID        string       `json:"userId"`
	CopyCascadeID string       `json:"copyCascadeId"`
	LanguageCode  string       `json:"languageCode"`
	Builtin       string       `json:"builtin"`
	Editable      bool         `json:"editable"`
	Languages     []cascadeRow `json:"languages"`
}

type cascadeImport struct {
	Items []struct {
		Source      string         `json:"source"`
		Kind        string         `json:"kind"`
		OK          bool           `json:"ok"`
		Errors      []string       `json:"errors"`
		CascadeName string         `json:"cascadeName"`
		CountLevel  int            `json:"countLevel"`
		NodeCount   int            `json:"nodeCount"`
		Sample      []*cascadeNode `json:"sample"`
		ID          string         `json:"id"`
	} `json:"items"`
	Saved bool `json:"saved"`
}

type cascadePublished struct {
	ID         string         `json:"id"`
	CountLevel int            `json:"countLevel"`
	JSONData   []*cascadeNode `json:"jsonData"`
}

// multipartFiles posts files (name -> content, in order) and form values.
func multipartFiles(c *testenv.Client, path string, files [][2]string, values map[string][]string) *testenv.Response {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, vs := range values {
		for _, v := range vs {
			_ = mw.WriteField(k, v)
		}
	}
	for _, f := range files {
		fw, _ := mw.CreateFormFile("file", f[0])
		_, _ = fw.Write([]byte(f[1]))
	}
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.BaseURL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", c.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	return &testenv.Response{Status: resp.StatusCode, Header: resp.Header, Body: b.Bytes()}
}

// serveOn serves body at /<name> on a loopback address of its own (127.0.0.2, which the test
// configuration lets through the outbound guard; 127.0.0.1 stays refused).
func serveOn(t *testing.T, host string, routes map[string]string) string {
	ln, err := net.Listen("tcp", host+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", host, err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := routes[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

func cascadeSnapshot(t *testing.T, e *testenv.Env) string {
	return testenv.Snapshot(t, e.DB) + testenv.TableSnapshot(t, e.DB, "cascade_sources", "id") +
		testenv.TableSnapshot(t, e.DB, "cascade_labels", "source_id, item_id") +
		fmt.Sprint(testenv.Count(t, e.DB, &models.CascadeNode{}))
}

func xlsxText(t *testing.T, rows [][]string) string {
	b, err := importer.WriteXLSX(rows)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCascadeImportAndServe(t *testing.T) {
	allowLocal := testenv.Options{Config: func(c *config.Config) { c.Outbound.AllowCIDRs = []string{"127.0.0.2/32"} }}
	both(t, allowLocal, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		urlBase := serveOn(t, "127.0.0.2", map[string]string{
			"/colours.json": `{"jsonData":[{"label":"Warm","children":[{"label":"Red","value":"r"},{"label":"Orange","value":"o"}]},{"label":"Cold","children":[{"label":"Blue","value":"b"}]}]}`,
		})
		xlsx := xlsxText(t, [][]string{{"Level 1", "Level 2"}, {"Fruit", "Apple"}, {"Fruit", "Pear"}, {"Vegetable", "Leek"}})
		jsonFile := `[{"id":"1","pid":"0","label":"North"},{"id":"2","pid":"1","label":"Oslo"},{"id":"3","pid":"0","label":"South"}]`

		// Preview: parsed, nothing stored.
		snap := cascadeSnapshot(t, e)
		var pre cascadeImport
		multipartFiles(admin, "admin/cascade/import.do", [][2]string{{"food.xlsx", xlsx}, {"regions.json", jsonFile}},
			map[string][]string{"jsonUrl": {urlBase + "/colours.json"}, "preview": {"1"}}).OK(t, &pre)
		if len(pre.Items) != 3 || pre.Saved {
			t.Fatalf("preview = %+v", pre)
		}
		for i, want := range []struct {
			kind, name      string
			levels, nodes   int
			firstSampleKids int
		}{{"xlsx", "food", 2, 5, 2}, {"json", "regions", 2, 3, 1}, {"url", "colours", 2, 5, 2}} {
			it := pre.Items[i]
			if !it.OK || it.Kind != want.kind || it.CascadeName != want.name || it.CountLevel != want.levels || it.NodeCount != want.nodes ||
				len(it.Sample) == 0 || len(it.Sample[0].Children) != want.firstSampleKids {
				t.Fatalf("preview item %d = %+v", i, it)
			}
		}
		if cascadeSnapshot(t, e) != snap {
			t.Fatal("a preview stored something")
		}

		// Save: three system sources.
		var saved cascadeImport
		multipartFiles(admin, "admin/cascade/import.do", [][2]string{{"food.xlsx", xlsx}, {"regions.json", jsonFile}},
			map[string][]string{"jsonUrl": {urlBase + "/colours.json"}, "name": {"Food", "", "Colours"}}).OK(t, &saved)
		if !saved.Saved || saved.Items[0].CascadeName != "Food" || saved.Items[1].CascadeName != "regions" || saved.Items[2].ID == "" {
			t.Fatalf("saved = %+v", saved)
		}
		var rows []cascadeRow
		admin.Get("admin/cascade/list.do?scope=system&pageSize=20").Page(t, &rows)
		if len(rows) != 4 { // the three and the built-in China source
			t.Fatalf("system sources: %+v", rows)
		}

		// Answer side: a small tree comes whole.
		anon := e.Client(t, "")
		var pub cascadePublished
		get := func(q string) *testenv.Response {
			pub = cascadePublished{}
			return anon.Get("none/v6/dw-answer-survey/cascade-json-info.do?" + q)
		}
		get("id="+saved.Items[2].ID).OK(t, &pub)
		if len(pub.JSONData) != 2 || pub.JSONData[0].Label != "Warm" || len(pub.JSONData[0].Children) != 2 ||
			pub.JSONData[0].Children[1].Value != "o" || !pub.JSONData[0].Children[1].Leaf || pub.CountLevel != 2 {
			t.Fatalf("served colours: %s", must(json.Marshal(pub)))
		}

		// The built-in China source: level by level.
		get("id="+models.BuiltinChinaID).OK(t, &pub)
		if len(pub.JSONData) != 34 || pub.CountLevel != 3 || pub.JSONData[0].Label != "北京市" || pub.JSONData[0].Children != nil ||
			pub.JSONData[0].ChildCascadeJSONID == "" || pub.JSONData[0].Leaf {
			t.Fatalf("china level 1: %d nodes, first %+v", len(pub.JSONData), pub.JSONData[0])
		}
		var zj *cascadeNode
		for _, n := range pub.JSONData {
			if n.Label == "浙江省" {
				zj = n
			}
		}
		get("id="+zj.ChildCascadeJSONID).OK(t, &pub)
		if len(pub.JSONData) != 11 || pub.JSONData[0].Label != "杭州市" {
			t.Fatalf("zhejiang cities: %d, first %+v", len(pub.JSONData), pub.JSONData[0])
		}
		get("id="+pub.JSONData[0].ChildCascadeJSONID).OK(t, &pub)
		if len(pub.JSONData) < 10 || !pub.JSONData[0].Leaf || pub.JSONData[0].ChildCascadeJSONID != "" {
			t.Fatalf("hangzhou districts: %+v", pub.JSONData)
		}
		for _, id := range []string{"no-such-id", models.BuiltinChinaID + "~999999", ""} {
			anon.Get("none/v6/dw-answer-survey/cascade-json-info.do?id="+id).Refused(t, 404, "Cascade data not found")
		}

		// A language copy: same values, its own labels; picked by languageCode.
		foodID := saved.Items[0].ID
		var detail struct {
			cascadeRow
			JSONData []*cascadeNode `json:"jsonData"`
		}
		admin.Get("admin/cascade/info.do?id="+foodID).OK(t, &detail)
		if len(detail.JSONData) != 2 || detail.JSONData[0].Label != "Fruit" || !detail.Editable {
			t.Fatalf("food detail: %+v", detail)
		}
		tr := []map[string]any{{"itemId": detail.JSONData[0].ItemID, "label": "Obst"}, {"itemId": detail.JSONData[0].Children[0].ItemID, "label": "Apfel"}}
		var cp cascadeRow
		admin.Post("admin/cascade/save.do", map[string]any{"copyCascadeId": foodID, "languageCode": "de", "cascadeName": "Essen", "jsonData": tr}).OK(t, &cp)
		get("languageCode=de&id="+foodID).OK(t, &pub)
		if pub.JSONData[0].Label != "Obst" || pub.JSONData[0].Value != "Fruit" || pub.JSONData[0].Children[0].Label != "Apfel" ||
			pub.JSONData[0].Children[1].Label != "Pear" || pub.JSONData[1].Label != "Vegetable" {
			t.Fatalf("german food: %s", must(json.Marshal(pub)))
		}
		admin.Post("admin/cascade/save.do", map[string]any{"copyCascadeId": foodID, "languageCode": "de", "cascadeName": "Essen 2"}).Refused(t, 400, "already has a copy in de")
		admin.Post("admin/cascade/save.do", map[string]any{"copyCascadeId": foodID, "languageCode": "fr", "cascadeName": "Bouffe",
			"jsonData": []map[string]any{{"itemId": "nope", "label": "x"}}}).Refused(t, 400, `the item "nope" is not in the original source`)
		admin.Get("admin/cascade/list.do?cascadeName=Food").Page(t, &rows)
		if len(rows) != 1 || len(rows[0].Languages) != 1 || rows[0].Languages[0].LanguageCode != "de" {
			t.Fatalf("list with copies: %+v", rows)
		}

		// Editing the tree keeps the copy's labels of items still there.
		detail.JSONData[1].Label = "Veg"
		detail.JSONData[1].Value = "veg"
		admin.Post("admin/cascade/save.do", map[string]any{"id": foodID, "cascadeName": "Food", "jsonData": detail.JSONData}).OK(t, nil)
		get("languageCode=de&id="+foodID).OK(t, &pub)
		if pub.JSONData[0].Label != "Obst" || pub.JSONData[1].Label != "Veg" || pub.JSONData[1].Value != "veg" {
			t.Fatalf("after edit: %s", must(json.Marshal(pub)))
		}

		// Disabled: the answer side no longer finds it; enabled again it does.
		admin.Post("admin/cascade/up-state.do", map[string]any{"id": foodID, "dataState": 0}).OK(t, nil)
		anon.Get("none/v6/dw-answer-survey/cascade-json-info.do?id="+foodID).Refused(t, 404, "Cascade data not found")
		admin.Post("admin/cascade/up-state.do", map[string]any{"id": foodID, "dataState": 3}).Refused(t, 400, "dataState must be 1")
		admin.Post("admin/cascade/up-state.do", map[string]any{"id": foodID, "dataState": 1}).OK(t, nil)

		// A source used by a survey cannot be deleted; released, it can (with its copy).
		var sv struct{ ID string }
		admin.Post("app/survey/add.do", map[string]any{"surveyName": "Uses food", "surveyType": "survey"}).OK(t, &sv)
		doc := map[string]any{"surveyNameObj": map[string]any{"dwText": "Uses food"}, "questions": []map[string]any{{
			"quType": "CASCADE", "quTitleObj": map[string]any{"dwHtml": "Pick", "dwText": "Pick"}, "quAttr": map[string]any{"cascadeAttr": map[string]any{"cascadeJsonId": foodID}}}}}
		admin.Post("app/v6/dw-design-survey/save-survey-json.do", map[string]any{"surveyId": sv.ID, "surveyJsonText": string(must(json.Marshal(doc)))}).OK(t, nil)
		snap = cascadeSnapshot(t, e)
		admin.Post("admin/cascade/delete.do", map[string]any{"ids": []string{foodID}}).Refused(t, 400, "Delete failed, associated data exists")
		if cascadeSnapshot(t, e) != snap {
			t.Fatal("a refused delete changed data")
		}
		doc["questions"] = []map[string]any{}
		admin.Post("app/v6/dw-design-survey/save-survey-json.do", map[string]any{"surveyId": sv.ID, "surveyJsonText": string(must(json.Marshal(doc)))}).OK(t, nil)
		admin.Post("admin/cascade/delete.do", map[string]any{"ids": []string{foodID}}).OK(t, nil)
		if n := testenv.Count(t, e.DB, &models.CascadeSource{}, "id = ? OR copy_of_id = ?", foodID, foodID); n != 0 {
			t.Fatalf("%d rows left of the deleted source and its copy", n)
		}
		if n := testenv.Count(t, e.DB, &models.CascadeLabel{}, "source_id = ?", cp.ID); n != 0 {
			t.Fatalf("%d labels left", n)
		}
	})
}

func TestCascadeBadInputStoresNothing(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		local := serveOn(t, "127.0.0.1", map[string]string{"/tree.json": `[{"label":"a"}]`})
		deep := `{"label":"leaf"}`
		for i := 49; i > 0; i-- {
			deep = fmt.Sprintf(`{"label":"l%d","children":[%s]}`, i, deep)
		}
		huge := `[{"label":"a"}]` + strings.Repeat(" ", importer.MaxFileBytes)
		cyclic := `[{"id":"a","parentId":"c","label":"A"},{"id":"b","parentId":"a","label":"B"},{"id":"c","parentId":"b","label":"C"}]`
		ok1 := `[{"label":"fine"}]`
		snap := cascadeSnapshot(t, e)
		for _, c := range []struct {
			name   string
			files  [][2]string
			values map[string][]string
			want   string
		}{
			{"50 levels", [][2]string{{"deep.json", "[" + deep + "]"}}, nil, "deep.json: the tree is deeper than 20 levels"},
			{"10 MB", [][2]string{{"huge.json", huge}}, nil, "huge.json: the file is larger than 10 MB"},
			{"cyclic ids", [][2]string{{"ok.json", ok1}, {"cyclic.json", cyclic}}, nil, "cyclic.json: the parent ids form a cycle: a → c → b → a"},
			{"JSON URL to 127.0.0.1", nil, map[string][]string{"jsonUrl": {local + "/tree.json"}}, "the JSON URL is refused"},
			{"file URL", nil, map[string][]string{"jsonUrl": {"file:///etc/passwd"}}, "the JSON URL is refused"},
			{"4th file", [][2]string{{"a.json", ok1}, {"b.json", ok1}, {"c.json", ok1}, {"d.json", ok1}}, nil, "At most 3 files can be imported at a time"},
			{"3 files and a URL", [][2]string{{"a.json", ok1}, {"b.json", ok1}, {"c.json", ok1}}, map[string][]string{"jsonUrl": {"https://example.com/x.json"}}, "At most 3 files"},
			{"name 32 characters", [][2]string{{"a.json", ok1}}, map[string][]string{"name": {strings.Repeat("名", 32)}}, "must be under 32 characters"},
			{"xls", [][2]string{{"old.xls", "\xd0\xcf\x11\xe0 not a zip"}}, nil, "save .xls files as .xlsx"},
			{"nothing", nil, nil, "Please choose a file or enter a JSON URL"},
		} {
			r := multipartFiles(admin, "admin/cascade/import.do", c.files, c.values)
			r.Refused(t, 400, c.want)
			if !strings.HasPrefix(r.Env(t).ResultMsg, "Parse failed") && !strings.Contains(c.name, "file") && c.name != "nothing" && c.name != "3 files and a URL" {
				t.Errorf("%s: message %q does not start with the spec's 'Parse failed'", c.name, r.Env(t).ResultMsg)
			}
			if cascadeSnapshot(t, e) != snap {
				t.Fatalf("%s: a refused import stored something", c.name)
			}
		}
		// the JSON body form with a URL to loopback
		admin.Post("admin/cascade/import.do", map[string]any{"jsonUrls": []string{"http://127.0.0.1:9/x.json"}}).Refused(t, 400, "loopback")
		// save: names over the limit, bad trees
		for _, c := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"cascadeName": strings.Repeat("x", 32), "jsonData": []map[string]any{{"label": "a"}}}, "must be under 32 characters"},
			{map[string]any{"cascadeName": " ", "jsonData": []map[string]any{{"label": "a"}}}, "Please enter the cascade data source name"},
			{map[string]any{"cascadeName": "ok"}, "Please give the tree"},
			{map[string]any{"cascadeName": "ok", "jsonData": []map[string]any{{"label": "a", "itemId": "k"}, {"label": "b", "itemId": "k"}}}, `the id "k" appears twice`},
			{map[string]any{"cascadeName": "ok", "jsonData": json.RawMessage("[" + deep + "]")}, "deeper than 20 levels"},
			{map[string]any{"cascadeName": "ok", "jsonData": []map[string]any{{"label": "a"}}, "dataState": 5}, "dataState must be 1"},
		} {
			admin.Post("admin/cascade/save.do", c.body).Refused(t, 400, c.want)
		}
		if cascadeSnapshot(t, e) != snap {
			t.Fatal("a refused save stored something")
		}
	})
}

func TestCascadeScopes(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		e.CreateUser(t, "author01", "author-pw", models.PermSurveyManage)
		e.CreateUser(t, "author02", "author-pw", models.PermSurveyManage)
		a1 := e.Client(t, e.Login(t, "author01", "author-pw"))
		a2 := e.Client(t, e.Login(t, "author02", "author-pw"))
		tree := []map[string]any{{"label": "x", "children": []map[string]any{{"label": "y"}}}}

		var own cascadeRow
		a1.Post("app/v6/dw-cascade-json/save", map[string]any{"cascadeName": "Mine", "jsonData": tree}).OK(t, &own)
		if own.Scope != models.CascadeUser || own.CountLevel != 2 || own.NodeCount != 2 {
			t.Fatalf("own source %+v", own)
		}
		var sv struct{ ID string }
		a1.Post("app/survey/add.do", map[string]any{"surveyName": "S", "surveyType": "survey"}).OK(t, &sv)
		var priv cascadeRow
		a1.Post("app/v6/dw-cascade-json/save.do", map[string]any{"cascadeName": "Private", "scope": "private", "surveyId": sv.ID, "jsonData": tree}).OK(t, &priv)
		a2.Post("app/v6/dw-cascade-json/save", map[string]any{"cascadeName": "P2", "scope": "private", "surveyId": sv.ID, "jsonData": tree}).Refused(t, 404, "")
		a1.Post("app/v6/dw-cascade-json/save", map[string]any{"cascadeName": "Sys", "scope": "system", "jsonData": tree}).Refused(t, 403, "")

		list := func(c *testenv.Client, q string) []string {
			var rows []cascadeRow
			c.Get("app/v6/dw-cascade-json/cascade-json-list.do?pageSize=50&"+q).Page(t, &rows)
			var out []string
			for _, r := range rows {
				out = append(out, fmt.Sprintf("%s:%s:%v", r.Scope, r.CascadeName, r.Editable))
			}
			return out
		}
		china := "system:" + "中国省市区 (China provinces, cities, districts)" + ":false"
		if got := strings.Join(list(a1, "surveyId="+sv.ID), ","); got != "private:Private:true,user:Mine:true,"+china {
			t.Fatalf("author01 sees %s", got)
		}
		if got := strings.Join(list(a2, ""), ","); got != china {
			t.Fatalf("author02 sees %s", got)
		}
		a2.Get("app/v6/dw-cascade-json/cascade-json-list.do?surveyId="+sv.ID).Refused(t, 404, "")

		// Another author's source is "not found"; a system source is read-only for authors.
		a2.Get("app/v6/dw-cascade-json/info.do?id="+own.ID).Refused(t, 404, "")
		a2.Post("app/v6/dw-cascade-json/save", map[string]any{"id": own.ID, "cascadeName": "Taken", "jsonData": tree}).Refused(t, 404, "")
		a2.Post("app/v6/dw-cascade-json/delete.do", map[string]any{"ids": []string{own.ID}}).Refused(t, 404, "")
		a2.Post("app/v6/dw-cascade-json/up-state.do", map[string]any{"id": priv.ID, "dataState": 0}).Refused(t, 404, "")
		a1.Get("app/v6/dw-cascade-json/info.do?id="+models.BuiltinChinaID).OK(t, nil)
		a1.Post("app/v6/dw-cascade-json/save", map[string]any{"id": models.BuiltinChinaID, "cascadeName": "Mine now"}).Refused(t, 404, "")
		a1.Post("app/v6/dw-cascade-json/up-state.do", map[string]any{"id": models.BuiltinChinaID, "dataState": 0}).Refused(t, 404, "")

		// Administrators: see everything, moderate author sources, edit only system ones.
		var all []cascadeRow
		admin.Get("admin/cascade/list.do?pageSize=50").Page(t, &all)
		if len(all) != 3 {
			t.Fatalf("admin sees %d sources", len(all))
		}
		admin.Post("admin/cascade/save.do", map[string]any{"id": own.ID, "cascadeName": "Admin edit"}).Refused(t, 400, "edit system sources only")
		admin.Post("admin/cascade/up-state.do", map[string]any{"id": own.ID, "dataState": 0}).OK(t, nil)
		// a disabled system source disappears from the authors' lists
		admin.Post("admin/cascade/up-state.do", map[string]any{"id": models.BuiltinChinaID, "dataState": 0}).OK(t, nil)
		if got := list(a2, ""); len(got) != 0 {
			t.Fatalf("author02 still sees %v", got)
		}
		a1.Get("app/v6/dw-cascade-json/info.do?id="+models.BuiltinChinaID).Refused(t, 404, "")
		if n := len(logRows(t, e, "name LIKE ?", "Set cascade source%")); n != 2 {
			t.Fatalf("%d audit rows of admin state changes", n)
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
