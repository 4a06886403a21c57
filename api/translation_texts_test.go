package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// Content languages beyond titles, notes and options (issue 16): page buttons the author named,
// the end page text, validation hints and placeholders are translatable texts (editor rows,
// translation file, published script); cascade option labels of the survey's own cascade data
// are too, and publishing the language writes them to the cascade data's copy in that
// language, which the answer page asks for. Outdated marks follow the originals.
func TestTranslationMoreTexts(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "trmore1")
		var info surveyInfo
		owner.Post("app/survey/add.do", M{"surveyName": "More texts", "surveyType": "survey"}).OK(t, &info)
		tree := []M{{"label": "浙江", "value": "zj", "children": []M{{"label": "杭州", "value": "hz"}}}}
		var src cascadeRow
		owner.Post("app/v6/dw-cascade-json/save", M{"cascadeName": "Areas", "scope": "private", "surveyId": info.ID, "jsonData": tree}).OK(t, &src)
		var sys cascadeRow
		e.Client(t, e.AdminToken(t)).Post("admin/cascade/save.do", M{"cascadeName": "Shared", "jsonData": tree}).OK(t, &sys)
		doc := M{
			"surveyStyle": M{"nextBtnText": "继续", "prevBtnText": "上一页", "submitBtnText": "交卷"},
			"surveyAttrs": M{"endPageAttr": M{"textAttr": M{"submitSuccess": M{"enabled": true, "text": "<p>谢谢</p>"}}}},
			"questions": []M{
				{"dwId": "q1", "quType": "FILLBLANK", "quTitle": "邮编", "quAttr": M{"inputAttr": M{"commonAttr": M{"checkType": "CUSTOM", "regex": "^[0-9]{6}$", "regexMsg": "六位数字", "placeholder": "100000"}}}},
				{"dwId": "q2", "quType": "CASCADE", "quTitle": "地区", "quAttr": M{"cascadeAttr": M{"cascadeJsonId": src.ID}}},
				{"dwId": "q3", "quType": "CASCADE", "quTitle": "共享", "quAttr": M{"cascadeAttr": M{"cascadeJsonId": sys.ID}}},
			},
		}
		raw, _ := json.Marshal(doc)
		owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(raw)}).OK(t, nil)
		owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": info.ID}).OK(t, nil)

		// the texts of the survey, side by side (a language added empty as a draft)
		owner.Post("app/v6/language/add", M{"surveyId": info.ID, "languageCode": "en", "languageJsonScript": "[]", "draft": true}).OK(t, nil)
		var ed struct {
			Rows []struct{ Code, Type, Original, Translated string }
		}
		owner.Get("app/v6/language/edit?surveyId="+info.ID+"&languageCode=en").OK(t, &ed)
		var got []string
		items := []M{}
		for _, r := range ed.Rows {
			got = append(got, r.Type+" "+r.Original)
			v := "EN " + r.Original
			if r.Type == "cascadeOption" {
				v = map[string]string{"浙江": "Zhejiang", "杭州": "Hangzhou"}[r.Original]
			}
			items = append(items, lanItem(r.Code, r.Type, v))
		}
		want := []string{"surveyName More texts", "quTitle 邮编", "regexMsg 六位数字", "placeholder 100000", "quTitle 地区", "quTitle 共享",
			"nextBtnText 继续", "submitBtnText 交卷", "submitSuccess <p>谢谢</p>", "cascadeOption 浙江", "cascadeOption 杭州"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("editor rows\n got %q\nwant %q", got, want)
		}
		// the translation file has them too (the system source's labels are not the survey's)
		rows := sheetRows(t, owner.Get("app/v6/language/export.do?surveyId="+info.ID+"&languageCode=en").Body)
		var types []string
		for _, r := range rows[1:] {
			types = append(types, r[1])
		}
		if len(rows) != len(want)+1 || !strings.Contains(strings.Join(types, ","), "regexMsg,placeholder") || types[len(types)-1] != "cascadeOption" {
			t.Fatalf("file rows %v", rows)
		}

		// saved as the draft: the cascade data is not touched until the language is published
		owner.Post("app/v6/language/add", M{"surveyId": info.ID, "languageCode": "en", "languageJsonScript": lanScriptJSON(items...), "draft": true}).OK(t, nil)
		var copies int64
		e.DB.Model(&models.CascadeSource{}).Where("copy_of_id = ?", src.ID).Count(&copies)
		if copies != 0 {
			t.Fatal("a draft wrote to the cascade data")
		}
		owner.Post("app/v6/language/publish", M{"surveyId": info.ID, "languageCode": "en"}).OK(t, nil)
		anon := e.Client(t, "")
		var pub cascadePublished
		anon.Get("none/v6/dw-answer-survey/cascade-json-info.do?id="+src.ID+"&languageCode=en").OK(t, &pub)
		if len(pub.JSONData) != 1 || pub.JSONData[0].Label != "Zhejiang" || pub.JSONData[0].Value != "zj" || pub.JSONData[0].Children[0].Label != "Hangzhou" {
			t.Fatalf("served in English: %s", must(json.Marshal(pub)))
		}
		pub = cascadePublished{}
		anon.Get("none/v6/dw-answer-survey/cascade-json-info.do?id="+src.ID).OK(t, &pub)
		if pub.JSONData[0].Label != "浙江" {
			t.Fatalf("the original labels changed: %s", must(json.Marshal(pub)))
		}
		var script string
		anon.Post("none/v6/dw-answer-select-language/getLanguageScript", M{"surveyId": info.ID, "languageCode": "en"}).OK(t, &struct {
			Data *string `json:"data"`
		}{&script})
		for _, w := range []string{`"lanType":"regexMsg","lanValue":"EN 六位数字"`, `"lanType":"submitBtnText"`, `"lanType":"submitSuccess","lanValue":"EN \u003cp\u003e谢谢\u003c/p\u003e"`} {
			if !strings.Contains(script, w) {
				t.Fatalf("published script lacks %s: %s", w, script)
			}
		}

		// a submit refused by the custom check words the survey's message in the respondent's
		// content language (lang); without one, or with a language the survey has not published,
		// in the original. The stock message keys stay for the answer page to word.
		fbk := []M{{"quDwId": "q1", "quType": "FILLBLANK", "anFbk": M{"answer": "abc"}}}
		for _, c := range []struct{ lang, want string }{{"en", "EN 六位数字"}, {"", "六位数字"}, {"xx", "六位数字"}} {
			env := anon.Post(ans+"save-survey-answer.do", answerBody(info.ID, newDwID(), fbk, M{"lang": c.lang})).Env(t)
			var d struct {
				Errors []struct {
					QuDwID, Key, Text string
					Params            map[string]any
				}
			}
			_ = json.Unmarshal(env.Data, &d)
			if env.ResultCode != 400 || len(d.Errors) != 1 || d.Errors[0].QuDwID != "q1" || d.Errors[0].Key != "custom" ||
				d.Errors[0].Params["message"] != c.want || d.Errors[0].Text != c.want {
				t.Fatalf("lang %q: want the message %q, got %d %s", c.lang, c.want, env.ResultCode, env.Data)
			}
		}

		// the original of a hint changes: its translation is marked outdated, the others not
		doc["questions"].([]M)[0]["quAttr"] = M{"inputAttr": M{"commonAttr": M{"regexMsg": "请输入六位数字"}}}
		raw, _ = json.Marshal(doc)
		owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": info.ID, "surveyJsonText": string(raw)}).OK(t, nil)
		var ed2 struct {
			Rows []struct {
				Code, Type string
				Outdated   bool
			}
			Outdated int
		}
		owner.Get("app/v6/language/edit?surveyId="+info.ID+"&languageCode=en").OK(t, &ed2)
		if ed2.Outdated != 1 {
			t.Fatalf("outdated %d: %+v", ed2.Outdated, ed2.Rows)
		}
		for _, r := range ed2.Rows {
			if r.Outdated != (r.Type == "regexMsg") {
				t.Fatalf("row %+v", r)
			}
		}

		// bad input: an unknown type names the known ones; a cascade row of a source the survey
		// does not own is not applied to any cascade data
		owner.Post("app/v6/language/add", M{"surveyId": info.ID, "languageCode": "fr", "languageJsonScript": lanScriptJSON(lanItem("q1", "hint", "x"))}).
			Refused(t, 400, "cascadeOption")
		owner.Post("app/v6/language/add", M{"surveyId": info.ID, "languageCode": "fr", "languageJsonScript": lanScriptJSON(lanItem(sys.ID+":1", "cascadeOption", "X"))}).OK(t, nil)
		e.DB.Model(&models.CascadeSource{}).Where("copy_of_id = ?", sys.ID).Count(&copies)
		if copies != 0 {
			t.Fatal("a survey's language wrote to a system source")
		}
	})
}
