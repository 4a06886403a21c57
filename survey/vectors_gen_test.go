package survey

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// This file holds the inputs of the shared engine vectors and hand-checked
// expectations. With SURVEY_UPDATE_VECTORS=1, TestVectors checks every
// expectation against the engine and rewrites testdata/engine/*.json with
// the engine's full result. The JSON files are the source of truth.

type gcase struct{ name, survey, input, want string }

type gfile struct {
	name, desc string
	surveys    map[string]string
	cases      []gcase
}

// JSON builders ---------------------------------------------------------

func qj(id, typ, body string) string {
	if body != "" {
		body = "," + body
	}
	return fmt.Sprintf(`{"dwId":%q,"quType":%q%s}`, id, typ, body)
}

func optList(field, qid string, n int, extra ...string) string {
	var parts []string
	for i := 1; i <= n; i++ {
		e := ""
		if i-1 < len(extra) && extra[i-1] != "" {
			e = "," + extra[i-1]
		}
		parts = append(parts, fmt.Sprintf(`{"dwId":"%sa%d"%s}`, qid, i, e))
	}
	return fmt.Sprintf(`%q:[%s]`, field, strings.Join(parts, ","))
}

func rowsCols(qid string, rows, cols int, rowExtra, colExtra []string) string {
	var r, c []string
	for i := 1; i <= rows; i++ {
		e := ""
		if i-1 < len(rowExtra) && rowExtra[i-1] != "" {
			e = "," + rowExtra[i-1]
		}
		r = append(r, fmt.Sprintf(`{"dwId":"%sr%d"%s}`, qid, i, e))
	}
	for i := 1; i <= cols; i++ {
		e := ""
		if i-1 < len(colExtra) && colExtra[i-1] != "" {
			e = "," + colExtra[i-1]
		}
		c = append(c, fmt.Sprintf(`{"dwId":"%sc%d"%s}`, qid, i, e))
	}
	return fmt.Sprintf(`"quRows":[%s],"quCols":[%s]`, strings.Join(r, ","), strings.Join(c, ","))
}

const req = `"quAttr":{"isRequired":true}`

func join(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ",")
}

func doc(qs ...string) string { return `{"questions":[` + strings.Join(qs, ",") + `]}` }

func docWith(top string, qs ...string) string {
	return `{` + top + `,"questions":[` + strings.Join(qs, ",") + `]}`
}

// Answer builders.
func aRadio(q, o string) string {
	return fmt.Sprintf(`{"quDwId":%q,"anRadio":{"optionDwId":%q}}`, q, o)
}
func aRadioNote(q, o, note string) string {
	return fmt.Sprintf(`{"quDwId":%q,"anRadio":{"optionDwId":%q,"otherText":%q}}`, q, o, note)
}
func aCbx(q string, os ...string) string {
	var p []string
	for _, o := range os {
		p = append(p, fmt.Sprintf(`{"optionDwId":%q}`, o))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anCheckboxs":[%s]}`, q, strings.Join(p, ","))
}
func aFbk(q, text string) string { return fmt.Sprintf(`{"quDwId":%q,"anFbk":{"answer":%q}}`, q, text) }
func aOrders(q string, pairs ...string) string { // "q1a1:1"
	var p []string
	for _, x := range pairs {
		o, n, _ := strings.Cut(x, ":")
		p = append(p, fmt.Sprintf(`{"optionDwId":%q,"orderNum":%q}`, o, n))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anOrders":[%s]}`, q, strings.Join(p, ","))
}
func aMFbk(q string, pairs ...string) string { // "q1a1=text"
	var p []string
	for _, x := range pairs {
		o, t, _ := strings.Cut(x, "=")
		p = append(p, fmt.Sprintf(`{"optionDwId":%q,"answer":%q}`, o, t))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anMFbks":[%s]}`, q, strings.Join(p, ","))
}
func aScores(q string, pairs ...string) string { // "q1a1:4"
	var p []string
	for _, x := range pairs {
		o, n, _ := strings.Cut(x, ":")
		p = append(p, fmt.Sprintf(`{"optionDwId":%q,"answerScore":%s}`, o, n))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anScores":[%s]}`, q, strings.Join(p, ","))
}
func aScale(q, n string) string {
	return fmt.Sprintf(`{"quDwId":%q,"anScale":{"answerScore":%s}}`, q, n)
}
func aFiles(q string, files ...string) string { // "name.ext:size"
	var p []string
	for _, f := range files {
		n, sz, _ := strings.Cut(f, ":")
		if sz == "" {
			sz = "1000"
		}
		p = append(p, fmt.Sprintf(`{"filePath":"/f/%s","fileName":%q,"fileSize":%s}`, n, n, sz))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anUploadFiles":[%s]}`, q, strings.Join(p, ","))
}
func aMRadio(q string, pairs ...string) string { // "r1:c2" -> q-prefixed ids
	var p []string
	for _, x := range pairs {
		r, c, _ := strings.Cut(x, ":")
		p = append(p, fmt.Sprintf(`{"rowDwId":"%s%s","colDwId":"%s%s"}`, q, r, q, c))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anMatrixRadios":[%s]}`, q, strings.Join(p, ","))
}
func aMCbx(q string, rows ...string) string { // "r1:c1+c2"
	var p []string
	for _, x := range rows {
		r, cs, _ := strings.Cut(x, ":")
		var cc []string
		for _, c := range strings.Split(cs, "+") {
			if c != "" {
				cc = append(cc, fmt.Sprintf(`{"colDwId":"%s%s"}`, q, c))
			}
		}
		p = append(p, fmt.Sprintf(`{"rowDwId":"%s%s","rowAnCheckboxs":[%s]}`, q, r, strings.Join(cc, ",")))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anMatrixCheckboxes":[%s]}`, q, strings.Join(p, ","))
}
func aMFbks(q string, rows ...string) string { // "r1:c1=text"
	var p []string
	for _, x := range rows {
		r, rest, _ := strings.Cut(x, ":")
		c, t, _ := strings.Cut(rest, "=")
		p = append(p, fmt.Sprintf(`{"rowDwId":"%s%s","rowAnFbks":[{"colDwId":"%s%s","answer":%q}]}`, q, r, q, c, t))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anMatrixFbks":[%s]}`, q, strings.Join(p, ","))
}
func aMScales(q string, rows ...string) string { // "r1:4"
	var p []string
	for _, x := range rows {
		r, n, _ := strings.Cut(x, ":")
		p = append(p, fmt.Sprintf(`{"rowDwId":"%s%s","answerScore":%s}`, q, r, n))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anMatrixScales":[%s]}`, q, strings.Join(p, ","))
}
func aCascade(q string, vals ...string) string {
	var p []string
	for i, v := range vals {
		p = append(p, fmt.Sprintf(`{"level":%d,"value":%q}`, i+1, v))
	}
	return fmt.Sprintf(`{"quDwId":%q,"anCascades":[%s]}`, q, strings.Join(p, ","))
}
func aLoc(q, addr string) string {
	return fmt.Sprintf(`{"quDwId":%q,"anLocation":{"location":true,"longitude":116.4,"latitude":39.9,"formattedAddress":%q}}`, q, addr)
}

func in(answers ...string) string { return `{"answers":[` + strings.Join(answers, ",") + `]}` }
func inX(extra string, answers ...string) string {
	return `{` + extra + `,"answers":[` + strings.Join(answers, ",") + `]}`
}

// summary renders one field of a result for hand-written expectations.
func summary(r *Result, field string) string {
	switch field {
	case "errors":
		var p []string
		for _, m := range r.Errors {
			s := m.QuDwID + ":" + m.Key
			if m.ItemDwID != "" {
				s += "@" + m.ItemDwID
			}
			p = append(p, s)
		}
		return strings.Join(p, ",")
	case "visible":
		return strings.Join(r.VisibleQuestions, ",")
	case "hiddenOpts":
		return strings.Join(r.HiddenOptions, ",")
	case "cleared":
		return strings.Join(r.ClearedAnswers, ",")
	case "unchecked":
		return strings.Join(r.UncheckedOptions, ",")
	case "solutions":
		return strings.Join(r.Solutions, ",")
	case "page":
		return fmt.Sprint(r.Page)
	case "pageQ":
		return strings.Join(r.PageQuestions, ",")
	case "end":
		return fmt.Sprint(r.End)
	case "score":
		return fmt.Sprint(r.Score.Total) + "/" + fmt.Sprint(r.Score.Max)
	case "qscores":
		var p []string
		for _, q := range r.Score.Questions {
			p = append(p, fmt.Sprintf("%s:%v/%v:%s", q.QuDwID, q.Score, q.Max, q.State))
		}
		return strings.Join(p, ",")
	case "progress":
		return fmt.Sprintf("%d/%d/%v", r.Progress.CompleteAnQu, r.Progress.TotalAnQu, r.Progress.Percentage)
	case "quotas":
		var p []string
		for _, q := range r.Quotas {
			p = append(p, fmt.Sprintf("%s:%v:%v", q.Quota, q.Matched, q.Full))
		}
		return strings.Join(p, ",")
	case "assign":
		var p []string
		for _, a := range r.Assignments {
			b, _ := json.Marshal(a.Value)
			p = append(p, a.QuDwID+"="+string(b))
		}
		return strings.Join(p, ",")
	case "hints":
		var p []string
		for _, h := range r.Hints {
			p = append(p, h.QuDwID+":"+h.Message)
		}
		return strings.Join(p, ",")
	case "votes":
		var p []string
		for _, v := range r.Votes {
			for _, o := range v.Options {
				p = append(p, fmt.Sprintf("%s:%d:%v", o.DwID, o.Count, o.Percentage))
			}
		}
		return strings.Join(p, ",")
	case "order":
		if r.Order == nil {
			return ""
		}
		b, _ := json.Marshal(r.Order)
		return string(b)
	case "text":
		var p []string
		for _, m := range r.Errors {
			p = append(p, m.Text)
		}
		return strings.Join(p, ",")
	}
	return "?" + field
}

func generateVectors(t *testing.T) {
	total := 0
	for _, f := range vectorFiles() {
		vf := VectorFile{Description: f.desc, Surveys: map[string]json.RawMessage{}}
		for k, s := range f.surveys {
			var buf bytes.Buffer
			if err := json.Compact(&buf, []byte(s)); err != nil {
				t.Fatalf("%s/%s: bad survey JSON: %v\n%s", f.name, k, err, s)
			}
			vf.Surveys[k] = buf.Bytes()
			if _, issues, _ := Parse(buf.Bytes()); len(issues) > 0 && !strings.HasPrefix(k, "bad") {
				t.Errorf("%s/%s: survey has issues %v", f.name, k, issues)
			}
		}
		for _, c := range f.cases {
			var buf bytes.Buffer
			if err := json.Compact(&buf, []byte(c.input)); err != nil {
				t.Fatalf("%s/%s: bad input JSON: %v\n%s", f.name, c.name, err, c.input)
			}
			vc := VectorCase{Name: c.name, Survey: c.survey, Input: buf.Bytes()}
			got, r := runVector(t, &vf, &vc)
			for _, w := range strings.Split(c.want, "|") {
				if w == "" {
					continue
				}
				field, val, _ := strings.Cut(w, "=")
				if s := summary(r, field); s != val {
					t.Errorf("%s/%s: %s = %q, want %q", f.name, c.name, field, s, val)
				}
			}
			vc.Expect, _ = json.Marshal(got)
			vf.Cases = append(vf.Cases, vc)
			total++
		}
		writeVectorFile(t, filepath.Join(vectorDir, f.name+".json"), vf)
	}
	t.Logf("generated %d vectors", total)
}

// writeVectorFile writes a generated vector file: indented JSON without HTML escaping (the
// format every shared vector file of testdata/engine uses).
func writeVectorFile(t *testing.T, path string, v any) {
	t.Helper()
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
