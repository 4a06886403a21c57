package export

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	lang "dwsurvey/survey"
)

// randomAnswers are answers to goldenSurvey's questions (and to ids it lacks) with every
// answer field an export reads, nil entries, hidden questions and awkward numbers.
func randomAnswers(r *rand.Rand) []*lang.AnQuestion {
	ids := []string{"r1", "c1", "s1", "o", "mf", "n1", "n2", "m1", "mc", "ms", "mfb", "u", "cas", "geo", "f1", "f2", "f3", "k", "gone"}
	str := func() lang.Str {
		return lang.Str([]string{"", "=1+1", "中文, \"引号\"", "a\nb", "@x", "-3", " lead", "r1_1", "r1_3", "c1_2", "m1r_1", "m1c_2", "r_1", "c_1", "c_2", "x", "r1", "c1"}[r.IntN(18)])
	}
	num := func() lang.Num {
		return lang.Num([]float64{0, 1, 7, -2, 2.5, 1e15, -1e-7, math.MaxFloat64, math.Copysign(0, -1), 1 << 52, 123456789.125}[r.IntN(11)])
	}
	numPtr := func() *lang.Num {
		if r.IntN(4) == 0 {
			return nil
		}
		v := num()
		return &v
	}
	some := func(n int, f func()) {
		for k := r.IntN(n + 1); k > 0; k-- {
			f()
		}
	}
	var qs []*lang.AnQuestion
	for range r.IntN(25) {
		if r.IntN(10) == 0 {
			qs = append(qs, nil)
			continue
		}
		q := &lang.AnQuestion{QuDwID: lang.Str(ids[r.IntN(len(ids))]), QuType: "X", IsLogicHide: r.IntN(8) == 0, QuAnScore: numPtr(), QuAutoScore: numPtr()}
		for range 1 + r.IntN(2) {
			switch r.IntN(14) {
			case 0:
				q.AnRadio = &lang.AnOption{OptionDwID: str(), OtherText: str()}
			case 1:
				some(4, func() {
					if r.IntN(5) == 0 {
						q.AnCheckboxs = append(q.AnCheckboxs, nil)
					} else {
						q.AnCheckboxs = append(q.AnCheckboxs, &lang.AnOption{OptionDwID: str(), OtherText: str()})
					}
				})
			case 2:
				some(3, func() { q.AnMFbks = append(q.AnMFbks, &lang.AnMFbk{OptionDwID: str(), Answer: str()}) })
			case 3:
				some(3, func() { q.AnScores = append(q.AnScores, &lang.AnScore{OptionDwID: str(), AnswerScore: num()}) })
			case 4:
				some(3, func() { q.AnOrders = append(q.AnOrders, &lang.AnOrder{OptionDwID: str(), OrderNum: num()}) })
			case 5:
				q.AnScale = &lang.AnScale{AnswerScore: numPtr()}
			case 6:
				some(3, func() {
					q.AnMatrixRadios = append(q.AnMatrixRadios, &lang.AnMatrixRadio{RowDwID: str(), ColDwID: str()})
				})
			case 7:
				some(2, func() {
					m := &lang.AnMatrixCheckbox{RowDwID: str()}
					some(3, func() { m.RowAnCheckboxs = append(m.RowAnCheckboxs, &lang.AnColRef{ColDwID: str()}) })
					q.AnMatrixCheckboxes = append(q.AnMatrixCheckboxes, m)
				})
			case 8:
				some(2, func() {
					q.AnMatrixScales = append(q.AnMatrixScales, &lang.AnMatrixScale{RowDwID: str(), AnswerScore: num()})
				})
			case 9:
				some(2, func() {
					m := &lang.AnMatrixFbk{RowDwID: str()}
					some(3, func() { m.RowAnFbks = append(m.RowAnFbks, &lang.AnCellFbk{ColDwID: str(), Answer: str()}) })
					q.AnMatrixFbks = append(q.AnMatrixFbks, m)
				})
			case 10:
				some(3, func() {
					q.AnUploadFiles = append(q.AnUploadFiles, &lang.AnUploadFile{FilePath: str(), FileName: str(), FileSize: num()})
				})
			case 11:
				some(3, func() { q.AnCascades = append(q.AnCascades, &lang.AnCascade{Level: num(), Value: str()}) })
			case 12:
				q.AnLocation = &lang.AnLocation{FormattedAddress: str(), Latitude: num(), Longitude: num(), LocationType: "gps"}
			case 13:
				q.AnFbk = &lang.AnFbk{Answer: lang.FbkText(str())}
			}
		}
		qs = append(qs, q)
	}
	return qs
}

// An answer exported from its export copy gives the same cells and files as from its stored
// document (the canonical JSON submit writes next to the copy), in text and code mode, for
// surveys with and without scores.
func TestExportCopyRowsMatchDocument(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	exam := goldenSurvey()
	exam.SurveyType = "exam"
	vq := map[string]bool{}
	for _, q := range goldenSurvey().Questions {
		vq[string(q.DwID)] = true
	}
	delete(vq, "k") // a question this answer's version lacks
	layouts := []*Layout{
		NewLayout([]*lang.Survey{goldenSurvey()}, true, "zh"), NewLayout([]*lang.Survey{goldenSurvey()}, false, "en"),
		NewLayout([]*lang.Survey{exam}, true, "zh"), NewLayout([]*lang.Survey{exam}, false, "en"),
	}
	for i := range 3000 {
		qs := randomAnswers(r)
		doc, err := lang.MarshalCanonical(map[string]any{"anQuestions": qs})
		if err != nil {
			t.Fatal(err)
		}
		fromDoc, fromCopy := answerRow(string(doc)), answerRow("")
		fromCopy.ExportCopy = lang.AppendExportCopy(nil, qs)
		for li, l := range layouts {
			want, got := make([]Cell, len(l.Columns)), make([]Cell, len(l.Columns))
			wantFiles, err := l.Row(fromDoc, vq, want, true)
			if err != nil {
				t.Fatal(err)
			}
			gotFiles, err := l.Row(fromCopy, vq, got, true)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotFiles, wantFiles) {
				t.Fatalf("answer %d, layout %d: from the copy\n%v %v\nfrom the document\n%v %v\ndocument %s", i, li, got, gotFiles, want, wantFiles, doc)
			}
		}
	}
}

// A copy the reader cannot read is an error (the export names the answer), never a wrong
// row.
func TestExportCopyUnreadable(t *testing.T) {
	l := NewLayout([]*lang.Survey{goldenSurvey()}, true, "zh")
	a := answerRow(`{"anQuestions":[{"quDwId":"f1","anFbk":{"answer":"from the document"}}]}`)
	a.ExportCopy = []byte{2, 0}
	_, err := l.Row(a, map[string]bool{}, make([]Cell, len(l.Columns)), false)
	if !errors.Is(err, lang.ErrExportCopy) {
		t.Fatalf("err = %v", err)
	}
}
