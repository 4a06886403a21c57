package export

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	lang "dwsurvey/survey"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden-*.csv from the current code")

// goldenSurvey has a question of every kind the export fills differently.
func goldenSurvey() *lang.Survey {
	opts := func(p string, n int, other int) []*lang.Option {
		var out []*lang.Option
		for i := 1; i <= n; i++ {
			o := &lang.Option{DwID: lang.Str(fmt.Sprintf("%s_%d", p, i)), OptionTitle: lang.Str(fmt.Sprintf("<b>%s</b> 选项 %d", p, i))}
			if i == other {
				o.ShowOptionNote = 1
			}
			out = append(out, o)
		}
		return out
	}
	return &lang.Survey{Questions: []*lang.Question{
		{DwID: "r1", QuType: lang.TypeRadio, QuTitle: "单选, \"quoted\"", QuRadios: opts("r1", 3, 3)},
		{DwID: "c1", QuType: lang.TypeCheckbox, QuTitle: "多选", QuCheckboxs: opts("c1", 3, 3)},
		{DwID: "s1", QuType: lang.TypeScore, QuTitle: "评分", QuScores: opts("s1", 3, 0)},
		{DwID: "o", QuType: lang.TypeOrderQu, QuTitle: "排序", QuOrderbys: opts("o", 2, 0)},
		{DwID: "mf", QuType: lang.TypeMultiFillblank, QuTitle: "多项填空", QuMultiFillblanks: opts("mf", 2, 0)},
		{DwID: "n1", QuType: lang.TypeScaleNPS, QuTitle: "NPS"},
		{DwID: "n2", QuType: lang.TypeScaleNPS, QuTitle: "NPS 2"},
		{DwID: "m1", QuType: lang.TypeMatrixRadio, QuTitle: "矩阵", QuRows: opts("m1r", 2, 0), QuCols: opts("m1c", 3, 0)},
		{DwID: "mc", QuType: lang.TypeMatrixCheckbox, QuTitle: "矩阵多选", QuRows: opts("r", 1, 0), QuCols: opts("c", 2, 0)},
		{DwID: "ms", QuType: lang.TypeMatrixScale, QuTitle: "矩阵量表", QuRows: []*lang.Option{{DwID: "x", OptionTitle: "X"}}},
		{DwID: "mfb", QuType: lang.TypeMatrixInput, QuTitle: "矩阵填空", QuRows: []*lang.Option{{DwID: "r1", OptionTitle: "R1"}}, QuCols: []*lang.Option{{DwID: "c1", OptionTitle: "C1"}}},
		{DwID: "u", QuType: lang.TypeUploadFile, QuTitle: "上传"},
		{DwID: "cas", QuType: lang.TypeCascade, QuTitle: "级联"},
		{DwID: "geo", QuType: lang.TypeGeolocation, QuTitle: "位置"},
		{DwID: "f1", QuType: lang.TypeFillblank, QuTitle: "填空 1"},
		{DwID: "f2", QuType: lang.TypeFillblank, QuTitle: "填空 2"},
		{DwID: "f3", QuType: lang.TypeFillblank, QuTitle: "填空 3"},
		{DwID: "k", QuType: lang.TypeFillblank, QuTitle: "K"},
	}}
}

// goldenDocs: canonical documents, the odd ones of TestDocReaderMatchesJSON, and text that
// CSV must quote or neutralise.
var goldenDocs = []string{
	`{"anQuestions":[{"quDwId":"r1","quType":"RADIO","anRadio":{"optionDwId":"r1_3","otherText":"=HYPERLINK(\"x\")"}},{"quDwId":"c1","anCheckboxs":[{"optionDwId":"c1_1"},null,{"optionDwId":"c1_3","otherText":"中文, \u4e2d"}]}]}`,
	`{"anQuestions":[null,{"quDwId":"s1","anScores":[{"optionDwId":"s1_1","answerScore":3},{"optionDwId":"s1_2","answerScore":"4.5"},{"optionDwId":"s1_3","answerScore":null}]}]}`,
	`{"anQuestions":[{"quDwId":"n1","anScale":{"answerScore":7}},{"quDwId":"n2","anScale":{"answerScore":null}},{"quDwId":"n3","anScale":null}]}`,
	`{"anQuestions":[{"quDwId":"m1","anMatrixRadios":[{"rowDwId":"m1r_1","colDwId":"m1c_2"},{"rowDwId":"m1r_2","colDwId":"m1c_3"}]},{"quDwId":"ms","anMatrixScales":[{"rowDwId":"x","answerScore":1e2}]}]}`,
	`{"anQuestions":[{"quDwId":"f1","anFbk":{"answer":"回答 1 的第 1 个填空：还不错"}},{"quDwId":"f2","anFbk":{"answer":12.50}},{"quDwId":"f3","anFbk":{"answer":{"startTime":"09:00","endTime":"10:00"}}}]}`,
	`{"anQuestions":[{"quDwId":"f1","quType":"FILLBLANK","isLogicHide":"1","quAnScore":"2.5","anFbk":{"answer":"hidden"}},{"quDwId":"f2","anFbk":{"answer":"a\nb\t\"c\", d\r\n"}}]}`,
	`{"anQuestions":[{"quDwId":"o","anOrders":[{"optionDwId":"o_1","orderNum":"2"},{"optionDwId":"o_2","orderNum":1}]},{"quDwId":"mf","anMFbks":[{"optionDwId":"mf_1","answer":"+1"},{"optionDwId":"mf_2","answer":" lead"}]}]}`,
	`{"anQuestions":[{"quDwId":"u","anUploadFiles":[{"filePath":"/api/dwsurvey/up/download/u1","fileName":"../../etc/passwd","fileSize":12},{"fileName":"b.png"}]}]}`,
	`{"anQuestions":[{"quDwId":"mc","anMatrixCheckboxes":[{"rowDwId":"r_1","rowAnCheckboxs":[{"colDwId":"c_1"},{"colDwId":"c_2"}]}]},{"quDwId":"mfb","anMatrixFbks":[{"rowDwId":"r1","rowAnFbks":[{"colDwId":"c1","answer":"@x"}]}]}]}`,
	`{"anQuestions":[{"quDwId":"cas","anCascades":[{"level":1,"value":"广东"},{"level":2,"value":"深圳"}]},{"quDwId":"geo","anLocation":{"formattedAddress":"x","latitude":22.5,"longitude":"114.1"}}]}`,
	`{"anquestions":[{"quDwId":"f1","anFbk":{"answer":"case-folded document key"}}]}`,
	`{"anQuestions":[{"QUDWID":"r1","quType":"RADIO","AnRadio":{"OptionDwId":"r1_2"}}]}`,
	`{"anQuestions":[{"quDwId":"f1","quDwId":"f2","anFbk":{"answer":"duplicate key"}}]}`,
	`{"anQuestions":[{"quDwId":"r1","anRadio":{"optionDwId":"r1_3"},"anRadio":{"otherText":"merged"}}]}`,
	`{"anQuestions":[{"quDwId":"k","unknown":"z","an\u0046bk":{"answer":"escaped key"}}]}`,
	"  {\n \"anQuestions\" : [ { \"quDwId\" : \"r1\" , \"anRadio\" : { \"optionDwId\" : \"r1_1\" } } ] }\n ",
	`{"anQuestions":[{"quDwId":"s1","quAnScore":1e400,"anScores":[{"optionDwId":"s1_1","answerScore":-1e400}]}]}`,
	`{"anQuestions":[{"quDwId":"f1","anFbk":{"answer":"-1"}},{"quDwId":"f2","anFbk":{"answer":"\\."}},{"quDwId":"f3","anFbk":{"answer":"\u3000全角"}}]}`,
	``,
}

// The CSV of an export of these documents is byte for byte the golden file (made by the
// export as it was before reading changed; -update-golden rewrites it) — read from the
// documents, and read from export copies of the questions the documents hold (as submit
// writes them next to the document).
func TestExportCSVGolden(t *testing.T) {
	for _, mode := range []struct {
		name string
		text bool
	}{{"text", true}, {"code", false}} {
		for _, fromCopy := range []bool{false, true} {
			l := NewLayout([]*lang.Survey{goldenSurvey()}, mode.text, "zh")
			vq := map[string]bool{}
			for _, q := range goldenSurvey().Questions {
				vq[string(q.DwID)] = true
			}
			var rows [][]Cell
			for i, d := range goldenDocs {
				a := answerRow(d)
				if fromCopy {
					a.ExportCopy, a.Document = copyOf(t, d), ""
				}
				a.ID, a.ClientIP, a.Province, a.City, a.SourceName = fmt.Sprintf("an%02d", i), "10.0.0.1", "广东", "深圳", "=cmd"
				a.DurationMs, a.SumScore, a.HandleState = int64(1500*i), float64(i)/4, i%3
				row := make([]Cell, len(l.Columns))
				if _, err := l.Row(a, vq, row, true); err != nil {
					t.Fatalf("%s: %v", d, err)
				}
				rows = append(rows, row)
			}
			got := writeCSV(t, l.Columns, rows)
			golden := filepath.Join("testdata", "golden-"+mode.name+".csv")
			if *updateGolden && !fromCopy {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s (from copies: %v): the CSV differs from %s:\n%s", mode.name, fromCopy, golden, got)
			}
		}
	}
}

// copyOf is the export copy of the questions a document holds.
func copyOf(t *testing.T, doc string) []byte {
	t.Helper()
	var r docReader
	var qs []*lang.AnQuestion
	if doc != "" {
		var err error
		if qs, err = r.read([]byte(doc)); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
	}
	return lang.AppendExportCopy(nil, qs)
}
