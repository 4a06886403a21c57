package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/importer"
	"dwsurvey/services/language"
	"dwsurvey/services/language/standin"
)

func translationDoc() M {
	return M{"questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "颜色", "quTitleObj": M{"dwHtml": "<p>您喜欢的<b>颜色</b></p>", "dwText": "您喜欢的颜色"},
			"quNote": "单选", "quRadios": []M{{"dwId": "q1a1", "optionTitle": "红色"}, {"dwId": "q1a2", "optionTitle": "=蓝色"}}},
		{"dwId": "q2", "quType": "FILLBLANK", "quTitle": "您为什么选 {Q1}？"},
	}}
}

func sheetRows(t *testing.T, b []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

var bigOnce struct {
	sync.Once
	b []byte
}

// bigSheet is a translation file of 100,000 rows (written once, streamed).
func bigSheet(t *testing.T) []byte {
	bigOnce.Do(func() {
		f := excelize.NewFile()
		defer f.Close()
		sw, err := f.NewStreamWriter("Sheet1")
		if err != nil {
			t.Fatal(err)
		}
		_ = sw.SetRow("A1", []any{"code", "type", "original content", "translated content"})
		for i := 0; i < 100000; i++ {
			cell, _ := excelize.CoordinatesToCellName(1, i+2)
			_ = sw.SetRow(cell, []any{fmt.Sprintf("c%d", i), "quTitle", "x", "y"})
		}
		_ = sw.Flush()
		var buf bytes.Buffer
		_ = f.Write(&buf)
		bigOnce.b = buf.Bytes()
	})
	return bigOnce.b
}

func languageRow(t *testing.T, e *testenv.Env, surveyID, code string) models.SurveyLanguage {
	t.Helper()
	var l models.SurveyLanguage
	e.DB.Take(&l, "survey_id = ? AND language_code = ?", surveyID, code)
	return l
}

// Translation files: export with the spec's columns, change two cells, preview and import
// back into the draft; bad files (unknown codes, no header, formulas, 100,000 rows, not a
// workbook) are refused with clear messages and change nothing; an original edited after
// translating marks its translation outdated.
func TestTranslationFiles(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "trfile1")
		other := author(t, e, "trfile2")
		id, _ := publishDoc(t, owner, "survey", translationDoc())
		// a language not added yet exports with an empty translated column
		res := owner.Get("app/v6/language/export.do?surveyId=" + id + "&languageCode=en")
		var items []M
		for _, r := range sheetRows(t, res.Body)[1:] {
			if len(r) > 3 && r[3] != "" {
				t.Fatalf("translated before any translation: %v", r)
			}
			v := "T:" + strings.TrimPrefix(r[2], "'")
			switch r[0] + " " + r[1] {
			case "q1 quTitle":
				v = "<p>Your favourite <b>colour</b></p>"
			case "q1a1 optionTitle":
				v = "Red"
			}
			items = append(items, lanItem(r[0], r[1], v))
		}
		owner.Post("app/v6/language/add", M{"surveyId": id, "languageCode": "en", "languageName": "English",
			"languageJsonScript": lanScriptJSON(items...)}).OK(t, nil)

		res = owner.Get("app/v6/language/export.do?surveyId=" + id + "&languageCode=en")
		if res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), ".xlsx") {
			t.Fatalf("export: %d %s", res.Status, res.Body)
		}
		rows := sheetRows(t, res.Body)
		if strings.Join(rows[0], "|") != "code|type|original content|translated content" {
			t.Fatalf("header %v", rows[0])
		}
		find := func(code, typ string) []string {
			for _, r := range rows[1:] {
				if r[0] == code && r[1] == typ {
					return append(r, "", "")[:4]
				}
			}
			t.Fatalf("no row %s %s in %v", code, typ, rows)
			return nil
		}
		if r := find("q1", "quTitle"); r[2] != "<p>您喜欢的<b>颜色</b></p>" || r[3] != "<p>Your favourite <b>colour</b></p>" {
			t.Fatalf("q1 row %v", r)
		}
		if r := find("q1a2", "optionTitle"); r[2] != "'=蓝色" { // a formula-like text is neutralised
			t.Fatalf("q1a2 row %v", r)
		}
		other.Get("app/v6/language/export.do?surveyId="+id+"&languageCode=en").Refused(t, 404, "")

		// two cells changed: a translation, and an original where no translation is given
		for i, r := range rows {
			rows[i] = append(r, "", "", "", "")[:4]
			if r[0] == "q1" && r[1] == "quTitle" {
				rows[i][3] = "<p>Your preferred <b>colour</b></p>"
			}
			if r[0] == "q1a2" {
				rows[i][2], rows[i][3] = "Blue", ""
			}
		}
		good, err := importer.WriteXLSX(rows)
		if err != nil {
			t.Fatal(err)
		}
		before := languageRow(t, e, id, "en")
		var pv language.ImportResult
		owner.Upload("app/v6/language/import.do", "file", "en.xlsx", good, map[string]string{"surveyId": id, "languageCode": "en"}).OK(t, &pv)
		if len(pv.Changed) != 2 || len(pv.Unknown) != 0 || pv.Applied || pv.Unchanged != pv.Rows-2 {
			t.Fatalf("preview %+v", pv)
		}
		if l := languageRow(t, e, id, "en"); l.DraftScript != before.DraftScript || l.Script != before.Script {
			t.Fatal("a preview changed the language")
		}

		bad := []struct {
			name string
			rows [][]string
			raw  []byte
			msg  string
		}{
			{"unknown codes", append(append([][]string{}, rows...), []string{"q9", "quTitle", "x", "y"}), nil, "not in this survey"},
			{"no header", rows[1:], nil, "the first row must be the header"},
			{"bad type", append(append([][]string{}, rows...), []string{"q1", "quColour", "x", "y"}), nil, "unknown type"},
			{"not a workbook", nil, []byte("code,type,original content,translated content\nq1,quTitle,a,b\n"), "not an Excel .xlsx"},
		}
		bad = append(bad, struct {
			name string
			rows [][]string
			raw  []byte
			msg  string
		}{"100,000 rows", nil, bigSheet(t), "more than"})
		formula := func() []byte {
			f := excelize.NewFile()
			defer f.Close()
			for i, r := range rows {
				for j, v := range r {
					cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
					_ = f.SetCellStr("Sheet1", cell, v)
				}
			}
			_ = f.SetCellFormula("Sheet1", "D3", `HYPERLINK("http://evil.example","click")`)
			var buf bytes.Buffer
			_ = f.Write(&buf)
			return buf.Bytes()
		}()
		bad = append(bad, struct {
			name string
			rows [][]string
			raw  []byte
			msg  string
		}{"formula", nil, formula, "row 3 (cell D3) holds a formula"})
		for _, b := range bad {
			data := b.raw
			if data == nil {
				if data, err = importer.WriteXLSX(b.rows); err != nil {
					t.Fatal(err)
				}
			}
			owner.Upload("app/v6/language/import.do", "file", "x.xlsx", data,
				map[string]string{"surveyId": id, "languageCode": "en", "apply": "true"}).Refused(t, 400, b.msg)
			if l := languageRow(t, e, id, "en"); l.DraftScript != before.DraftScript || l.Script != before.Script {
				t.Fatalf("%s: the refused file changed the language", b.name)
			}
		}
		// the unknown codes are listed by the preview, and may be skipped on purpose
		unknown, _ := importer.WriteXLSX(append(append([][]string{}, rows...), []string{"q9", "quTitle", "x", "y"}))
		owner.Upload("app/v6/language/import.do", "file", "x.xlsx", unknown, map[string]string{"surveyId": id, "languageCode": "en"}).OK(t, &pv)
		if len(pv.Unknown) != 1 || pv.Unknown[0].Code != "q9" || pv.Unknown[0].Line != len(rows)+1 {
			t.Fatalf("preview of unknown codes %+v", pv)
		}

		// apply: the draft gets the two changes, respondents keep the published texts
		owner.Upload("app/v6/language/import.do", "file", "en.xlsx", good, map[string]string{"surveyId": id, "languageCode": "en", "apply": "1"}).OK(t, &pv)
		if !pv.Applied || len(pv.Changed) != 2 {
			t.Fatalf("apply %+v", pv)
		}
		var script string
		e.Client(t, "").Post(lanScript, M{"surveyId": id, "languageCode": "en"}).OK(t, &struct {
			Data *string `json:"data"`
		}{&script})
		if strings.Contains(script, "preferred") {
			t.Fatal("the import was published before the author published it")
		}
		var ed language.Editor
		owner.Get("app/v6/language/edit?surveyId="+id+"&languageCode=en").OK(t, &ed)
		got := map[string]string{}
		for _, r := range ed.Rows {
			got[r.Type+" "+r.Code] = r.Translated
		}
		if got["quTitle q1"] != "<p>Your preferred <b>colour</b></p>" || got["optionTitle q1a2"] != "Blue" || got["optionTitle q1a1"] != "Red" || !ed.HasDraft {
			t.Fatalf("editor %+v", got)
		}
		owner.Post("app/v6/language/publish", M{"surveyId": id, "languageCode": "en"}).OK(t, nil)
		e.Client(t, "").Post(lanScript, M{"surveyId": id, "languageCode": "en"}).OK(t, &struct {
			Data *string `json:"data"`
		}{&script})
		if !strings.Contains(script, "preferred") {
			t.Fatalf("published script %s", script)
		}
		// the author edits the original title: its translation is marked outdated
		doc := translationDoc()
		doc["questions"].([]M)[0]["quTitleObj"] = M{"dwHtml": "<p>您最喜欢的<b>颜色</b></p>", "dwText": "您最喜欢的颜色"}
		raw, _ := json.Marshal(doc)
		owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": id, "surveyJsonText": string(raw)}).OK(t, nil)
		owner.Get("app/v6/language/edit?surveyId="+id+"&languageCode=en").OK(t, &ed)
		for _, r := range ed.Rows {
			if r.Outdated != (r.Code == "q1" && r.Type == "quTitle") {
				t.Fatalf("outdated marks %+v", ed.Rows)
			}
		}
		if ed.Outdated != 1 {
			t.Fatalf("outdated %d", ed.Outdated)
		}
	})
}

// adds stores several languages at once; one bad entry refuses them all.
func TestLanguageAdds(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "tradds1")
	id, _ := publishDoc(t, owner, "survey", translationDoc())
	owner.Post("app/v6/language/adds", M{"surveyId": id, "languages": []M{
		{"languageCode": "en", "languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "Colour"))},
		{"languageCode": "ja", "languageJsonScript": "{bad"}}}).Refused(t, 400, "language 2")
	if n := testenv.Count(t, e.DB, &models.SurveyLanguage{}); n != 0 {
		t.Fatalf("%d rows stored", n)
	}
	var out []language.Entry
	owner.Post("app/v6/language/adds", M{"surveyId": id, "languages": []M{
		{"languageCode": "en", "languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "Colour"))},
		{"languageCode": "ja", "languageName": "日本語", "languageJsonScript": lanScriptJSON(lanItem("q1", "quTitle", "色"))}}}).OK(t, &out)
	if len(out) != 2 || len(listLanguages(t, e.Client(t, ""), id)) != 2 {
		t.Fatalf("adds %+v", out)
	}
}

// AI translation through the API on real Temporal against the local stand-in: a good run,
// then a provider that breaks tags, drops a placeholder, times out and refuses, and the
// daily budget. Every failure is reported clearly, and nothing overwrites the originals or a
// published translation.
func TestAITranslationThroughTheAPI(t *testing.T) {
	var mode atomic.Value
	mode.Store("ok")
	ai := &standin.Server{Key: "sk-api-1", Model: "standin-2", Script: func(r standin.Request) standin.Reply {
		rep := standin.Translate(r)
		out := map[string]string{}
		_ = json.Unmarshal([]byte(rep.Content), &out)
		for k, v := range r.Texts {
			switch mode.Load() {
			case "broken":
				if strings.Contains(v, "<b>") {
					out[k] = strings.ReplaceAll(standin.Mark(r.Target, v), "</b>", "")
				}
			case "placeholder":
				if strings.Contains(v, "{Q1}") {
					out[k] = strings.ReplaceAll(standin.Mark(r.Target, v), "{Q1}", "Q1")
				}
			case "slow":
				return standin.Reply{Delay: 3 * time.Second}
			}
		}
		return standin.JSON(out)
	}}
	srv := httptest.NewServer(ai)
	defer srv.Close()
	opts := testenv.Options{Temporal: sharedTemporal(t), Config: func(c *config.Config) {
		c.AI.BaseURL, c.AI.Key, c.AI.Model, c.AI.Timeout, c.AI.MaxCharsPerRequest, c.AI.MaxCharsPerDay = srv.URL+"/v1", "sk-api-1", "standin-2", time.Second, 100, 5000
	}}
	e := testenv.NewServer(t, "mysql", opts)
	owner := author(t, e, "trai001")
	id, _ := publishDoc(t, owner, "survey", translationDoc())
	var sv models.Survey
	e.DB.Take(&sv, "id = ?", id)
	run := func(code string) language.Job {
		t.Helper()
		var j language.Job
		owner.Post("app/v6/language/aiAdd", M{"surveyId": id, "languageCode": code, "languageJsonScript": "[]"}).OK(t, &j)
		deadline := time.Now().Add(60 * time.Second)
		for j.State == models.TranslationQueued || j.State == models.TranslationRunning {
			if time.Now().After(deadline) {
				t.Fatalf("job still %s", j.State)
			}
			time.Sleep(200 * time.Millisecond)
			owner.Get("app/v6/language/ai-status?surveyId="+id+"&languageCode="+code).OK(t, &j)
		}
		return j
	}
	owner.Post("app/v6/language/aiAdd", M{"surveyId": id, "languageCode": "xx"}).Refused(t, 400, "not one of the supported languages")

	j := run("en")
	if j.State != models.TranslationDone || j.Percent != 100 || len(j.Untranslated) != 0 {
		t.Fatalf("job %+v", j)
	}
	owner.Post("app/v6/language/publish", M{"surveyId": id, "languageCode": "en"}).OK(t, nil)
	published := languageRow(t, e, id, "en").Script

	// broken HTML and a dropped placeholder: those chunks are retried, then left untranslated
	// and listed; the rest is translated; the published texts stay as they were
	for _, m := range []struct{ mode, why string }{{"broken", "HTML tags changed"}, {"placeholder", "placeholders changed"}, {"slow", "did not answer"}} {
		mode.Store(m.mode)
		j = run("en")
		if j.State != models.TranslationDone || len(j.Untranslated) == 0 || !strings.Contains(j.Untranslated[0].Reason, m.why) {
			t.Fatalf("%s: job %+v", m.mode, j)
		}
		if l := languageRow(t, e, id, "en"); l.Script != published {
			t.Fatalf("%s: the published translation changed", m.mode)
		}
	}
	// a refusal ends the job at once with "Generation failed" and the provider's reason
	mode.Store("ok")
	ai.Key = "sk-rotated"
	j = run("ja")
	if j.State != models.TranslationFailed || j.Message != "Generation failed: the AI provider refused the request (HTTP 401): Incorrect API key provided." {
		t.Fatalf("refused: %+v", j)
	}
	if n := testenv.Count(t, e.DB, &models.SurveyLanguage{}, "survey_id = ? AND language_code = ?", id, "ja"); n != 0 {
		t.Fatal("a refused job saved a language")
	}
	ai.Key = "sk-api-1"
	// the daily budget: 5000 characters, spent by the runs above plus this one's size
	e.DB.Model(&models.TranslationUsage{}).Where("1 = 1").Update("chars", 4990)
	j = run("ko")
	if j.State != models.TranslationFailed || !strings.Contains(j.Message, "daily AI translation limit") {
		t.Fatalf("budget: %+v", j)
	}
	var after models.Survey
	e.DB.Take(&after, "id = ?", id)
	if after.Draft != sv.Draft {
		t.Fatal("the survey's own texts changed")
	}
}
