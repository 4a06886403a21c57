package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
	lang "dwsurvey/survey"
)

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`, "+1": "'+1", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)",
		"\tcmd": "'\tcmd", "\rcmd": "'\rcmd", "plain": "plain", "": "", "1+1": "1+1", "'=x": "'=x", "中文=1": "中文=1",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"../../etc/passwd": "passwd", `..\..\windows\win.ini`: "win.ini", "/abs/x.png": "x.png", "..": "file", "": "file",
		".hidden": "hidden", "a\x00b.txt": "a_b.txt", "C:evil.txt": "C_evil.txt", "照片 1.jpg": "照片 1.jpg",
	} {
		if got := SafeName(in); got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
	}
	if n := SafeName(strings.Repeat("x", 300) + ".pdf"); len([]rune(n)) != 100 || !strings.HasSuffix(n, ".pdf") {
		t.Errorf("long name %q", n)
	}
}

func TestPartsRoundTrip(t *testing.T) {
	rows := [][]Cell{{StrCell("a"), NumCell(1.5), {}}, {UserCell("=x"), NumCell(-9), StrCell("中文")}}
	files := []File{{AnswerID: "an1", Key: "/api/dwsurvey/up/download/u1?resourceToken=t", Name: "../x"}}
	cur := analysis.Cursor{EndAnDate: time.Date(2026, 1, 2, 3, 4, 5, 678000000, time.UTC), ID: "an9"}
	gotRows, gotFiles, gotCur, err := decodePart(encodePart(rows, files, cur), 3)
	if err != nil || !reflect.DeepEqual(gotRows, rows) || !reflect.DeepEqual(gotFiles, files) || !gotCur.EndAnDate.Equal(cur.EndAnDate) || gotCur.ID != cur.ID {
		t.Fatalf("round trip: %v %v %v %v", gotRows, gotFiles, gotCur, err)
	}
	b := encodePart(rows, files, cur)
	for _, bad := range [][]byte{b[:len(b)-3], []byte("XXXX"), append([]byte(partMagic), 0xff), append(b, 0)} {
		if _, _, _, err := decodePart(bad, 3); err == nil {
			t.Errorf("damaged part %q accepted", bad)
		}
	}
	if _, _, _, err := decodePart(b, 4); err == nil {
		t.Error("a part of another width was accepted")
	}
}

// Versions are united by dwId: a question only in the older version keeps its columns,
// options of both versions are kept, names are unique and valid.
func TestLayoutUnitesVersions(t *testing.T) {
	opt := func(id, title string) *lang.Option {
		return &lang.Option{DwID: lang.Str(id), OptionTitle: lang.Str(title)}
	}
	v1 := &lang.Survey{Questions: []*lang.Question{
		{DwID: "q1", QuType: "RADIO", QuTitle: "Old title", QuRadios: []*lang.Option{opt("a1", "A"), opt("a2", "B")}},
		{DwID: "q2", QuType: "CHECKBOX", QuTitle: "Gone", QuCheckboxs: []*lang.Option{opt("b1", "X")}},
	}}
	v2 := &lang.Survey{Questions: []*lang.Question{
		{DwID: "p", QuType: "PAGETAG"},
		{DwID: "q1", QuType: "RADIO", QuTitle: "<p>New &amp; title</p>", QuRadios: []*lang.Option{opt("a1", "A"), opt("a3", "C")}},
		{DwID: "q3", QuType: "MATRIX_RADIO", QuTitle: "M", QuRows: []*lang.Option{opt("r1", "R1")}, QuCols: []*lang.Option{opt("c1", "C1"), opt("c2", "C2")}},
	}}
	l := NewLayout([]*lang.Survey{v2, v1}, false, "en")
	var names, heads []string
	for _, c := range l.Columns[fixedColumns:] {
		names, heads = append(names, c.Name), append(heads, c.Header)
	}
	if strings.Join(names, ",") != "Q1,Q2_R1,Q3_1" || heads[0] != "Q1. New & title" {
		t.Fatalf("columns %q %q", names, heads)
	}
	if got := l.Columns[fixedColumns].Labels; len(got) != 3 || got[2].Label != "B" {
		t.Fatalf("union of options: %+v", got)
	}
	row := make([]Cell, len(l.Columns))
	vq := map[string]bool{"q1": true, "q2": true}
	an := `{"anQuestions":[{"quDwId":"q2","quType":"CHECKBOX","anCheckboxs":[{"optionDwId":"b1"}]}]}`
	if _, err := l.Row(answerRow(an), vq, row, false); err != nil {
		t.Fatal(err)
	}
	// q1 asked and unanswered: -9; q3 not in this version: empty; q2 chosen: 1
	if row[fixedColumns].Num != MissingCode || row[fixedColumns+1].Kind != CellEmpty || row[fixedColumns+2].Num != 1 {
		t.Fatalf("row %+v", row[fixedColumns:])
	}
}

// writeCSV writes rows through the CSV sheet (with a BOM) and returns the file.
func writeCSV(t *testing.T, cols []Column, rows [][]Cell) []byte {
	t.Helper()
	p := t.TempDir() + "/x.csv"
	s, err := newCSVSheet(p, cols, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := s.Row(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func answerRow(doc string) *models.Answer { return &models.Answer{ID: "an1", Document: doc, IsEff: 1} }

// The CSV sheet writes the bytes encoding/csv writes (CRLF), numbers as Cell.String.
func TestCSVSheetMatchesEncodingCSV(t *testing.T) {
	rows := [][]Cell{
		{StrCell("plain"), NumCell(3), NumCell(-0.25), {}, UserCell("=1+2"), StrCell("a,b"), StrCell(`say "hi"`)},
		{StrCell("line1\nline2\r\nline3\rx"), StrCell(" lead"), StrCell(`\.`), StrCell("中文，逗号"), NumCell(1e20), NumCell(-9), StrCell("\u3000全角空格")},
		{StrCell("\ttab"), StrCell("\vvt"), StrCell("\fff"), StrCell("\u0085nel"), StrCell("\u00a0nbsp"), StrCell("x "), StrCell("\x1fus")},
	}
	cols := make([]Column, len(rows[0]))
	for i := range cols {
		cols[i] = Column{Header: []string{"ID", "+h", "a\"b", "", " x", "y\nz", "中"}[i]}
	}
	got := writeCSV(t, cols, rows)
	var want bytes.Buffer
	want.WriteString("\uFEFF")
	w := csv.NewWriter(&want)
	w.UseCRLF = true
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = Neutralise(c.Header)
	}
	_ = w.Write(head)
	for _, r := range rows {
		rec := make([]string, len(r))
		for i, c := range r {
			rec[i] = c.String()
		}
		_ = w.Write(rec)
	}
	w.Flush()
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("csv\n got %q\nwant %q", got, want.Bytes())
	}
}

// The XLSX sheet is written straight to its file (not through excelize's in-memory buffer)
// and reads back with excelize: headers neutralised, numbers and text in place.
func TestXLSXSheetReadsBack(t *testing.T) {
	p := t.TempDir() + "/x.xlsx"
	s, err := newXLSXSheet(p, []Column{{Header: "ID"}, {Header: "=Total"}, {Header: "中文"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3000; i++ {
		if err := s.Row([]Cell{StrCell(fmt.Sprintf("a%d", i)), NumCell(float64(i) / 2), UserCell("=1+2")}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Answers")
	if err != nil || len(rows) != 3001 {
		t.Fatalf("rows %d %v", len(rows), err)
	}
	if strings.Join(rows[0], "|") != "ID|'=Total|中文" || strings.Join(rows[3000], "|") != "a2999|1499.5|'=1+2" {
		t.Fatalf("cells %q %q", rows[0], rows[3000])
	}
}

// An option is found at the position a map of the list's ids (the last of equal ids) gives,
// in short lists (compared in turn) and long ones (a map), empty and unknown ids included.
func TestOptionIndexMatchesMap(t *testing.T) {
	for _, n := range []int{0, 1, 4, optionScanMax, optionScanMax + 1, 40} {
		list := make([]*lang.Option, n)
		want := map[string]int{}
		for i := range list {
			id := fmt.Sprintf("q1_%d", i%7) // repeats from the eighth
			if i == 2 {
				id = ""
			}
			list[i] = &lang.Option{DwID: lang.Str(id)}
			want[id] = i
		}
		x := newOptionIndex(list)
		for _, id := range []string{"", "q1_0", "q1_1", "q1_6", "q1_7", "q2_1", "q1_", "x"} {
			i, ok := x.at(id)
			w, wok := want[id]
			if i != w || ok != wok {
				t.Errorf("%d options: at(%q) = %d %v, want %d %v", n, id, i, ok, w, wok)
			}
		}
	}
}
