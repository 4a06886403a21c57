package api_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
)

type printTemplateView struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Header    string   `json:"header"`
	Fields    []string `json:"fields"`
	ShowScore bool     `json:"showScore"`
	LogoID    string   `json:"logoId"`
	LogoName  string   `json:"logoName"`
	IsDefault bool     `json:"isDefault"`
}

// pdfTool runs a poppler tool on a PDF and answers its output.
func pdfTool(t *testing.T, tool string, pdf []byte, args ...string) string {
	t.Helper()
	bin, err := exec.LookPath(tool)
	if err != nil {
		testenv.Require(t, testenv.ErrMissing)
	}
	p := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(p, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append(args, p, "-")...)
	if tool == "pdfimages" {
		cmd = exec.Command(bin, "-list", p)
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return string(out)
}

// Print templates are saved per survey, checked, chosen when printing (header, fields,
// score, logo), and nobody else sees or uses them.
func TestPrintTemplates(t *testing.T) {
	if _, err := os.Stat("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"); err != nil {
		testenv.Require(t, testenv.ErrMissing)
	}
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "ptowner")
	other := author(t, e, "ptother")
	anon := e.Client(t, "")
	id, _ := publishDoc(t, owner, "survey", exportDocV1())
	id2, _ := publishDoc(t, owner, "survey", exportDocV1())
	_, d := save(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "a1"), {"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": "很好"}}}, nil))
	const tp = "app/answer/print-template/"

	var logos, foreign, notImage []stored
	owner.Upload("up/up-file.do", "file", "logo.png", pngBytes(t), map[string]string{"surveyId": id}).OK(t, &logos)
	owner.Upload("up/up-file.do", "file", "logo.png", pngBytes(t), map[string]string{"surveyId": id2}).OK(t, &foreign)
	owner.Upload("up/up-file.do", "file", "notes.txt", []byte("plain text"), map[string]string{"surveyId": id}).OK(t, &notImage)

	// bad input is refused and changes nothing
	owner.Post(tp+"save.do", M{"surveyId": id, "name": " "}).Refused(t, 400, "name")
	owner.Post(tp+"save.do", M{"surveyId": id, "name": strings.Repeat("x", 61)}).Refused(t, 400, "60 characters")
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "A", "fields": []string{"time", "password"}}).Refused(t, 400, "print field")
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "A", "header": strings.Repeat("页", 201)}).Refused(t, 400, "200 characters")
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "A", "logoId": foreign[0].ID}).Refused(t, 400, "uploaded for this survey")
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "A", "logoId": notImage[0].ID}).Refused(t, 400, "PNG or JPEG")
	other.Post(tp+"save.do", M{"surveyId": id, "name": "Mine"}).Refused(t, 404, "")
	var list []printTemplateView
	owner.Get(tp+"list.do?surveyId="+id).OK(t, &list)
	if len(list) != 0 {
		t.Fatalf("refused saves left templates: %+v", list)
	}

	var a, b printTemplateView
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "Plain", "fields": []string{"id"}}).OK(t, &a)
	owner.Post(tp+"save.do", M{"surveyId": id, "name": "带标志", "header": "客户满意度 Header", "fields": "time,ip,time", "showScore": true,
		"logoId": logos[0].ID, "isDefault": true}).OK(t, &b)
	if b.ID == "" || !b.IsDefault || strings.Join(b.Fields, ",") != "time,ip" || b.LogoName != "logo.png" || !b.ShowScore {
		t.Fatalf("saved: %+v", b)
	}
	owner.Get(tp+"list.do?surveyId="+id).OK(t, &list)
	if len(list) != 2 || list[0].ID != b.ID || list[1].ID != a.ID {
		t.Fatalf("list (default first): %+v", list)
	}
	// making the other one the default takes the mark away
	owner.Post(tp+"save.do", M{"surveyId": id, "id": a.ID, "name": "Plain 2", "fields": []string{"id"}, "isDefault": true}).OK(t, &a)
	owner.Get(tp+"list.do?surveyId="+id).OK(t, &list)
	if len(list) != 2 || list[0].ID != a.ID || !list[0].IsDefault || list[1].IsDefault || list[0].Name != "Plain 2" {
		t.Fatalf("after the default moved: %+v", list)
	}
	other.Get(tp+"list.do?surveyId="+id).Refused(t, 404, "")
	owner.Post(tp+"save.do", M{"surveyId": id2, "id": a.ID, "name": "moved"}).Refused(t, 404, "")

	// printing with the template: its header, facts, score and logo
	r := owner.Get("app/answer/print-pdf.do?answerId=" + d.DbAnswerID + "&templateId=" + b.ID)
	if r.Status != 200 {
		t.Fatalf("sheet with a template: HTTP %d %s", r.Status, r.Body[:min(200, len(r.Body))])
	}
	txt := pdfTool(t, "pdftotext", r.Body)
	if !strings.Contains(txt, "客户满意度 Header") || !strings.Contains(txt, "127.0.0.1") || strings.Contains(txt, d.DbAnswerID) {
		t.Fatalf("the sheet does not follow the template:\n%s", txt)
	}
	if imgs := pdfTool(t, "pdfimages", r.Body); strings.Count(imgs, "\n") < 3 {
		t.Fatalf("no logo image in the sheet:\n%s", imgs)
	}
	r = owner.Get("app/answer/print-pdf.do?answerId=" + d.DbAnswerID + "&templateId=" + a.ID)
	if txt := pdfTool(t, "pdftotext", r.Body); !strings.Contains(txt, d.DbAnswerID) || strings.Contains(txt, "127.0.0.1") {
		t.Fatalf("the plain template shows other facts:\n%s", txt)
	}
	if imgs := pdfTool(t, "pdfimages", r.Body); strings.Count(imgs, "\n") != 2 {
		t.Fatalf("an image in a sheet without a logo:\n%s", imgs)
	}
	// a batch keeps the template
	v := runExport(t, e, owner, "app/answer/print-pdf.do", M{"surveyId": id, "templateId": b.ID})
	if txt := pdfTool(t, "pdftotext", download(t, owner, v.ID)); !strings.Contains(txt, "客户满意度 Header") {
		t.Fatalf("the batch does not follow the template:\n%s", txt)
	}
	// unknown templates and other users' calls
	owner.Get("app/answer/print-pdf.do?answerId="+d.DbAnswerID+"&templateId=nope").Refused(t, 400, "print template")
	owner.Post("app/answer/print-pdf.do", M{"surveyId": id2, "templateId": b.ID}).Refused(t, 400, "print template")
	other.Post(tp+"delete.do", M{"id": b.ID}).Refused(t, 404, "")
	owner.Post(tp+"delete.do", M{"id": b.ID}).OK(t, nil)
	owner.Get(tp+"list.do?surveyId="+id).OK(t, &list)
	if len(list) != 1 || list[0].ID != a.ID {
		t.Fatalf("after delete: %+v", list)
	}
	owner.Post(tp+"delete.do", M{"id": b.ID}).Refused(t, 404, "")
}
