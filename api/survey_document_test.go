package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	svc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Documents of the reference system (DWSurvey v6), as its client saves them (the shared
// reference folder next to the repository, as survey/load_test.go reads it).
const referenceDir = "../../shared/reference/dwsurvey-v6/"

func referenceDoc(t *testing.T, name string) string {
	t.Helper()
	raw, err := os.ReadFile(referenceDir + name)
	if err != nil {
		raw, err = os.ReadFile("/work/shared/reference/dwsurvey-v6/" + name)
	}
	if err != nil {
		t.Fatalf("reference document: %v", err)
	}
	return string(raw)
}

// decodeJSON reads JSON keeping number spellings (json.Number), for exact comparisons.
func decodeJSON(t *testing.T, text string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %q: %v", text[:min(len(text), 80)], err)
	}
	return v
}

// sameDocument compares what was sent with what was read back: equal values (same keys,
// nulls, empty strings, zeros, number spellings) except at the paths in patched, and except
// text that the sanitiser changed (which must then be exactly the sanitiser's output).
func sameDocument(sent, got any, path string, patched map[string]bool) []string {
	if patched[path] {
		return nil
	}
	switch s := sent.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: sent an object, got %v", path, got)}
		}
		var out []string
		keys := map[string]bool{}
		for k := range s {
			keys[k] = true
		}
		for k := range g {
			keys[k] = true
		}
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			p := strings.TrimPrefix(path+"."+k, ".")
			sv, sok := s[k]
			gv, gok := g[k]
			if patched[p] {
				continue
			}
			if sok != gok {
				out = append(out, fmt.Sprintf("%s: sent present=%v, read back present=%v", p, sok, gok))
				continue
			}
			out = append(out, sameDocument(sv, gv, p, patched)...)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(s) {
			return []string{fmt.Sprintf("%s: sent %d items, got %v", path, len(s), got)}
		}
		var out []string
		for i := range s {
			out = append(out, sameDocument(s[i], g[i], fmt.Sprintf("%s[%d]", path, i), patched)...)
		}
		return out
	case string:
		if g, ok := got.(string); ok && (g == s || strings.ContainsAny(s, "<>&") && g == svc.SanitizeHTML(s)) {
			return nil
		}
	default:
		if reflect.DeepEqual(sent, got) {
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: sent %#v, read back %#v", path, sent, got)}
}

// identityPaths are what the server decides in every saved document (a draft is in the
// design state 0).
var identityPaths = map[string]bool{"id": true, "sid": true, "surveyType": true, "surveyState": true}

func roundTrip(t *testing.T, c *testenv.Client, surveyID, text string) string {
	t.Helper()
	saveDoc(c, surveyID, text, nil).OK(t, nil)
	d, _ := loadDraft(t, c, surveyID)
	return d.SurveyJSONText
}

// B3: a document saved and read back equals what was sent (the reference documents).
func TestDocumentRoundTripReference(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "roundtrip1")
		for _, name := range []string{"survey-json-text.coy7scq.json", "survey-json-simple.coy7scq.json", "surveyAll-response.fillblank-dates.json"} {
			s := addSurvey(t, a, "Reference", "survey")
			sent := referenceDoc(t, name)
			got := roundTrip(t, a, s.ID, sent)
			for _, diff := range sameDocument(decodeJSON(t, sent), decodeJSON(t, got), "", identityPaths) {
				t.Errorf("%s: %s", name, diff)
			}
			var doc map[string]any
			_ = json.Unmarshal([]byte(got), &doc)
			if doc["id"] != s.ID || doc["sid"] != s.Sid || doc["surveyState"] != float64(0) {
				t.Errorf("%s: identity %v %v %v", name, doc["id"], doc["sid"], doc["surveyState"])
			}
			// the keys clients render are there (the reference client showed "undefined")
			for _, key := range []string{`"dwPlaceholder"`, `"quTypeName"`, `"cellCount":`, `"effective":`} {
				if strings.Contains(sent, key) && !strings.Contains(got, key) {
					t.Errorf("%s: %s lost", name, key)
				}
			}
			// saving what was read back changes nothing
			if again := roundTrip(t, a, s.ID, got); again != got {
				t.Errorf("%s: a second round trip changed the document", name)
			}
		}
	})
}

// randomValue is a JSON value of the kinds clients send and expect back unchanged.
func randomValue(r *rand.Rand, depth int) any {
	switch n := r.Intn(12); {
	case n == 0:
		return nil
	case n == 1:
		return ""
	case n == 2:
		return json.Number("0")
	case n == 3:
		return false
	case n == 4:
		return json.Number([]string{"1.50", "-0", "1e2", "3", "0.0"}[r.Intn(5)])
	case n == 5:
		return []string{"text", "请输入选项内容", " spaced ", "a < b", "R&D", "line\nbreak"}[r.Intn(6)]
	case n == 6 && depth < 3:
		return []any{randomValue(r, depth+1), randomValue(r, depth+1)}
	case n == 7 && depth < 3:
		return randomObject(r, depth+1, 3)
	case n == 8:
		return []any{}
	case n == 9:
		return map[string]any{}
	default:
		return true
	}
}

var unknownKeys = []string{"designLayout", "quTypeName", "dwPlaceholder", "isRefreshValue", "checked", "orderIndex", "dateAttrs",
	"tempEmptyText", "effective_model", "anItemLeastNum", "htmlPath", "groupName", "visibility"}

func randomObject(r *rand.Rand, depth, n int) map[string]any {
	m := map[string]any{}
	for i := 0; i < n; i++ {
		k := unknownKeys[r.Intn(len(unknownKeys))]
		if r.Intn(3) == 0 {
			k = fmt.Sprintf("x%d_%d", depth, r.Intn(1000))
		}
		m[k] = randomValue(r, depth)
	}
	return m
}

// withExtras adds random unknown keys to an object (never a key the model reads).
func withExtras(r *rand.Rand, m map[string]any) map[string]any {
	for k, v := range randomObject(r, 1, 1+r.Intn(4)) {
		if _, known := m[k]; !known {
			m[k] = v
		}
	}
	return m
}

func text(r *rand.Rand, html, plain string) map[string]any {
	return withExtras(r, map[string]any{"dwHtml": html, "dwText": plain, "dwPlaceholder": ""})
}

// randomDocument has one question of every type, each with empty, zero and null values of
// known keys and random unknown keys everywhere (survey, detail, attributes, style, questions,
// attributes, options, rows, columns, groups).
func randomDocument(r *rand.Rand) map[string]any {
	option := func(q string, i int) map[string]any {
		return withExtras(r, map[string]any{"dwId": fmt.Sprintf("%s-o%d", q, i), "optionTitle": fmt.Sprintf("<b>O</b>%d", i), "optionName": "",
			"optionTitleObj": text(r, fmt.Sprintf("<b>O</b>%d", i), fmt.Sprintf("O%d", i)), "isNote": json.Number("0"), "scoreNum": nil,
			"optionImg": map[string]any{"imgSrc": ""}, "inputAttr": nil, "anCount": json.Number("0")})
	}
	var qs []any
	for i, typ := range lang.KnownTypes {
		id := fmt.Sprintf("q%d", i)
		q := withExtras(r, map[string]any{"dwId": id, "quType": typ, "quTitle": "Title " + typ, "quNote": "", "quName": "",
			"quTitleObj": text(r, "Title <i>"+typ+"</i>", "Title "+typ), "quNoteObj": text(r, "", ""), "hv": json.Number("2"),
			"cellCount": json.Number("0"), "isRequired": json.Number("0"), "checkType": nil, "paramInt01": json.Number("0"),
			"quAttr":         withExtras(r, map[string]any{"isRequired": true, "scoreAttr": map[string]any{"maxScore": json.Number("0")}}),
			"questionLogics": []any{}, "quRadios": []any{option(id, 1), option(id, 2)}})
		if typ == lang.TypeComponent {
			q["childType"] = lang.ChildDivider
		}
		if strings.HasPrefix(typ, "MATRIX_") {
			q["quRows"] = []any{option(id+"r", 1)}
			q["quCols"] = []any{option(id+"c", 1), option(id+"c", 2)}
		}
		if typ == lang.TypeCheckboxGroup || typ == lang.TypeRadioGroup || typ == lang.TypeImgCheckboxGroup {
			g := option(id+"g", 1)
			g["groupOptions"] = []any{option(id+"g1", 1), option(id+"g1", 2)}
			q["quRows"] = []any{g}
		}
		qs = append(qs, q)
	}
	return withExtras(r, map[string]any{
		"dwId": "doc-1", "surveyName": "Round trip", "surveyNameObj": text(r, "Round <b>trip</b>", "Round trip"), "surveyState": json.Number("0"),
		"dwVersion": json.Number("0"),
		"surveyDetail": withExtras(r, map[string]any{"effective": json.Number("0"), "rule": json.Number("0"), "ruleCode": nil,
			"surveyNote": "", "surveyNodeObj": text(r, "", "")}),
		"surveyAttrs": withExtras(r, map[string]any{"anPwdAttr": map[string]any{"enabled": false, "anPwdCode": nil, "anNum": json.Number("0")},
			"endPageAttr": withExtras(r, map[string]any{"redirectionAttr": map[string]any{"enabled": false, "reqUrl": nil}})}),
		"surveyStyle": withExtras(r, map[string]any{"themeColor": "", "logoImg": map[string]any{"enabled": false, "src": ""}}),
		"questions":   qs,
	})
}

// B3 as a property: random documents with every question type round-trip unchanged.
func TestDocumentRoundTripEveryType(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "roundtrip2")
		s := addSurvey(t, a, "Property", "survey")
		r := rand.New(rand.NewSource(19))
		for run := 0; run < 12; run++ {
			raw, _ := json.Marshal(randomDocument(r))
			sent := string(raw)
			got := roundTrip(t, a, s.ID, sent)
			if diffs := sameDocument(decodeJSON(t, sent), decodeJSON(t, got), "", identityPaths); len(diffs) > 0 {
				t.Fatalf("run %d: %d differences, first: %s", run, len(diffs), strings.Join(diffs[:min(5, len(diffs))], "\n"))
			}
		}
	})
}

// B4: the "unpublished changes" badge compares what respondents get with the draft.
func TestDraftChangedComparesContent(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "badge01")
		s := addSurvey(t, a, "Badge", "survey")
		sent := `{"dwId":"badge-doc","surveyName":"Badge","questions":[{"dwId":"q1","quType":"RADIO","quTitle":"Pick","hv":2,"quRadios":[{"dwId":"a","optionTitle":"A"},{"dwId":"b","optionTitle":"B"}]}]}`
		saveDoc(a, s.ID, sent, nil).OK(t, nil)
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, nil)
		var d struct {
			DraftChanged     bool `json:"draftChanged"`
			PublishedVersion int  `json:"publishedVersion"`
		}
		designer := "app/v6/dw-design-survey/survey-json-by-survey-id.do?surveyId=" + s.ID
		a.Get(designer).OK(t, &d)
		if d.PublishedVersion != 1 || d.DraftChanged {
			t.Fatalf("after save and publish: %+v (badge shown although nothing changed)", d)
		}
		// the same document in another encoding (string numbers, other key order) is no change
		saveDoc(a, s.ID, `{"questions":[{"quRadios":[{"optionTitle":"A","dwId":"a"},{"optionTitle":"B","dwId":"b"}],"hv":"2","quTitle":"Pick","quType":"RADIO","dwId":"q1"}],"surveyName":"Badge","dwId":"badge-doc"}`, nil).OK(t, nil)
		a.Get(designer).OK(t, &d)
		if d.DraftChanged {
			t.Fatal("a re-encoded draft shows the badge")
		}
		// a real change does
		saveDoc(a, s.ID, strings.Replace(sent, `"Pick"`, `"Pick one"`, 1), nil).OK(t, nil)
		a.Get(designer).OK(t, &d)
		if !d.DraftChanged {
			t.Fatal("a changed title shows no badge")
		}
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, nil)
		a.Get(designer).OK(t, &d)
		if d.DraftChanged || d.PublishedVersion != 2 {
			t.Fatalf("after the second publish: %+v", d)
		}
	})
}

// B2: when a document has surveyAttrs, the legacy surveyDetail fields set no gate.
func TestLegacyGatesOnlyWithoutSurveyAttrs(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "legacy01")
		anon := e.Client(t, "")
		ref := referenceDoc(t, "survey-json-text.coy7scq.json")
		var answerReq struct {
			RequestBody map[string]any `json:"request_body"`
		}
		_ = json.Unmarshal([]byte(referenceDoc(t, "save-survey-answer.request.coy7scq.json")), &answerReq)
		rankRest := ""
		var refDoc struct {
			Questions []struct {
				DwID       string `json:"dwId"`
				QuType     string `json:"quType"`
				QuOrderbys []struct {
					DwID string `json:"dwId"`
				} `json:"quOrderbys"`
			} `json:"questions"`
		}
		_ = json.Unmarshal([]byte(ref), &refDoc)
		ranked := answerReq.RequestBody["answerJson"].(string)
		n := strings.Count(ranked, `"orderNum"`)
		for _, q := range refDoc.Questions {
			for _, o := range q.QuOrderbys {
				if q.QuType == "ORDERQU" && !strings.Contains(ranked, o.DwID) {
					n++
					rankRest += fmt.Sprintf(`{"optionDwId":%q,"orderNum":%d},`, o.DwID, n)
				}
			}
		}
		publish := func(doc string) surveyInfo {
			s := addSurvey(t, owner, "Legacy", "survey")
			saveDoc(owner, s.ID, doc, nil).OK(t, nil)
			owner.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s.ID}).OK(t, nil)
			return s
		}
		submit := func(s surveyInfo, pwd string) saveData {
			body := map[string]any{}
			for k, v := range answerReq.RequestBody {
				body[k] = v
			}
			// the reference request ranks 2 of the 4 options of its ranking question: rank all
			aj := strings.Replace(answerReq.RequestBody["answerJson"].(string), `"anOrders":[`, `"anOrders":[`+rankRest, 1)
			aj = strings.ReplaceAll(aj, "b0051f52-c63f-410e-910e-f63681b78686", s.ID)
			aj = strings.ReplaceAll(aj, "coy7scq", s.Sid)
			aj = strings.ReplaceAll(aj, "5b3c8f7e-0000-4000-8000-000000000001", newDwID())
			body["answerJson"], body["surveyId"], body["sid"] = aj, s.ID, s.Sid
			if pwd != "" {
				body["anPwd"] = pwd
			}
			_, d := save(t, anon, body)
			return d
		}

		// the reference document: anPwdAttr off, legacy rule 1 with ruleCode 令牌 -> no gate
		s := publish(ref)
		if d := load(t, anon, "sid="+s.Sid); d.AnswerCheckResult.AnCheckResultCode != 200 || d.SurveyJSON == nil {
			t.Fatalf("reference document gated: %+v", d.AnswerCheckResult)
		}
		if d := submit(s, ""); d.AnCheckResultCode != 201 {
			t.Fatalf("reference answer refused: %+v", d)
		}
		fb := publish(referenceDoc(t, "surveyAll-response.fillblank-dates.json"))
		if d := load(t, anon, "sid="+fb.Sid); d.AnswerCheckResult.AnCheckResultCode != 200 {
			t.Fatalf("fill-blank reference document gated: %+v", d.AnswerCheckResult)
		}
		// surveyAttrs says end time off; legacy fields say ended and end after 1 answer
		var doc map[string]any
		_ = json.Unmarshal([]byte(ref), &doc)
		det := doc["surveyDetail"].(map[string]any)
		det["ynEndTime"], det["endTime"], det["ynEndNum"], det["endNum"] = 1, "2001-01-01 00:00:00", 1, 1
		raw, _ := json.Marshal(doc)
		s2 := publish(string(raw))
		for i := 0; i < 2; i++ {
			if d := submit(s2, ""); d.AnCheckResultCode != 201 {
				t.Fatalf("answer %d refused by legacy end fields: %+v", i+1, d)
			}
		}

		// without surveyAttrs the legacy fields are the settings
		delete(doc, "surveyAttrs")
		det["ynEndTime"], det["ynEndNum"] = 0, 0
		raw, _ = json.Marshal(doc)
		s3 := publish(string(raw))
		if d := load(t, anon, "sid="+s3.Sid); d.AnswerCheckResult.AnCheckResultCode != 403 {
			t.Fatalf("legacy password not applied: %+v", d.AnswerCheckResult)
		}
		if d := submit(s3, ""); d.AnCheckResultCode != 403 {
			t.Fatalf("legacy password not asked: %+v", d)
		}
		if d := submit(s3, "令牌"); d.AnCheckResultCode != 201 {
			t.Fatalf("legacy password refused: %+v", d)
		}
		// a copy keeps the gate, and the settings page shows it as the answer password
		var cp surveyInfo
		owner.Post("app/survey/copy.do", map[string]any{"id": s3.ID}).OK(t, &cp)
		var base struct {
			SurveyAttrs struct {
				AnPwdAttr struct {
					Enabled   bool   `json:"enabled"`
					AnPwdCode string `json:"anPwdCode"`
				} `json:"anPwdAttr"`
			} `json:"surveyAttrs"`
		}
		owner.Get("app/survey/survey-base-attr.do?id="+cp.ID).OK(t, &base)
		if !base.SurveyAttrs.AnPwdAttr.Enabled || base.SurveyAttrs.AnPwdAttr.AnPwdCode != "令牌" {
			t.Fatalf("copy lost the legacy password: %+v", base)
		}
	})
}

// stringsUnder returns every string value in a JSON document with its path.
func stringsUnder(v any, path string, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			stringsUnder(e, strings.TrimPrefix(path+"."+k, "."), out)
		}
	case []any:
		for i, e := range x {
			stringsUnder(e, fmt.Sprintf("%s[%d]", path, i), out)
		}
	case string:
		out[path] = x
	}
}

// hostileDocument carries script in every rich-text place and hostile URLs in every URL field.
const hostileDocument = `{"surveyName":"Hostile","surveyNameObj":{"dwHtml":"Hostile<style>body{display:none}</style>","dwText":"Hostile"},
 "surveyDetail":{"surveyNote":"<img src=x onerror=alert(1)>note","surveyNodeObj":{"dwHtml":"<svg/onload=alert(1)>n","dwText":"&lt;x&gt;<img src=x onerror=alert(2)>"}},
 "surveyAttrs":{"endPageAttr":{"redirectionAttr":{"enabled":true,"redirectionType":"1","reqUrl":%s},
   "textAttr":{"submitSuccess":{"enabled":true,"text":"<img src=x/onerror=alert(1)><img src=\"x\"/onerror=alert(2)>Thanks<style>*{}</style>"}},
   "endText":"<p style=\"position:fixed;top:0;color:red\" onclick=\"alert(3)\">End</p>","redirectUrl":%s}},
 "surveyStyle":{"logoImg":{"enabled":true,"src":%s},"pageTopImg":{"enabled":true,"src":%s},"pageBgImg":{"enabled":true,"src":%s}},
 "questions":[{"dwId":"q1","quType":"IMGRADIO","quTitle":"<a href=\"javascript:alert(1)\">t</a><style>a{}</style>",
   "quTitleObj":{"dwHtml":"<b>T</b><a href=\" jav&#x09;ascript:alert(1)\">x</a><a href=\"mailto:a@b.c\">m</a>","dwText":"T"},
   "quNoteObj":{"dwHtml":"<span style=\"color:red;background-image:url(https://evil.example/x)\">n</span>","dwText":"n"},
   "solution":{"dwHtml":"<iframe src=\"https://evil.example\"></iframe>s","dwText":"s"},
   "quAttr":{"scrollTextAttr":{"scrollText":{"dwHtml":"<script>alert(1)</script>go","dwText":"go"}}},
   "quRadios":[{"dwId":"a","optionTitle":"A<style>x{}</style>","optionImg":{"imgSrc":%s}},{"dwId":"b","optionTitle":"B","optionImg":{"imgSrc":"https://example.com/b.png"}}]}]}`

// C1: every URL field refuses what is not http(s) or ours on save, naming the field.
func TestDocumentURLsCheckedOnSave(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "urls0001")
		s := addSurvey(t, a, "URLs", "survey")
		ok := `"https://example.com/ok"`
		q := func(v string) string { b, _ := json.Marshal(v); return string(b) }
		fields := []string{"surveyAttrs.endPageAttr.redirectionAttr.reqUrl", "surveyAttrs.endPageAttr.redirectUrl",
			"surveyStyle.logoImg.src", "surveyStyle.pageTopImg.src", "surveyStyle.pageBgImg.src", "questions[0].quRadios[0].optionImg.imgSrc"}
		hostile := []string{"javascript:alert(document.cookie)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", " \x01javascript:alert(1)",
			"javascript&colon;alert(1)", "&#106;avascript:alert(1)", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
			"data:image/png;base64,AAAA", "vbscript:msgbox(1)", "file:///etc/passwd", "//evil.example/x"}
		snap := authoringSnapshot(t, e.DB)
		for i, field := range fields {
			for _, bad := range hostile {
				vals := []any{ok, ok, ok, ok, ok, ok}
				vals[i] = q(bad)
				doc := fmt.Sprintf(hostileDocument, vals...)
				saveDoc(a, s.ID, doc, nil).Refused(t, 400, field+": only http:// or https://")
			}
		}
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused saves changed data")
		}
		// an imported v6 document is checked the same way, and nothing is created
		var doc map[string]any
		_ = json.Unmarshal([]byte(referenceDoc(t, "survey-json-text.coy7scq.json")), &doc)
		doc["surveyAttrs"].(map[string]any)["endPageAttr"].(map[string]any)["redirectionAttr"] = map[string]any{"enabled": true, "reqUrl": "javascript:alert(1)"}
		imp, _ := json.Marshal(doc)
		a.Upload("app/v6/dw-design-survey-import/json-import", "file", "v6.json", imp, map[string]string{"mode": "save"}).
			Refused(t, 400, "Import failed: surveyAttrs.endPageAttr.redirectionAttr.reqUrl: only http:// or https://")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("a refused import changed data")
		}

		// allowed: http(s), paths of ours, empty
		saveDoc(a, s.ID, fmt.Sprintf(hostileDocument, q("https://example.com/thanks"), q("/v8/s/an/x"), q("/api/dwsurvey/anon/file/1"),
			q("img/top.png"), q(""), q("http://example.com/a.png")), nil).OK(t, nil)
	})
}

// C1 and C2 when served: documents stored before the rules (or written around the API) are
// cleaned on the way out, for the designer and for respondents; C2 on save: every rich-text
// field anywhere is sanitised, end-page text included.
func TestDocumentCleanedOnSaveAndServe(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "clean001")
		anon := e.Client(t, "")
		q := func(v string) string { b, _ := json.Marshal(v); return string(b) }
		bad := fmt.Sprintf(hostileDocument, q("javascript:alert(1)"), q("java\tscript:alert(2)"), q("data:text/html,<script>alert(1)</script>"),
			q("vbscript:x"), q("JAVASCRIPT:alert(3)"), q("file:///etc/passwd"))
		good := fmt.Sprintf(hostileDocument, q("https://example.com/thanks"), q(""), q("/logo.png"), q(""), q(""), q("https://example.com/a.png"))

		check := func(where, text string) {
			t.Helper()
			var v any
			if err := json.Unmarshal([]byte(text), &v); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			all := map[string]string{}
			stringsUnder(v, "", all)
			for path, s := range all {
				if why := testenv.UnsafeMarkup(s); why != "" {
					t.Errorf("%s: %s keeps %s: %q", where, path, why, s)
				}
				if strings.HasSuffix(path, "reqUrl") || strings.HasSuffix(path, "src") || strings.HasSuffix(path, "imgSrc") || strings.HasSuffix(path, "redirectUrl") {
					if !testenv.AllowedURL(s) {
						t.Errorf("%s: %s serves %q", where, path, s)
					}
				}
			}
			for _, want := range []string{"Thanks", "<b>T</b>", `style=\"color: red;\"`, "https://example.com/b.png"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: sanitised too much, %q is gone", where, want)
				}
			}
		}

		// on save
		s := addSurvey(t, a, "Clean on save", "survey")
		saveDoc(a, s.ID, good, nil).OK(t, nil)
		var stored models.Survey
		e.DB.Take(&stored, "id = ?", s.ID)
		check("stored draft", stored.Draft)

		// on serve: the hostile document written straight into the database
		s2 := addSurvey(t, a, "Clean on serve", "survey")
		saveDoc(a, s2.ID, good, nil).OK(t, nil)
		a.Post("app/v6/dw-design-survey/dev-survey.do", map[string]any{"surveyId": s2.ID}).OK(t, nil)
		raw := strings.Replace(bad, `"questions"`, fmt.Sprintf(`"id":%q,"sid":%q,"questions"`, s2.ID, s2.Sid), 1)
		if err := e.DB.Model(&models.Survey{}).Where("id = ?", s2.ID).Update("draft", raw).Error; err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Model(&models.SurveyVersion{}).Where("survey_id = ?", s2.ID).Update("document", raw).Error; err != nil {
			t.Fatal(err)
		}
		d, _ := loadDraft(t, a, s2.ID)
		check("designer document", d.SurveyJSONText)
		ld := load(t, anon, "sid="+s2.Sid)
		if ld.SurveyJSON == nil {
			t.Fatalf("answer document not served: %+v", ld.AnswerCheckResult)
		}
		check("answer document", ld.SurveyJSON.SurveyJSONText)
		var end struct {
			SurveyAttrs struct {
				EndPageAttr struct {
					RedirectionAttr struct{ ReqURL string }                       `json:"redirectionAttr"`
					TextAttr        struct{ SubmitSuccess struct{ Text string } } `json:"textAttr"`
				} `json:"endPageAttr"`
			} `json:"surveyAttrs"`
		}
		_ = json.Unmarshal([]byte(ld.SurveyJSON.SurveyJSONText), &end)
		if end.SurveyAttrs.EndPageAttr.RedirectionAttr.ReqURL != "" || !strings.HasSuffix(end.SurveyAttrs.EndPageAttr.TextAttr.SubmitSuccess.Text, "Thanks") {
			t.Fatalf("end page served %+v", end.SurveyAttrs.EndPageAttr)
		}
		resp := a.Get("app/v6/dw-design-survey/export-survey.do?surveyId=" + s2.ID)
		var compact bytes.Buffer
		_ = json.Compact(&compact, resp.Body)
		check("exported document", compact.String())
	})
}
