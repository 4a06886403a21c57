package survey

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const refDir = "../../shared/reference/dwsurvey-v6"

func refPath(t *testing.T, name string) string {
	p := filepath.Join(refDir, name)
	if _, err := os.Stat(p); err != nil {
		p = filepath.Join("/work/shared/reference/dwsurvey-v6", name)
	}
	return p
}

// sameValue compares a model value with the original JSON value, treating
// the flexible encodings the model normalises (0/1 vs bool, "1" vs 1,
// null vs empty) as equal.
func sameValue(model, orig any) bool {
	norm := func(v any) (string, bool) {
		switch x := v.(type) {
		case nil:
			return "", true
		case bool:
			if x {
				return "1", true
			}
			return "", true
		case float64:
			if x == 0 {
				return "", true
			}
			return strconv.FormatFloat(x, 'g', -1, 64), true
		case string:
			if f, err := strconv.ParseFloat(x, 64); err == nil {
				if f == 0 {
					return "", true
				}
				return strconv.FormatFloat(f, 'g', -1, 64), true
			}
			if x == "true" {
				return "1", true
			}
			if x == "false" {
				return "", true
			}
			return x, true
		}
		return "", false
	}
	a, ok1 := norm(model)
	b, ok2 := norm(orig)
	return ok1 && ok2 && a == b
}

// subset checks that every value in the model's JSON is present with the
// same meaning in the original document (the model invents nothing and
// loses the values it keeps).
func subset(t *testing.T, path string, model, orig any) {
	switch m := model.(type) {
	case map[string]any:
		o, _ := orig.(map[string]any)
		for k, v := range m {
			subset(t, path+"."+k, v, o[k])
		}
	case []any:
		o, ok := orig.([]any)
		if !ok {
			// A single string id may become a one-element list.
			if s, isStr := orig.(string); isStr && len(m) >= 1 {
				if strings.Contains(s, fmt.Sprint(m[0])) {
					return
				}
			}
			t.Errorf("%s: list vs %T", path, orig)
			return
		}
		// StrList drops empty entries; compare non-empty ones in order.
		var on []any
		for _, v := range o {
			if v != nil && v != "" {
				on = append(on, v)
			}
		}
		if len(on) != len(m) && len(o) == len(m) {
			on = o
		}
		if len(on) != len(m) {
			t.Errorf("%s: %d items, original %d", path, len(m), len(on))
			return
		}
		for i := range m {
			subset(t, fmt.Sprintf("%s[%d]", path, i), m[i], on[i])
		}
	default:
		if _, isMap := orig.(map[string]any); isMap {
			// {startTime,endTime} style objects read as text.
			return
		}
		if !sameValue(model, orig) {
			t.Errorf("%s: model %v, original %v", path, model, orig)
		}
	}
}

func TestReferenceDocumentsLoad(t *testing.T) {
	for _, name := range []string{"survey-json-text.coy7scq.json", "survey-json-simple.coy7scq.json", "surveyAll-response.fillblank-dates.json"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(refPath(t, name))
			if err != nil {
				t.Skip("reference not available:", err)
			}
			s, issues, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			for _, is := range issues {
				if is.Severity == "error" {
					t.Errorf("unexpected issue %v", is)
				}
			}
			b1, _ := MarshalCanonical(s)
			s2, _, err := Parse(b1)
			if err != nil {
				t.Fatal(err)
			}
			b2, _ := MarshalCanonical(s2)
			if string(b1) != string(b2) {
				t.Fatal("canonical form is not stable")
			}
			var model, orig any
			_ = json.Unmarshal(b1, &model)
			_ = json.Unmarshal(data, &orig)
			subset(t, "$", model, orig)
			var raw struct {
				Questions []map[string]any `json:"questions"`
			}
			_ = json.Unmarshal(data, &raw)
			if len(raw.Questions) != len(s.Questions) {
				t.Fatalf("questions %d, want %d", len(s.Questions), len(raw.Questions))
			}
			for i, q := range raw.Questions {
				if q["dwId"] != string(s.Questions[i].DwID) || q["quType"] != string(s.Questions[i].QuType) {
					t.Errorf("question %d identity lost", i)
				}
				for _, k := range []string{"quRadios", "quCheckboxs", "quOrderbys"} {
					l, _ := q[k].([]any)
					if len(l) > 0 && !strings.Contains(string(b1), `"`+k+`"`) {
						t.Errorf("question %d lost %s", i, k)
					}
				}
			}
		})
	}
}

func TestReferenceAnswerLoads(t *testing.T) {
	data, err := os.ReadFile(refPath(t, "save-survey-answer.request.coy7scq.json"))
	if err != nil {
		t.Skip(err)
	}
	var req struct {
		RequestBody struct {
			AnswerJSON json.RawMessage `json:"answerJson"`
		} `json:"request_body"`
	}
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatal(err)
	}
	a, err := ParseAnswer(req.RequestBody.AnswerJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.AnQuestions) != 3 || a.AnQuestions[2].AnOrders[0].OrderNum != 1 || len(a.AnQuestions[1].AnCheckboxs) != 2 {
		t.Fatalf("answer not decoded: %+v", a.AnQuestions)
	}
	b, err := ParseAnswer([]byte(`{"anQuestions":[{"quDwId":"q","anOrders":[{"optionDwId":"o","orderNum":"2"}],"anScale":{"answerScore":"7"}}]}`))
	if err != nil || b.AnQuestions[0].AnOrders[0].OrderNum != 2 || *b.AnQuestions[0].AnScale.AnswerScore != 7 {
		t.Fatalf("string numbers not accepted: %v", err)
	}
}

func TestLoadIssues(t *testing.T) {
	doc := `{"questions":[
	 {"dwId":"q1","quType":"RADIO","quRadios":[{"dwId":"a"},{"dwId":"a"}],
	  "questionLogics":[{"logicType":"GO","cgQuItemId":"zz","skQuId":"nope"}]},
	 {"dwId":"q1","quType":"WHAT"},
	 {"dwId":"q3","quType":"CHECKBOX","minLimit":3,"maxLimit":2,"quCheckboxs":[{"optionTitle":"x"}]},
	 {"dwId":"q4","quType":"DW_COMPONENT","childType":"bogus"}
	]}`
	_, issues, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"questions[0].quRadios[1] duplicateDwId",
		"questions[0].questionLogics[0].cgQuItemId missingTarget",
		"questions[0].questionLogics[0].skQuId missingTarget",
		"questions[1] unknownType",
		"questions[1] duplicateDwId",
		"questions[2] impossibleLimits",
		"questions[2].quCheckboxs[0] missingDwId",
		"questions[3].childType unknownChildType",
	}
	got := map[string]bool{}
	for _, is := range issues {
		got[is.Path+" "+is.Code] = true
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing issue %q; got %v", w, issues)
		}
	}
}

func TestStripSecretsAndAssign(t *testing.T) {
	doc := `{"surveyType":"exam","surveyAttrs":{"anPwdAttr":{"enabled":true,"anPwdCode":"secret"}},"questions":[
	 {"dwId":"q1","quType":"RADIO","solution":{"dwText":"because"},"quRadios":[{"dwId":"a","isRight":1,"scoreNum":5},{"scoreNum":0}],
	  "questionLogics":[{"logicType":"SOLUTION","cgQuItemId":"a","skQuId":"s1"},{"logicType":"GO","cgQuItemId":"a","skQuId":"END"}]}]}`
	s, _, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if n := AssignDwIDs(s); n != 3 { // option 2 and both rules
		t.Fatalf("assigned %d", n)
	}
	pub := StripSecrets(s)
	b, _ := MarshalCanonical(pub)
	for _, bad := range []string{"secret", "isRight", "scoreNum", "because", "SOLUTION"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("stripped document still holds %q: %s", bad, b)
		}
	}
	if !strings.Contains(string(b), `"GO"`) || !bool(s.Questions[0].QuRadios[0].IsRight) {
		t.Error("StripSecrets must keep non-secret rules and not modify the original")
	}
}
