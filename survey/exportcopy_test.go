package survey

import (
	"errors"
	"testing"
)

func exportCopySample() []*AnQuestion {
	score, nps := Num(2.5), Num(9)
	return []*AnQuestion{
		{QuDwID: "r1", QuAnScore: &score, AnRadio: &AnOption{OptionDwID: "r1_2", OtherText: "其他"}},
		nil,
		{QuDwID: "hidden", IsLogicHide: true, AnFbk: &AnFbk{Answer: "not exported"}},
		{QuDwID: "c1", AnCheckboxs: []*AnOption{{OptionDwID: "c1_1"}, nil, {OptionDwID: "c1_3", OtherText: "x"}}},
		{QuDwID: "n1", AnScale: &AnScale{AnswerScore: &nps}},
		{QuDwID: "m1", AnMatrixFbks: []*AnMatrixFbk{{RowDwID: "r", RowAnFbks: []*AnCellFbk{{ColDwID: "c", Answer: "-1"}}}}},
		{QuDwID: "g", AnLocation: &AnLocation{FormattedAddress: "深圳", Latitude: 22.5, Longitude: -114.125}},
	}
}

// A copy reads back as the visible questions it was made of.
func TestExportCopyRoundTrip(t *testing.T) {
	b := AppendExportCopy(nil, exportCopySample())
	var r ExportCopyReader
	qs, err := r.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 5 || qs[0].QuDwID != "r1" || *qs[0].QuAnScore != 2.5 || qs[0].AnRadio.OtherText != "其他" ||
		len(qs[1].AnCheckboxs) != 2 || qs[1].AnCheckboxs[1].OptionDwID != "c1_3" || *qs[2].AnScale.AnswerScore != 9 ||
		qs[3].AnMatrixFbks[0].RowAnFbks[0].Answer != "-1" || qs[4].AnLocation.Longitude != -114.125 {
		t.Fatalf("read back %+v", qs)
	}
}

// Truncated or damaged copies are refused or read as some answers; never a panic, and
// never a count that makes the reader allocate more than the copy's size.
func TestExportCopyDamaged(t *testing.T) {
	b := AppendExportCopy(nil, exportCopySample())
	var r ExportCopyReader
	for n := 0; n < len(b); n++ {
		if _, err := r.Read(b[:n]); !errors.Is(err, ErrExportCopy) {
			t.Fatalf("truncated at %d of %d: err %v", n, len(b), err)
		}
	}
	for i := 0; i < len(b); i++ {
		for _, v := range []byte{0, 1, 0x7f, 0x80, 0xff} {
			d := append([]byte(nil), b...)
			d[i] = v
			_, _ = r.Read(d)
		}
	}
	if _, err := r.Read([]byte{1, 0xff, 0xff, 0xff, 0xff, 0x0f}); !errors.Is(err, ErrExportCopy) {
		t.Fatalf("a huge count: %v", err)
	}
}

// BenchmarkExportCopy is what the copy adds to a submission, against the canonical JSON of
// the same answers that submit writes anyway (same run).
func BenchmarkExportCopy(b *testing.B) {
	qs := exportCopySample()
	for range 4 { // 28 questions
		qs = append(qs, exportCopySample()...)
	}
	b.Run("append-copy", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = AppendExportCopy(nil, qs)
		}
	})
	b.Run("document-json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := MarshalCanonical(map[string]any{"anQuestions": qs}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
