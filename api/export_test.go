package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/export"
	"dwsurvey/storage"
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

// plainStore is a blob store that does not keep local files: exports go through parts.
type plainStore struct{ storage.BlobStore }

// An export stopped after two pages and run again — by a worker that lost its heartbeat, so
// it goes on from the export row — gives the same file as one run straight through, and reads
// again at most the page in flight. Each sheet format, in a store that keeps files (CSV and
// .sav written straight into the store; bytes a stopped worker wrote past its recorded
// position are cut) and in one that does not (parts replayed).
func TestExportResumesFromTheRow(t *testing.T) {
	readstat, err := testenv.SystemTool("readstat", "readstat")
	testenv.Require(t, err)
	e := testenv.NewServer(t, "mysql", testenv.Options{})
	owner := author(t, e, "resumer")
	anon := e.Client(t, "")
	id, _ := publishDoc(t, owner, "survey", exportDocV1())
	const n = 23
	for i := 0; i < n; i++ {
		qs := []M{anRadio("q1", []string{"a1", "a2"}[i%2]), {"quDwId": "q6", "quType": "FILLBLANK", "anFbk": M{"answer": fmt.Sprintf("answer %d, \"%d\"", i, i)}}}
		if _, d := save(t, anon, answerBody(id, newDwID(), qs, nil)); !d.AnCheckIsPass {
			t.Fatalf("save: %+v", d)
		}
	}
	svc := e.Deps.Export
	svc.PageSize = 5
	local := svc.Blob
	var reads int
	svc.OnRead = func(k int) { reads += k }
	// sheet is the downloaded file as comparable text (a .sav read back by readstat: its
	// header holds the time it was made)
	sheet := func(exportID, format string) string {
		b := download(t, owner, exportID)
		if format != export.FormatSAV {
			if format == export.FormatXLSX {
				f, err := excelize.OpenReader(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				rows, err := f.GetRows(f.GetSheetName(0))
				if err != nil {
					t.Fatal(err)
				}
				return fmt.Sprint(rows)
			}
			return string(b)
		}
		p := filepath.Join(t.TempDir(), "a.sav")
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(readstat, p, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	for _, store := range []struct {
		name  string
		blob  storage.BlobStore
		files bool
	}{{"local files", local, true}, {"parts", plainStore{local}, false}} {
		for _, format := range []string{export.FormatCSV, export.FormatSAV, export.FormatXLSX} {
			t.Run(store.name+"/"+format, func(t *testing.T) {
				svc.Blob = store.blob
				defer func() { svc.Blob = local }()
				path := "app/answer/export-xls.do"
				if format == export.FormatSAV {
					path = "app/v6/dw-answer-data-export/export-to-sav.do"
				}
				var whole exportView
				owner.Post(path, M{"surveyId": id, "format": format}).OK(t, &whole)
				if err := svc.Run(context.Background(), whole.ID, export.Progress{}, nil); err != nil {
					t.Fatal(err)
				}
				var v exportView
				owner.Post(path, M{"surveyId": id, "format": format}).OK(t, &v)
				ctx, stop := context.WithCancel(context.Background())
				pages := 0
				err := svc.Run(ctx, v.ID, export.Progress{}, func(export.Progress) {
					if pages++; pages == 2 {
						stop()
					}
				})
				stop()
				if err == nil {
					t.Fatal("the stopped run finished")
				}
				var row models.Export
				if err := e.DB.Take(&row, "id = ?", v.ID).Error; err != nil {
					t.Fatal(err)
				}
				if row.Parts != 2 || row.RowsDone != 10 || row.State != models.ExportRunning {
					t.Fatalf("after the stop: %+v", row)
				}
				var pos export.Progress
				if err := json.Unmarshal([]byte(row.Position), &pos); err != nil {
					t.Fatal(err)
				}
				straight := store.files && format != export.FormatXLSX
				if straight != (pos.Bytes > 0) {
					t.Fatalf("position %+v", pos)
				}
				if straight { // what a stopped worker wrote past the row
					key := "exports/" + v.ID + "/export." + format
					if format == export.FormatSAV {
						key += ".csv"
					}
					if err := local.(storage.FileStore).WriteAt(context.Background(), key, pos.Bytes, bytes.Repeat([]byte("half a page,\"\r\n"), 1<<16)); err != nil {
						t.Fatal(err)
					}
				}
				reads = 0
				if err := svc.Run(context.Background(), v.ID, export.Progress{}, nil); err != nil {
					t.Fatal(err)
				}
				if reads > n-10+5 {
					t.Fatalf("the resumed run read %d answers for the %d left", reads, n-10)
				}
				if got, want := sheet(v.ID, format), sheet(whole.ID, format); got != want {
					t.Fatalf("resumed:\n%s\nin one run:\n%s", got, want)
				}
				if err := e.DB.Take(&row, "id = ?", v.ID).Error; err != nil {
					t.Fatal(err)
				}
				if row.State != models.ExportDone || row.RowsDone != n || row.Parts != 0 || row.Position != "" {
					t.Fatalf("done: %+v", row)
				}
			})
		}
	}
}
