package importer

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"testing"
)

// officeZip writes an Office-like zip whose part name holds n bytes of repeated chunk (it
// deflates about a thousandfold). With lie, the directory declares the part 1 KB long.
func officeZip(t *testing.T, name, head, chunk, tail string, n int, lie bool) []byte {
	t.Helper()
	var raw bytes.Buffer
	fw, _ := flate.NewWriter(&raw, flate.BestSpeed)
	crc := crc32.NewIEEE()
	w := io.MultiWriter(fw, crc)
	size := 0
	write := func(s string) {
		_, _ = io.WriteString(w, s)
		size += len(s)
	}
	write(head)
	for size < n {
		write(chunk)
	}
	write(tail)
	_ = fw.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ n, body string }{
		{"[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`},
		{"xl/workbook.xml", `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
	} {
		pw, _ := zw.Create(p.n)
		_, _ = pw.Write([]byte(p.body))
	}
	declared := uint64(size)
	if lie {
		declared = 1024
	}
	hw, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc.Sum32(),
		CompressedSize64: uint64(raw.Len()), UncompressedSize64: declared})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = hw.Write(raw.Bytes())
	_ = zw.Close()
	return buf.Bytes()
}

// allocated runs fn and returns the bytes it allocated (garbage included).
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// Files that inflate to ~300 MB (honest or lying about it), very long sheets and rows, and
// huge or deep JSON are refused with a clear message while allocating < 100 MB.
func TestImportBombsAreRefusedCheaply(t *testing.T) {
	const inflated = 300 << 20
	sheetHead := `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	row := `<row><c t="inlineStr"><is><t>single</t></is></c><c t="inlineStr"><is><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></is></c></row>`
	sheetTail := `</sheetData></worksheet>`
	docHead := `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`
	para := `<w:p><w:r><w:t>1. Question AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</w:t></w:r></w:p>`
	docTail := `</w:body></w:document>`

	manyRows, _ := WriteXLSX(func() [][]string {
		rows := [][]string{}
		for i := 0; i < MaxRows+5; i++ {
			rows = append(rows, []string{"fill", fmt.Sprintf("Q%d", i)})
		}
		return rows
	}())
	wideRow, _ := WriteXLSX([][]string{func() []string {
		r := make([]string, MaxCellsPerRow+10)
		for i := range r {
			r[i] = "x"
		}
		return r
	}()})
	manyParas := func() []string {
		var ps []string
		for i := 0; i < MaxRows+5; i++ {
			ps = append(ps, fmt.Sprintf("%d. Q", i+1))
		}
		return ps
	}()
	manyParasDoc, _ := WriteDOCX(manyParas)
	longPara, _ := WriteDOCX([]string{"1. " + strings.Repeat("长", MaxTextChars+1)})

	// each case makes its file first; only the parse is measured
	cases := []struct {
		name  string
		parse func() func() *Result
		msg   string
	}{
		{"xlsx honest 300 MB sheet", func() func() *Result {
			d := officeZip(t, "xl/worksheets/sheet1.xml", sheetHead, row, sheetTail, inflated, false)
			return func() *Result { return ParseXLSX(d) }
		}, "unpacks to more than"},
		{"xlsx lying 300 MB sheet", func() func() *Result {
			d := officeZip(t, "xl/worksheets/sheet1.xml", sheetHead, row, sheetTail, inflated, true)
			return func() *Result { return ParseXLSX(d) }
		}, ""},
		{"xlsx lying 300 MB shared strings", func() func() *Result {
			d := officeZip(t, "xl/sharedStrings.xml", `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`, `<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>`, `</sst>`, inflated, true)
			return func() *Result { return ParseXLSX(d) }
		}, ""},
		{"docx honest 300 MB", func() func() *Result {
			d := officeZip(t, "word/document.xml", docHead, para, docTail, inflated, false)
			return func() *Result { return ParseDOCX(d) }
		}, "unpacks to more than"},
		{"docx lying 300 MB", func() func() *Result {
			d := officeZip(t, "word/document.xml", docHead, para, docTail, inflated, true)
			return func() *Result { return ParseDOCX(d) }
		}, ""},
		{"xlsx too many rows", func() func() *Result {
			d := manyRows
			return func() *Result { return ParseXLSX(d) }
		}, "more than 5000 rows"},
		{"xlsx too many cells", func() func() *Result {
			d := wideRow
			return func() *Result { return ParseXLSX(d) }
		}, "more than 64 cells"},
		{"docx too many paragraphs", func() func() *Result {
			d := manyParasDoc
			return func() *Result { return ParseDOCX(d) }
		}, "more than 5000 paragraphs"},
		{"docx long paragraph", func() func() *Result {
			d := longPara
			return func() *Result { return ParseDOCX(d) }
		}, "longer than"},
		{"json deep", func() func() *Result {
			d := []byte(strings.Repeat("[", 5000) + strings.Repeat("]", 5000))
			return func() *Result { return ParseJSON(d) }
		}, "nested deeper"},
		{"json many values", func() func() *Result {
			d := []byte(`{"questions":[` + strings.TrimSuffix(strings.Repeat(`{"quType":"RADIO"},`, MaxJSONValues), ",") + `]}`)
			return func() *Result { return ParseJSON(d) }
		}, "more than 300000 values"},
		{"json many questions", func() func() *Result {
			d := []byte(`{"questions":[` + strings.TrimSuffix(strings.Repeat(`{"quType":"FILLBLANK","quTitle":"q"},`, MaxQuestions+1), ",") + `]}`)
			return func() *Result { return ParseJSON(d) }
		}, "more than 1000 questions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parse := c.parse()
			var r *Result
			n := allocated(func() { r = parse() })
			if r.OK() || r.Doc != nil {
				t.Fatalf("accepted")
			}
			if c.msg != "" && !strings.Contains(r.Errors[0].Message, c.msg) {
				t.Fatalf("message %q, want %q", r.Errors[0].Message, c.msg)
			}
			if n > 100<<20 {
				t.Fatalf("allocated %d MB want < 100 MB", n>>20)
			}
			t.Logf("%s: %q, %d MB allocated", c.name, r.Errors[0].String(), n>>20)
		})
	}
}
