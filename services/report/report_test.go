package report

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/services/analysis"
	lang "dwsurvey/survey"
)

// need skips (or, with CI=true, fails) a test whose tool or font is missing; `make test`
// installs them (make doc-tools). internal/testenv cannot be imported here (it wires this
// package).
func need(t *testing.T, what string, ok bool) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing (make doc-tools installs it)", what)
	}
	t.Skipf("skipping: %s is missing (make doc-tools; CI=true makes this a failure)", what)
}

func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	need(t, name, err == nil)
	return p
}

func fonts(t *testing.T) *Fonts {
	t.Helper()
	for _, f := range []string{DefaultFont, DefaultLatinFont} {
		_, err := os.Stat(f)
		need(t, f, err == nil)
	}
	return &Fonts{}
}

// toPDF converts a .docx with LibreOffice headless and returns the PDF's text and page count.
func toPDF(t *testing.T, docx []byte, name string) (string, int, string) {
	t.Helper()
	soffice, pdftotext := tool(t, "soffice"), tool(t, "pdftotext")
	dir := t.TempDir()
	in := filepath.Join(dir, name+".docx")
	if err := os.WriteFile(in, docx, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(soffice, "--headless", "-env:UserInstallation=file://"+dir+"/lo", "--convert-to", "pdf", "--outdir", dir, in).CombinedOutput()
	if err != nil {
		t.Fatalf("libreoffice: %v %s", err, out)
	}
	pdf := filepath.Join(dir, name+".pdf")
	txt, err := exec.Command(pdftotext, "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	info, _ := exec.Command("pdfinfo", pdf).Output()
	pages := 0
	for _, l := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(l, "Pages:") {
			f := strings.Fields(l)
			pages = atoi(f[len(f)-1])
		}
	}
	if dst := os.Getenv("DWS_REPORT_SHOTS"); dst != "" { // pages as PNG to look at
		_ = exec.Command("pdftoppm", "-png", "-r", "60", pdf, filepath.Join(dst, name)).Run()
	}
	return string(txt), pages, pdf
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return n
		}
		n = n*10 + int(r-'0')
	}
	return n
}

func sampleReport() *analysis.Report {
	return &analysis.Report{SurveyID: "s1", Total: 40, Questions: []analysis.ReportQuestion{
		{QuDwID: "q1", QuType: "RADIO", QuTitle: "你最喜欢的水果 Favourite fruit", Count: 40, Options: []analysis.ReportOption{
			{Title: "苹果 Apple", Count: 22, Percent: 55}, {Title: "香蕉", Count: 12, Percent: 30}, {Title: "Pear", Count: 6, Percent: 15}}},
		{QuDwID: "q2", QuType: "SCORE", QuTitle: "Rate us", Count: 30, Numbers: []analysis.ReportNumber{{Title: "Service 服务", Count: 30, Avg: 4.25, Min: 1, Max: 5}}},
		{QuDwID: "q3", QuType: "MATRIX_RADIO", QuTitle: "Matrix", Count: 10, Cells: []analysis.ReportCell{{RowTitle: "R1", ColTitle: "C1", Count: 7, Percent: 70}, {RowTitle: "R1", ColTitle: "C2", Count: 3, Percent: 30}}},
	}}
}

func TestChartPNG(t *testing.T) {
	fs := fonts(t)
	for _, kind := range []string{ChartColumn, ChartBar, ChartLine, ChartPie} {
		b, err := fs.Chart(kind, Series{Labels: []string{"苹果", "Pear"}, Values: []float64{3, 1}}, 400, 240)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != 400 {
			t.Fatalf("%s: %v", kind, err)
		}
		// the first palette colour is drawn
		found := false
		for y := 0; y < 240 && !found; y++ {
			for x := 0; x < 400; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if r>>8 == 0x01 && g>>8 == 0x5A && bl>>8 == 0xB4 {
					found = true
					break
				}
			}
		}
		if !found {
			t.Errorf("%s chart lacks the theme colour #015AB4", kind)
		}
	}
	if _, err := fs.Chart(ChartColumn, Series{}, 100, 100); err != ErrNoData {
		t.Fatalf("empty chart: %v", err)
	}
}

// The Word report opens in LibreOffice: PDF pages with the cover, the Chinese titles and the
// tables' numbers.
func TestWordReportOpensInLibreOffice(t *testing.T) {
	m := &Maker{Fonts: fonts(t)}
	var buf bytes.Buffer
	cross := &analysis.Cross{ColTitle: "性别", Tables: []analysis.CrossTable{{RowTitle: "Fruit", DF: 1, ChiSquare: 3.84, PValue: 0.05,
		Cols: []analysis.CrossCol{{Title: "男", Total: 10}, {Title: "女", Total: 10}},
		Rows: []analysis.CrossRow{{Title: "Apple", Total: 12, Cells: []analysis.CrossCell{{Count: 8, RowPercent: 66.67}, {Count: 4, RowPercent: 33.33}}}}}}}
	if err := m.WordReport(ReportInput{Title: "满意度调查 Satisfaction", Report: sampleReport(), Lang: "zh", Chart: ChartColumn, Made: "2026-11-24 20:00:00", Questions: 3, Cross: cross}, &buf); err != nil {
		t.Fatal(err)
	}
	txt, pages, _ := toPDF(t, buf.Bytes(), "report")
	if pages < 2 {
		t.Fatalf("%d pages", pages)
	}
	for _, want := range []string{"满意度调查", "Satisfaction", "统计报告", "你最喜欢的水果", "苹果 Apple", "55%", "4.25", "有效答卷", "交叉分析", "Fruit × 性别", "8 (66.67%)", "卡方 3.84"} {
		if !strings.Contains(txt, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, txt)
		}
	}
}

func TestQuestionnaireOpensInLibreOffice(t *testing.T) {
	d := &lang.Survey{Questions: []*lang.Question{
		{DwID: "q1", QuType: "RADIO", QuTitle: "<b>性别</b>", QuRadios: []*lang.Option{{DwID: "a", OptionTitle: "男"}, {DwID: "b", OptionTitle: "女"}}},
		{DwID: "p", QuType: "PAGETAG"},
		{DwID: "q2", QuType: "MATRIX_RADIO", QuTitle: "Matrix", QuRows: []*lang.Option{{DwID: "r1", OptionTitle: "Row one"}}, QuCols: []*lang.Option{{DwID: "c1", OptionTitle: "Good"}, {DwID: "c2", OptionTitle: "Bad"}}},
		{DwID: "q3", QuType: "FILLBLANK", QuTitle: "Comment"},
	}}
	var buf bytes.Buffer
	if err := (&Maker{Fonts: fonts(t)}).Questionnaire(d, "问卷 Survey", "en", &buf); err != nil {
		t.Fatal(err)
	}
	txt, pages, _ := toPDF(t, buf.Bytes(), "questionnaire")
	if pages < 1 {
		t.Fatal("no page")
	}
	for _, want := range []string{"问卷 Survey", "1. 性别", "○男", "2. Matrix", "Row one", "Good", "3. Comment", "Answer:"} {
		if !strings.Contains(txt, want) {
			t.Errorf("PDF text lacks %q:\n%s", want, txt)
		}
	}
}

// signature draws a stroke on a transparent PNG (what the signature widget uploads).
func signature() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 300, 120))
	for x := 20; x < 280; x++ {
		y := 60 + int(30*math.Sin(float64(x)/25))
		for d := -2; d <= 2; d++ {
			img.Set(x, y+d, color.NRGBA{0, 0, 120, 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// A PDF answer sheet shows Chinese text and the signature image.
func TestAnswerSheetPDF(t *testing.T) {
	fs := fonts(t)
	pdftotext := tool(t, "pdftotext")
	d := &lang.Survey{Questions: []*lang.Question{
		{DwID: "q1", QuType: "RADIO", QuTitle: "你的性别", QuRadios: []*lang.Option{{DwID: "a", OptionTitle: "男"}, {DwID: "b", OptionTitle: "女 Female"}}},
		{DwID: "q2", QuType: "FILLBLANK", QuTitle: "意见 Comment ({Q1})"},
		{DwID: "q3", QuType: "SIGNATURE", QuTitle: "签名"},
		{DwID: "q4", QuType: "FILLBLANK", QuTitle: "Skipped"},
	}}
	sig := signature()
	score := lang.Num(5)
	sheet := Sheet{Title: "客户满意度调查", Doc: d, SumScore: 5, Facts: map[string]string{"time": "2026-11-24 10:00:00", "ip": "1.2.3.4"},
		Answer: []*lang.AnQuestion{
			{QuDwID: "q1", AnRadio: &lang.AnOption{OptionDwID: "b"}, QuAnScore: &score},
			{QuDwID: "q2", AnFbk: &lang.AnFbk{Answer: "服务很好，价格合理。Great service."}},
			{QuDwID: "q3", AnUploadFiles: []*lang.AnUploadFile{{FilePath: "sig-1", FileName: "signature.png"}}},
		},
		Images: func(p string) []byte {
			if p == "sig-1" {
				return sig
			}
			return nil
		}}
	var buf bytes.Buffer
	if err := fs.AnswerSheets(&buf, []Sheet{sheet, sheet}, PrintOptions{ShowScore: true, Lang: "zh", Header: "打印模板 Print"}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "sheet.pdf")
	os.WriteFile(pdf, buf.Bytes(), 0o600)
	txt, err := exec.Command(pdftotext, pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"客户满意度调查", "1. 你的性别", "女 Female", "服务很好，价格合理。Great service.", "意见 Comment (女 Female)", "总分: 5", "得分 5", "（未作答）", "打印模板 Print", "页"} {
		if !strings.Contains(string(txt), want) {
			t.Errorf("PDF text lacks %q:\n%s", want, txt)
		}
	}
	// the signature is an image in the PDF (pdfimages lists it)
	out, err := exec.Command("pdfimages", "-list", pdf).Output()
	if err != nil || strings.Count(string(out), "\n") < 4 { // header lines + 2 images
		t.Fatalf("images: %v\n%s", err, out)
	}
	if dst := os.Getenv("DWS_REPORT_SHOTS"); dst != "" {
		_ = exec.Command("pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", pdf, filepath.Join(dst, "sheet")).Run()
	}
}
