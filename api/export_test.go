package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/export"
)

const exl = "app/answer/export-log/"

type exportView struct {
	ID            string `json:"id"`
	State         string `json:"state"`
	Format        string `json:"format"`
	RowsDone      int64  `json:"rowsDone"`
	RowsTotal     int64  `json:"rowsTotal"`
	Percent       int    `json:"percent"`
	FileName      string `json:"fileName"`
	Size          int64  `json:"size"`
	QueuePosition int64  `json:"queuePosition"`
}

// exportDocV1 and V2 are two published versions: v2 drops q2 (checkbox) and adds q10.
func exportDocV1() M {
	other := M{"dwId": "a3", "optionTitle": "Other", "showOptionNote": 1}
	return M{"questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "<b>Fruit</b> 水果", "quRadios": []M{opt("a1"), opt("a2"), other}},
		{"dwId": "q2", "quType": "CHECKBOX", "quTitle": "Colours", "quCheckboxs": []M{opt("b1"), opt("b2")}},
		{"dwId": "q6", "quType": "FILLBLANK", "quTitle": "Comment"},
		{"dwId": "q9", "quType": "UPLOADFILE", "quTitle": "Files"},
	}}
}

func exportDocV2() M {
	d := exportDocV1()
	qs := d["questions"].([]M)
	d["questions"] = []M{qs[0], qs[2], qs[3], {"dwId": "q10", "quType": "FILLBLANK", "quTitle": "New"}}
	return d
}

// runExport starts an export through the API and runs it to the end (the worker's step,
// called directly: the workflow is tested in workflows/).
func runExport(t *testing.T, e *testenv.Env, c *testenv.Client, path string, body M) exportView {
	t.Helper()
	var v exportView
	c.Post(path, body).OK(t, &v)
	if v.State != models.ExportQueued || v.ID == "" {
		t.Fatalf("start: %+v", v)
	}
	if err := e.Deps.Export.Run(context.Background(), v.ID, export.Progress{}, nil); err != nil {
		t.Fatalf("run: %v", err)
	}
	c.Get(exl+"export-log-info.do?id="+v.ID).OK(t, &v)
	if v.State != models.ExportDone || v.Percent != 100 || v.Size == 0 {
		t.Fatalf("after run: %+v", v)
	}
	return v
}

func download(t *testing.T, c *testenv.Client, id string) []byte {
	t.Helper()
	r := c.Get(exl + "download.do?id=" + id)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download: HTTP %d %q %s", r.Status, r.Header.Get("Content-Disposition"), r.Body[:min(len(r.Body), 200)])
	}
	return r.Body
}

func TestExportAnswers(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "exporter1")
		other := author(t, e, "exporter2")
		anon := e.Client(t, "")
		id, _ := publishDoc(t, owner, "survey", exportDocV1())
		var files []struct {
			Location string `json:"location"`
		}
		anon.Upload("up/up-file.do", "file", "passwd.pdf", []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), map[string]string{"surveyId": id}).OK(t, &files)
		if len(files) != 1 {
			t.Fatalf("upload: %+v", files)
		}
		formulas := []string{`=HYPERLINK("http://evil.example/","x")`, "+1", "@SUM(A1:A2)", "-2+3", "\tx"}
		for i, f := range formulas {
			qs := []M{{"quDwId": "q1", "quType": "RADIO", "anRadio": M{"optionDwId": "a3", "otherText": f}},
				{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "b2"}}},
				{"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": f}}}
			if i == 0 {
				qs = append(qs, M{"quDwId": "q9", "quType": "UPLOADFILE", "anUploadFiles": []M{{"filePath": files[0].Location, "fileName": "../../etc/passwd"}}})
			}
			if code, d := save(t, anon, answerBody(id, newDwID(), qs, nil)); !d.AnCheckIsPass {
				t.Fatalf("save %d: %+v", code, d)
			}
		}
		// version 2: q2 gone, q10 new
		raw, _ := json.Marshal(exportDocV2())
		owner.Post("app/v6/dw-design-survey/save-survey-json.do", M{"surveyId": id, "surveyJsonText": string(raw)}).OK(t, nil)
		owner.Post("app/v6/dw-design-survey/dev-survey.do", M{"surveyId": id}).OK(t, nil)
		if _, d := save(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "a1"), {"quDwId": "q10", "quType": "FILLBLANK", "anFbk": M{"answer": "v2 text"}}}, nil)); !d.AnCheckIsPass {
			t.Fatalf("save v2: %+v", d)
		}

		// bad input changes nothing
		before := testenv.Count(t, e.DB, &models.Export{})
		owner.Post("app/answer/export-xls.do", M{"surveyId": id, "format": "pdf"}).Refused(t, 400, "format")
		owner.Post("app/answer/export-xls.do", M{"surveyId": id, "handleState": "7"}).Refused(t, 400, "handleState")
		other.Post("app/answer/export-xls.do", M{"surveyId": id}).Refused(t, 404, "")
		if n := testenv.Count(t, e.DB, &models.Export{}); n != before {
			t.Fatalf("refused requests created exports: %d -> %d", before, n)
		}

		// CSV with BOM: union of versions, nothing shifted, formulas inert
		v := runExport(t, e, owner, "app/answer/export-xls.do", M{"surveyId": id, "format": "csv", "bom": true})
		body := download(t, owner, v.ID)
		if !bytes.HasPrefix(body, []byte("\uFEFF")) {
			t.Fatal("no BOM")
		}
		recs, err := csv.NewReader(bytes.NewReader(body[3:])).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 1+6 || v.RowsDone != 6 {
			t.Fatalf("%d records, rowsDone %d", len(recs), v.RowsDone)
		}
		col := map[string]int{}
		for i, h := range recs[0] {
			col[h] = i
		}
		for _, h := range []string{"Q1. Fruit 水果", "Q1. Fruit 水果 - Other (text)", "Q5. Colours - b2", "Q2. Comment", "Q4. New"} {
			if _, ok := col[h]; !ok {
				t.Fatalf("no column %q in %q", h, recs[0])
			}
		}
		newest := recs[1] // newest first: the v2 answer
		if newest[col["Q4. New"]] != "v2 text" || newest[col["Q5. Colours - b2"]] != "" || newest[col["Q1. Fruit 水果"]] != "a1" {
			t.Fatalf("v2 row: %q", newest)
		}
		seen := map[string]bool{}
		for _, r := range recs[2:] {
			if r[col["Q4. New"]] != "" || r[col["Q5. Colours - b2"]] != "1" || r[col["Q1. Fruit 水果"]] != "Other" {
				t.Fatalf("v1 row: %q", r)
			}
			txt := r[col["Q2. Comment"]]
			if txt != "'"+r[col["Q1. Fruit 水果 - Other (text)"]][1:] || !strings.HasPrefix(txt, "'") {
				t.Fatalf("formula not neutralised: %q", r)
			}
			seen[txt[1:]] = true
		}
		for _, f := range formulas {
			if !seen[f] {
				t.Fatalf("%q missing from %v", f, seen)
			}
		}

		// every answer was stored with its export copy; answers saved before copies existed
		// (no copy: the export reads their documents) export to the same bytes
		var withCopy int64
		if err := e.DB.Model(&models.Answer{}).Where("survey_id = ? AND export_copy IS NOT NULL", id).Count(&withCopy).Error; err != nil || withCopy != 6 {
			t.Fatalf("answers with an export copy: %d %v", withCopy, err)
		}
		if err := e.DB.Model(&models.Answer{}).Where("survey_id = ?", id).Update("export_copy", nil).Error; err != nil {
			t.Fatal(err)
		}
		fromDocs := runExport(t, e, owner, "app/answer/export-xls.do", M{"surveyId": id, "format": "csv", "bom": true})
		if got := download(t, owner, fromDocs.ID); !bytes.Equal(got, body) {
			t.Fatalf("the export read from documents differs:\n%s\nfrom export copies:\n%s", got, body)
		}

		// XLSX with codes, read back with excelize
		v = runExport(t, e, owner, "app/answer/export-xls.do", M{"surveyId": id, "valueMode": "code"})
		x, err := excelize.OpenReader(bytes.NewReader(download(t, owner, v.ID)))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := x.GetRows("Answers")
		if err != nil || len(rows) != 7 {
			t.Fatalf("xlsx rows %d %v", len(rows), err)
		}
		q1 := -1
		for i, h := range rows[0] {
			if h == "Q1. Fruit 水果" {
				q1 = i
			}
		}
		if q1 < 0 || rows[1][q1] != "1" || rows[2][q1] != "3" {
			t.Fatalf("xlsx codes: %q / %q", rows[0], rows[1])
		}
		for _, r := range rows[2:] {
			for _, c := range r {
				if strings.HasPrefix(c, "=") || strings.HasPrefix(c, "+") || strings.HasPrefix(c, "@") {
					t.Fatalf("live formula text in xlsx: %q", r)
				}
			}
		}

		// value filter: only answers that chose a1
		v = runExport(t, e, owner, "app/answer/export-xls.do", M{"surveyId": id, "format": "csv", "quDwId": "q1", "optionDwId": "a1"})
		if v.RowsTotal != 1 || v.RowsDone != 1 {
			t.Fatalf("filtered export: %+v", v)
		}

		// ZIP with uploads: the file lands inside its answer folder
		v = runExport(t, e, owner, "app/answer/export-xls.do", M{"surveyId": id, "format": "csv", "withFiles": true})
		zr, err := zip.NewReader(bytes.NewReader(download(t, owner, v.ID)), v.Size)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range zr.File {
			names = append(names, f.Name)
			if strings.Contains(f.Name, "..") || strings.HasPrefix(f.Name, "/") {
				t.Fatalf("unsafe zip entry %q", f.Name)
			}
		}
		if len(zr.File) != 2 || zr.File[1].Name != "answers.csv" || !strings.HasPrefix(zr.File[0].Name, "files/") || !strings.HasSuffix(zr.File[0].Name, "/1-passwd") {
			t.Fatalf("zip entries %q", names)
		}

		// another user's export is not found
		for _, p := range []string{"export-log-info.do?id=" + v.ID, "download.do?id=" + v.ID} {
			if r := other.Get(exl + p); r.Code(t) != 404 {
				t.Fatalf("%s for another user: %d", p, r.Code(t))
			}
		}
		other.Post(exl+"cancel.do", M{"id": v.ID}).Refused(t, 404, "")
		var list struct {
			TotalItems int64        `json:"totalItems"`
			Result     []exportView `json:"result"`
		}
		owner.Get(exl+"list.do?surveyId="+id).OK(t, &list)
		if list.TotalItems != 5 || list.Result[0].ID != v.ID { // CSV, CSV from documents, XLSX, filtered CSV, ZIP
			t.Fatalf("list: %+v", list)
		}

		// a cancelled export leaves no file
		var c exportView
		owner.Post("app/answer/export-xls.do", M{"surveyId": id}).OK(t, &c)
		owner.Post(exl+"cancel.do", M{"id": c.ID}).OK(t, &c)
		if c.State != models.ExportCancelled {
			t.Fatalf("cancel: %+v", c)
		}
		if err := e.Deps.Export.Run(context.Background(), c.ID, export.Progress{}, nil); !errors.Is(err, export.ErrCancelled) {
			t.Fatalf("run of a cancelled export: %v", err)
		}
		if err := e.Deps.Export.Discard(context.Background(), c.ID, models.ExportCancelled, ""); err != nil {
			t.Fatal(err)
		}
		if ents, _ := os.ReadDir(filepath.Join(e.BlobDir, "exports", c.ID)); len(ents) != 0 {
			t.Fatalf("cancelled export left %d files", len(ents))
		}
		owner.Get(exl+"download.do?id="+c.ID).Refused(t, 400, "cancelled")
	})
}

// The .sav is read back by readstat and PSPP: row count, variable and value labels,
// measure levels and the missing code.
func TestExportSAV(t *testing.T) {
	readstat, err := testenv.SystemTool("readstat", "readstat")
	testenv.Require(t, err)
	pspp, err := testenv.SystemTool("pspp", "pspp")
	testenv.Require(t, err)
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "savowner")
	anon := e.Client(t, "")
	id, _ := publishDoc(t, owner, "survey", exportDocV1())
	for _, qs := range [][]M{
		{anRadio("q1", "a2"), {"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": "很好, \"quoted\""}}},
		{{"quDwId": "q2", "quType": "CHECKBOX", "anCheckboxs": []M{{"optionDwId": "b1"}}}},
		{anRadio("q1", "a1")},
	} {
		if _, d := save(t, anon, answerBody(id, newDwID(), qs, nil)); !d.AnCheckIsPass {
			t.Fatalf("save: %+v", d)
		}
	}
	v := runExport(t, e, owner, "app/v6/dw-answer-data-export/export-to-sav.do", M{"surveyId": id})
	if !strings.HasSuffix(v.FileName, ".sav") {
		t.Fatalf("file name %q", v.FileName)
	}
	dir := t.TempDir()
	sav := filepath.Join(dir, "a.sav")
	if err := os.WriteFile(sav, download(t, owner, v.ID), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(readstat, sav, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 4 {
		t.Fatalf("readstat: %d records %v\n%s", len(recs), err, out)
	}
	if strings.Join(recs[0][:3], ",") != "ANSWER_ID,BEGIN_TIME,END_TIME" {
		t.Fatalf("names %q", recs[0])
	}
	syntax := filepath.Join(dir, "r.sps")
	os.WriteFile(syntax, []byte("GET FILE='"+sav+"'.\nDISPLAY DICTIONARY.\nFREQUENCIES Q1.\n"), 0o600)
	outb, err := exec.Command(pspp, "-O", "format=csv", "-o", filepath.Join(dir, "out.csv"), syntax).CombinedOutput()
	if err != nil {
		t.Fatalf("pspp: %v %s", err, outb)
	}
	dict, _ := os.ReadFile(filepath.Join(dir, "out.csv"))
	for _, want := range []string{"Q1,", "Fruit 水果", "Nominal", "Scale", "a2", "not answered", "-9", "Comment"} {
		if !strings.Contains(string(dict), want) {
			t.Fatalf("PSPP dictionary lacks %q:\n%s", want, dict)
		}
	}
}

// Word report, PDF answer sheets (one and a batch) and the questionnaire as Word.
func TestExportDocuments(t *testing.T) {
	if _, err := os.Stat("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"); err != nil {
		testenv.Require(t, testenv.ErrMissing)
	}
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	owner := author(t, e, "docowner")
	other := author(t, e, "docother")
	anon := e.Client(t, "")
	id, _ := publishDoc(t, owner, "survey", exportDocV1())
	var answers []string
	for _, o := range []string{"a1", "a2", "a1"} {
		_, d := save(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", o), {"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": "很好"}}}, nil))
		answers = append(answers, d.DbAnswerID)
	}
	// Word report through the export workflow's step
	owner.Post("app/v6/dw-answer-data-export/exportReport2Word.do", M{"surveyId": id, "chartType": "radar"}).Refused(t, 400, "chart type")
	owner.Post("app/v6/dw-answer-data-export/exportReport2Word.do", M{"surveyId": id, "colQuDwId": "q1", "rowQuDwIds": []string{"q6"}}).Refused(t, 400, "not a choice question")
	vc := runExport(t, e, owner, "app/v6/dw-answer-data-export/exportReport2Word.do", M{"surveyId": id, "colQuDwId": "q1", "rowQuDwIds": []string{"q2"}})
	if vc.State != models.ExportDone {
		t.Fatalf("report with cross tables: %+v", vc)
	}
	v := runExport(t, e, owner, "app/v6/dw-answer-data-export/exportReport2Word.do", M{"surveyId": id, "chartType": "pie", "lang": "zh-CN"})
	if !strings.HasSuffix(v.FileName, ".docx") || v.RowsTotal != 3 {
		t.Fatalf("report: %+v", v)
	}
	if b := download(t, owner, v.ID); !bytes.HasPrefix(b, []byte("PK")) {
		t.Fatal("the report is not a .docx (zip)")
	}
	// one answer's PDF sheet, streamed; another user's answer is not found
	r := owner.Get("app/answer/print-pdf.do?answerId=" + answers[0] + "&showScore=1&fields=time,ip")
	if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("%PDF")) || !strings.Contains(r.Header.Get("Content-Disposition"), ".pdf") {
		t.Fatalf("sheet: HTTP %d %q", r.Status, r.Body[:min(len(r.Body), 100)])
	}
	other.Get("app/answer/print-pdf.do?answerId="+answers[0]).Refused(t, 404, "")
	owner.Get("app/answer/print-pdf.do?answerId="+answers[0]+"&fields=password").Refused(t, 400, "print field")
	// a batch of the filtered answers
	v = runExport(t, e, owner, "app/answer/print-pdf.do", M{"surveyId": id, "quDwId": "q1", "optionDwId": "a1", "header": "打印"})
	if v.RowsTotal != 2 || !strings.HasSuffix(v.FileName, ".pdf") {
		t.Fatalf("batch: %+v", v)
	}
	if b := download(t, owner, v.ID); !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Fatal("the batch is not a PDF")
	}
	// the questionnaire as Word (design access rule)
	r = owner.Get("app/v6/dw-design-survey/export-survey-word.do?surveyId=" + id)
	if r.Status != 200 || !bytes.HasPrefix(r.Body, []byte("PK")) || !strings.Contains(r.Header.Get("Content-Disposition"), ".docx") {
		t.Fatalf("questionnaire: HTTP %d", r.Status)
	}
	if r := other.Get("app/v6/dw-design-survey/export-survey-word.do?surveyId=" + id); r.Code(t) != 404 {
		t.Fatalf("questionnaire for another user: %d", r.Code(t))
	}
}
