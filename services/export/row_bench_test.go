package export

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// benchLayout is the 30-question survey of tools/exportbench and one of its answers.
func benchLayout(b *testing.B) (*Layout, *models.Answer) {
	var qs []*lang.Question
	var an []map[string]any
	opts := func(p string, n int) []*lang.Option {
		var out []*lang.Option
		for i := 1; i <= n; i++ {
			out = append(out, &lang.Option{DwID: lang.Str(fmt.Sprintf("%s_%d", p, i)), OptionTitle: lang.Str(fmt.Sprintf("%s 选项 %d", p, i))})
		}
		return out
	}
	for i := 1; i <= 12; i++ {
		id := fmt.Sprintf("r%d", i)
		qs = append(qs, &lang.Question{DwID: lang.Str(id), QuType: "RADIO", QuTitle: lang.Str(id), QuRadios: opts(id, 4)})
		an = append(an, map[string]any{"quDwId": id, "quType": "RADIO", "anRadio": map[string]any{"optionDwId": id + "_2"}})
	}
	for i := 1; i <= 6; i++ {
		id := fmt.Sprintf("c%d", i)
		qs = append(qs, &lang.Question{DwID: lang.Str(id), QuType: "CHECKBOX", QuTitle: lang.Str(id), QuCheckboxs: opts(id, 4)})
		an = append(an, map[string]any{"quDwId": id, "quType": "CHECKBOX", "anCheckboxs": []map[string]any{{"optionDwId": id + "_1"}, {"optionDwId": id + "_3"}}})
	}
	for i := 1; i <= 4; i++ {
		id := fmt.Sprintf("s%d", i)
		qs = append(qs, &lang.Question{DwID: lang.Str(id), QuType: "SCORE", QuTitle: lang.Str(id), QuScores: opts(id, 3)})
		an = append(an, map[string]any{"quDwId": id, "quType": "SCORE", "anScores": []map[string]any{{"optionDwId": id + "_1", "answerScore": 3}, {"optionDwId": id + "_2", "answerScore": 5}, {"optionDwId": id + "_3", "answerScore": 1}}})
	}
	for i := 1; i <= 4; i++ {
		id := fmt.Sprintf("f%d", i)
		qs = append(qs, &lang.Question{DwID: lang.Str(id), QuType: "FILLBLANK", QuTitle: lang.Str(id)})
		an = append(an, map[string]any{"quDwId": id, "quType": "FILLBLANK", "anFbk": map[string]any{"answer": "回答的第 1 个填空：还不错"}})
	}
	doc, _ := json.Marshal(map[string]any{"anQuestions": an})
	return NewLayout([]*lang.Survey{{Questions: qs}}, true, "zh"), &models.Answer{ID: "a1", Document: string(doc), IsEff: 1}
}

// BenchmarkRow converts one stored answer of 26 questions into its cells (as the export's
// converting goroutines do, reusing their state), from its document and from its export
// copy, in the same run.
func BenchmarkRow(b *testing.B) {
	l, a := benchLayout(b)
	for _, from := range []string{"document", "export-copy"} {
		b.Run(from, func(b *testing.B) {
			row := make([]Cell, len(l.Columns))
			st, rec, in := &rowState{}, recOf(a), make([]bool, len(l.questions))
			size := len(rec.Document)
			if from == "export-copy" {
				qs, err := (&docReader{}).read(rec.Document)
				if err != nil {
					b.Fatal(err)
				}
				rec.ExportCopy, rec.Document = lang.AppendExportCopy(nil, qs), nil
				size = len(rec.ExportCopy)
			}
			b.ReportAllocs()
			b.SetBytes(int64(size))
			cpuPerOp(b, func() {
				if _, err := l.row(st, rec, in, row, false); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkDecode compares, in the same run, the export's document reader and the export
// copy's reader with decoding the same stored answer with encoding/json (what the general
// path does).
func BenchmarkDecode(b *testing.B) {
	_, a := benchLayout(b)
	doc := []byte(a.Document)
	b.Run("reader", func(b *testing.B) {
		r := &docReader{}
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		cpuPerOp(b, func() {
			if _, err := r.read(doc); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("export-copy", func(b *testing.B) {
		qs, err := (&docReader{}).read(doc)
		if err != nil {
			b.Fatal(err)
		}
		c := lang.AppendExportCopy(nil, qs)
		r := &lang.ExportCopyReader{}
		b.ReportAllocs()
		b.SetBytes(int64(len(c)))
		cpuPerOp(b, func() {
			if _, err := r.Read(c); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(doc)))
		for i := 0; i < b.N; i++ {
			var d struct {
				AnQuestions []*rawAnQuestion `json:"anQuestions"`
			}
			if err := json.Unmarshal(doc, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkXLSXSheet writes rows of the benchmark survey through the XLSX sheet (excelize's
// streaming writer and the archive), 20,000 rows per op.
func BenchmarkXLSXSheet(b *testing.B) {
	l, a := benchLayout(b)
	row := make([]Cell, len(l.Columns))
	if _, err := l.row(&rowState{}, recOf(a), make([]bool, len(l.questions)), row, false); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := newXLSXSheet(b.TempDir()+"/x.xlsx", l.Columns)
		if err != nil {
			b.Fatal(err)
		}
		for r := 0; r < 20000; r++ {
			if err := s.Row(row); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Close(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// threadCPU is the CPU time this OS thread has used (the benchmarks lock their goroutine to
// its thread and report CPU ns/op: on a shared, loaded machine wall time per op says more
// about the other processes than about the code).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp runs op b.N times on one locked thread and reports its CPU ns/op.
func cpuPerOp(b *testing.B, op func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		op()
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N), "cpu-ns/op")
}
