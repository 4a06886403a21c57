package export

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// sheetWriter writes the answer sheet to a local file.
type sheetWriter interface {
	Row(cells []Cell) error
	// Close finishes the file (for .sav: converts it).
	Close(ctx context.Context) error
}

// clip shortens s to at most n bytes without splitting a character.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// --- CSV (RFC 4180: CRLF, quotes doubled; optional UTF-8 BOM so Excel reads Chinese) ---

type csvSheet struct {
	f   *os.File
	buf *bufio.Writer
	out []byte // the line being written
}

func newCSVSheet(path string, cols []Column, bom bool) (*csvSheet, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	s := &csvSheet{f: f, buf: bufio.NewWriterSize(f, 1<<20)}
	_, err = s.buf.Write(csvHeader(cols, bom))
	return s, err
}

// csvHeader is the first line of a CSV sheet: the columns' headers (neutralised), after a
// UTF-8 byte order mark when bom is set.
func csvHeader(cols []Column, bom bool) []byte {
	var b []byte
	if bom {
		b = append(b, "\uFEFF"...)
	}
	for i, c := range cols {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCSVField(b, Neutralise(c.Header))
	}
	return append(b, '\r', '\n')
}

// csvNeedsQuotes is encoding/csv's rule (comma separator): empty fields are bare; `\.`,
// fields with a comma, quote, CR or LF, and fields starting with a space are quoted.
func csvNeedsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	for i := 0; i < len(field); i++ {
		if csvSpecial[field[i]] {
			return true
		}
	}
	if field[0] < utf8.RuneSelf {
		return asciiSpace[field[0]]
	}
	r, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r)
}

// csvSpecial marks the bytes that make a CSV field quoted; asciiSpace the ASCII bytes
// unicode.IsSpace takes (a field starting with one is quoted too).
var csvSpecial, asciiSpace = func() (sp, ws [256]bool) {
	for _, c := range "\n\r\",\"" {
		sp[c] = true
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		ws[c] = unicode.IsSpace(rune(c))
	}
	return
}()

// appendCSVField appends one field as encoding/csv writes it with UseCRLF: quotes doubled,
// LF written as CRLF, a lone CR dropped.
func appendCSVField(b []byte, field string) []byte {
	if !csvNeedsQuotes(field) {
		return append(b, field...)
	}
	b = append(b, '"')
	for i := 0; i < len(field); i++ {
		switch c := field[i]; c {
		case '"':
			b = append(b, '"', '"')
		case '\r':
		case '\n':
			b = append(b, '\r', '\n')
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// Row writes the cells as one CSV line.
func (s *csvSheet) Row(cells []Cell) error {
	s.out = appendCSVLine(s.out[:0], cells)
	_, err := s.buf.Write(s.out)
	return err
}

// appendCSVLine appends the cells as one CSV line (the same bytes as encoding/csv; pinned by
// TestCSVSheetMatchesEncodingCSV).
func appendCSVLine(b []byte, cells []Cell) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		switch c.Kind {
		case CellNum:
			b = appendNum(b, c.Num)
		case CellStr:
			b = appendCSVField(b, c.Str)
		}
	}
	return append(b, '\r', '\n')
}

func (s *csvSheet) Close(context.Context) error {
	err := s.buf.Flush()
	return errors.Join(err, s.f.Close())
}

// --- XLSX (excelize streaming writer; a new sheet every 1,048,575 answers) ---

// xlsxMaxRows is Excel's row limit less the header row.
const xlsxMaxRows = 1048575

// xlsxMaxText is Excel's longest cell text (characters).
const xlsxMaxText = 32767

type xlsxSheet struct {
	path    string
	f       *excelize.File
	sw      *excelize.StreamWriter
	header  []any
	vals    []any
	row     int
	sheetNo int
}

// newXLSXSheet writes path; excelize's temporary file of the streamed rows is kept in the
// same folder (the export's own, removed however the export ends — no excelize-* files
// are left in the system's temporary folder by a cancelled or crashed export).
func newXLSXSheet(path string, cols []Column) (*xlsxSheet, error) {
	s := &xlsxSheet{path: path, f: excelize.NewFile(excelize.Options{TmpDir: filepath.Dir(path)}), vals: make([]any, len(cols))}
	s.header = make([]any, len(cols))
	for i, c := range cols {
		s.header[i] = Neutralise(c.Header)
	}
	return s, s.newSheet()
}

func (s *xlsxSheet) newSheet() error {
	if s.sw != nil {
		if err := s.sw.Flush(); err != nil {
			return err
		}
	}
	s.sheetNo++
	name := "Answers"
	if s.sheetNo > 1 {
		name = fmt.Sprintf("Answers %d", s.sheetNo)
		if _, err := s.f.NewSheet(name); err != nil {
			return err
		}
	} else if err := s.f.SetSheetName("Sheet1", name); err != nil {
		return err
	}
	sw, err := s.f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	s.sw, s.row = sw, 1
	return sw.SetRow("A1", s.header)
}

func (s *xlsxSheet) Row(cells []Cell) error {
	if s.row > xlsxMaxRows {
		if err := s.newSheet(); err != nil {
			return err
		}
	}
	s.row++
	for i, c := range cells {
		s.vals[i] = XLSXValue(c)
	}
	cell, _ := excelize.CoordinatesToCellName(1, s.row)
	return s.sw.SetRow(cell, s.vals)
}

// XLSXValue is the value a cell is given to excelize's streaming writer as. Whole numbers
// go as int64: excelize writes them with strconv.FormatInt, the same text its float path
// writes ("3"), without formatting a float (and without boxing one: small ones are not
// allocated); minus zero stays a float ("-0"). Text longer than Excel's cell limit is cut.
func XLSXValue(c Cell) any {
	switch c.Kind {
	case CellNum:
		if v := c.Num; v == math.Trunc(v) && math.Abs(v) < 1e15 && (v != 0 || !math.Signbit(v)) {
			return int64(v)
		}
		return c.Num
	case CellStr:
		if len(c.Str) > xlsxMaxText {
			return string([]rune(c.Str)[:min(utf8.RuneCountInString(c.Str), xlsxMaxText)])
		}
		return c.Str
	}
	return nil
}

// NewXLSXZipWriter is the archive writer of XLSX exports: Go's zip writer with deflate at
// its fastest level. At excelize's default level deflate was about half of the writer's
// CPU (BenchmarkXLSXSheet profile); the fastest level takes a fraction of that for a
// somewhat larger file.
func NewXLSXZipWriter(w io.Writer) *zip.Writer {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestSpeed)
	})
	return zw
}

func (s *xlsxSheet) Close(context.Context) error {
	err := s.sw.Flush()
	if err == nil {
		err = s.save()
	}
	return errors.Join(err, s.f.Close())
}

// save writes the workbook archive straight into the file. excelize's SaveAs/WriteTo build
// the whole archive in a bytes.Buffer first (at a million answers a 255 MB buffer that
// doubles while it grows: most of the export's peak memory); its ZipWriter hook lets the
// archive go to the file instead, and the buffer stays empty. Entries larger than 4 GiB
// then get the "version needed" excelize would have set in the buffer (patchZip64).
func (s *xlsxSheet) save() error {
	out, err := os.Create(s.path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(out, 1<<20)
	s.f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return NewXLSXZipWriter(bw) })
	err = s.f.Write(io.Discard)
	err = errors.Join(err, bw.Flush(), out.Close())
	if err != nil {
		return err
	}
	return patchZip64(s.path)
}

// patchZip64 sets "version needed to extract" to 4.5 in the local header of every entry
// larger than 4 GiB (Excel refuses such entries otherwise; what excelize does in its
// in-memory buffer). Go's zip writer streams entries: their local headers have no extra
// field, so the header starts 30 bytes plus the name before the data (checked before a
// byte is changed).
func patchZip64(path string) error {
	r, err := zip.OpenReader(path)
	if err != nil {
		return err
	}
	var at []int64
	for _, f := range r.File {
		if f.UncompressedSize64 < math.MaxUint32 && f.CompressedSize64 < math.MaxUint32 {
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			r.Close()
			return err
		}
		if h := off - 30 - int64(len(f.Name)); h >= 0 {
			at = append(at, h)
		}
	}
	r.Close()
	if len(at) == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, h := range at {
		var sig [6]byte
		if _, err := f.ReadAt(sig[:], h); err != nil {
			return err
		}
		if binary.LittleEndian.Uint32(sig[:4]) != 0x04034b50 {
			continue
		}
		if _, err := f.WriteAt([]byte{45, 0}, h+4); err != nil {
			return err
		}
	}
	return nil
}

// --- SPSS .sav: Debian's readstat tool converts a CSV with a JSON metadata file ---

// savSheet writes the data as CSV (variable names as header, codes as numbers), the
// metadata (types, variable labels, value labels, missing values, decimals) as readstat's
// JSON, runs `readstat data.csv meta.json out.sav` and then sets the measure levels, which
// readstat's CSV path does not carry, in the .sav's variable display record.
type savSheet struct {
	tool  string
	out   string
	cols  []Column
	csv   *csvSheet
	width []int // widest string cell per column (bytes)
}

// savMaxText is the longest SPSS string (bytes).
const savMaxText = 32767

func newSAVSheet(tool, out string, cols []Column) (*savSheet, error) {
	f, err := os.Create(out + ".csv")
	if err != nil {
		return nil, err
	}
	cs := &csvSheet{f: f, buf: bufio.NewWriterSize(f, 1<<20)}
	if _, err := cs.buf.Write(savHeader(cols)); err != nil {
		f.Close()
		return nil, err
	}
	return &savSheet{tool: tool, out: out, cols: cols, csv: cs, width: make([]int, len(cols))}, nil
}

func (s *savSheet) Row(cells []Cell) error {
	s.csv.out = appendSAVLine(s.csv.out[:0], cells, s.cols, s.width)
	_, err := s.csv.buf.Write(s.csv.out)
	return err
}

// savHeader is the first line of the CSV readstat converts: the variable names.
func savHeader(cols []Column) []byte {
	names := make([]Column, len(cols))
	for i, c := range cols {
		names[i] = Column{Header: c.Name}
	}
	return csvHeader(names, false)
}

// appendSAVLine appends the cells as a line of the CSV readstat converts (codes as numbers,
// strings clipped to savMaxText) and widens width (bytes, per column) to its strings.
func appendSAVLine(b []byte, cells []Cell, cols []Column, width []int) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		switch c.Kind {
		case CellNum:
			b = appendNum(b, c.Num)
		case CellStr:
			if cols[i].Numeric {
				continue // text in a numeric column cannot happen; keep the file valid
			}
			str := c.Str
			if len(str) > savMaxText {
				str = clip(str, savMaxText)
			}
			width[i] = max(width[i], len(str))
			b = appendCSVField(b, str)
		}
	}
	return append(b, '\r', '\n')
}

type savCategory struct {
	Code  int    `json:"code"`
	Label string `json:"label"`
}

type savMissing struct {
	Type   string `json:"type"`
	Values []int  `json:"values"`
}

type savVariable struct {
	Type       string        `json:"type"`
	Name       string        `json:"name"`
	Label      string        `json:"label,omitempty"`
	Decimals   *int          `json:"decimals,omitempty"`
	Categories []savCategory `json:"categories,omitempty"`
	Missing    *savMissing   `json:"missing,omitempty"`
}

func savMetadata(cols []Column) ([]byte, error) {
	vars := make([]savVariable, len(cols))
	for i, c := range cols {
		v := savVariable{Type: "STRING", Name: c.Name, Label: clip(c.Label, 250)}
		if c.Numeric {
			d := c.Decimals
			v.Type, v.Decimals = "NUMERIC", &d
			for _, l := range c.Labels {
				v.Categories = append(v.Categories, savCategory{Code: l.Code, Label: clip(l.Label, 120)})
			}
			if len(c.Missing) > 0 {
				v.Missing = &savMissing{Type: "DISCRETE", Values: c.Missing}
				v.Categories = append(v.Categories, savCategory{Code: MissingCode, Label: "not answered"})
			}
		}
		vars[i] = v
	}
	return json.Marshal(map[string]any{"type": "SPSS", "variables": vars})
}

func (s *savSheet) Close(ctx context.Context) error {
	if err := s.csv.Close(ctx); err != nil {
		return err
	}
	defer os.Remove(s.out + ".csv")
	return convertSAV(ctx, s.tool, s.out+".csv", s.out, s.cols, s.width)
}

// convertSAV makes the .sav out from the CSV at data (savHeader, appendSAVLine lines) with
// readstat, whose CSV path takes the metadata as JSON, then sets the measure levels.
func convertSAV(ctx context.Context, tool, data, out string, cols []Column, width []int) error {
	meta, err := savMetadata(cols)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out+".json", meta, 0o600); err != nil {
		return err
	}
	defer os.Remove(out + ".json")
	cmd := exec.CommandContext(ctx, tool, data, out+".json", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return fmt.Errorf("SPSS export needs the readstat tool (Debian package readstat): %w", err)
		}
		return fmt.Errorf("readstat: %v: %s", err, clip(string(msg), 300))
	}
	return setMeasures(out, cols, width)
}

// spssMeasure is the .sav code of a measure level.
func spssMeasure(m string) uint32 {
	switch m {
	case Ordinal:
		return 2
	case Scale:
		return 3
	}
	return 1
}

// setMeasures rewrites the measure of every variable in the variable display record (record
// type 7, subtype 11: three int32 per variable segment — measure, width, alignment) of a
// .sav readstat wrote. Strings wider than 255 bytes take several segments, as many as
// readstat gives them ((width+251)/252); the record's count is checked against that.
func setMeasures(path string, cols []Column, width []int) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	var segs []uint32 // one measure per segment
	for i, c := range cols {
		n := 1
		if !c.Numeric && max(width[i], 1) > 255 {
			n = (max(width[i], 1) + 251) / 252
		}
		for j := 0; j < n; j++ {
			segs = append(segs, spssMeasure(c.Measure))
		}
	}
	st, err := f.Stat()
	if err != nil {
		return err
	}
	// the dictionary is at the start; read up to the data (bounded)
	head := make([]byte, min(st.Size(), 64<<20))
	if _, err := io.ReadFull(f, head); err != nil {
		return err
	}
	var le = binary.LittleEndian
	for off := 176; off+16 <= len(head); off += 4 { // after the 176-byte file header
		if le.Uint32(head[off:]) != 7 || le.Uint32(head[off+4:]) != 11 || le.Uint32(head[off+8:]) != 4 {
			continue
		}
		count := int(le.Uint32(head[off+12:]))
		if count != 3*len(segs) || off+16+4*count > len(head) {
			continue
		}
		rec := head[off+16 : off+16+4*count]
		for i, m := range segs {
			le.PutUint32(rec[12*i:], m)
		}
		_, err := f.WriteAt(rec, int64(off+16))
		return err
	}
	return errors.New("the .sav has no variable display record to set measure levels in")
}
