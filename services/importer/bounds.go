package importer

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/xuri/excelize/v2"
)

// Bounds of every import (issue 19 C3). A file is refused with a clear message before anything
// large is allocated: the zip directory of .xlsx/.docx is checked first (sizes declared there
// are enforced while inflating by archive/zip), sheets and documents are read as streams with
// row, cell and text caps, and a JSON document is pre-scanned token by token.
const (
	// MaxFileBytes bounds an import file as uploaded.
	MaxFileBytes = 10 << 20
	// MaxInflatedBytes bounds all parts of an .xlsx or .docx together, uncompressed.
	MaxInflatedBytes = 8 << 20
	// MaxZipEntries bounds the parts of an .xlsx or .docx.
	MaxZipEntries = 1000
	// MaxRows bounds the sheet rows or document paragraphs read (empty ones included).
	MaxRows = 5000
	// MaxCellsPerRow bounds the cells of one sheet row.
	MaxCellsPerRow = 64
	// MaxQuestions bounds the questions of one import.
	MaxQuestions = 1000
	// MaxOptions bounds the options of one question.
	MaxOptions = 200
	// MaxTextChars bounds one cell, paragraph, title, option or note (characters).
	MaxTextChars = 10000
	// MaxJSONValues bounds the values (objects, arrays, strings, numbers...) of a JSON document.
	MaxJSONValues = 300000
	// MaxJSONDepth bounds the nesting of a JSON document.
	MaxJSONDepth = 64
)

func tooLarge() *Result {
	return &Result{Errors: []LineError{{0, fmt.Sprintf("the file is larger than %d MB", MaxFileBytes>>20)}}}
}

// checkZip reads the zip directory of an Office file (what names it, e.g. "Excel .xlsx
// workbook") and refuses too many parts or too many inflated bytes.
func checkZip(data []byte, what string) (*zip.Reader, error) {
	return CheckZip(data, what, "a question list")
}

// CheckZip is the bounded opening of an Office file for every import (questions, contacts):
// it reads the zip directory only and refuses a file that is no zip ("the file is not an
// <what>"), has more than MaxZipEntries parts or declares more than MaxInflatedBytes
// uncompressed (archive/zip then enforces the declared sizes while inflating). list names
// what such a file should hold ("a contact list") in the messages.
func CheckZip(data []byte, what, list string) (*zip.Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("the file is not an %s", what)
	}
	if len(zr.File) > MaxZipEntries {
		return nil, fmt.Errorf("the file has more than %d parts; it is not %s", MaxZipEntries, list)
	}
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
		if f.UncompressedSize64 > MaxInflatedBytes || total > MaxInflatedBytes {
			return nil, fmt.Errorf("the file unpacks to more than %d MB; %s is far smaller", MaxInflatedBytes>>20, list)
		}
	}
	return zr, nil
}

// checkJSONShape walks a JSON document token by token (no tree is built) and refuses more
// than MaxJSONValues values or deeper nesting than MaxJSONDepth.
func checkJSONShape(data []byte) error {
	err := CheckJSON(data, MaxJSONValues, MaxJSONDepth)
	switch {
	case errors.Is(err, ErrJSONDepth):
		return fmt.Errorf("the document is nested deeper than %d levels", MaxJSONDepth)
	case errors.Is(err, ErrJSONValues):
		return fmt.Errorf("the document has more than %d values; a survey is far smaller", MaxJSONValues)
	}
	return err
}

// ErrJSONDepth and ErrJSONValues are the refusals of CheckJSON.
var (
	ErrJSONDepth  = errors.New("JSON nested too deep")
	ErrJSONValues = errors.New("JSON has too many values")
)

// CheckJSON walks a JSON document token by token (no tree is built, memory stays small) and
// refuses more than maxValues values (objects, arrays, strings, numbers...) with ErrJSONValues
// or nesting deeper than maxDepth with ErrJSONDepth. Syntax errors are not reported here:
// the caller's decoder names them.
func CheckJSON(data []byte, maxValues, maxDepth int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	values, depth := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return nil
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			values++
			if depth > maxDepth {
				return ErrJSONDepth
			}
		case json.Delim('}'), json.Delim(']'):
			depth--
		default:
			values++
		}
		if values > maxValues {
			return ErrJSONValues
		}
	}
}

// SheetRows streams the rows of the first sheet of an .xlsx file (what names the file kind in
// messages) within the import bounds: at most MaxFileBytes as uploaded, the zip directory
// checked before inflating (MaxZipEntries, MaxInflatedBytes), at most MaxRows rows (empty ones
// included) of at most MaxCellsPerRow cells. each gets the 1-based row number and the cells;
// an error it returns stops the walk and is returned. Bound refusals are LineErrors.
func SheetRows(data []byte, what string, each func(line int, cells []string) error) error {
	if len(data) > MaxFileBytes {
		return LineError{0, fmt.Sprintf("the file is larger than %d MB", MaxFileBytes>>20)}
	}
	if _, err := checkZip(data, what); err != nil {
		return LineError{0, err.Error()}
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxInflatedBytes, UnzipXMLSizeLimit: 1 << 20})
	if err != nil {
		return LineError{0, "the file is not a readable " + what + " (damaged, or its parts are larger than they declare)"}
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return LineError{0, "the workbook has no sheet"}
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return LineError{0, "the first sheet cannot be read"}
	}
	defer rows.Close()
	for i := 0; rows.Next(); i++ {
		line := i + 1
		if line > MaxRows {
			return LineError{line, fmt.Sprintf("the sheet has more than %d rows", MaxRows)}
		}
		r, err := rows.Columns()
		if err != nil {
			return LineError{line, "the first sheet cannot be read"}
		}
		if len(r) > MaxCellsPerRow {
			return LineError{line, fmt.Sprintf("the row has more than %d cells", MaxCellsPerRow)}
		}
		if err := each(line, r); err != nil {
			return err
		}
	}
	if rows.Error() != nil {
		return LineError{0, "the first sheet cannot be read"}
	}
	return nil
}

// checkItems applies the question, option and text caps to parsed items.
func checkItems(items []Item) []LineError {
	var errs []LineError
	if len(items) > MaxQuestions {
		errs = append(errs, LineError{items[MaxQuestions].Line, fmt.Sprintf("more than %d questions in one import", MaxQuestions)})
	}
	long := func(s string) bool { return len(s) > MaxTextChars && len([]rune(s)) > MaxTextChars }
	for _, it := range items {
		if len(it.Options) > MaxOptions {
			errs = append(errs, LineError{it.Line, fmt.Sprintf("more than %d options", MaxOptions)})
		}
		bad := long(it.Title) || long(it.Note)
		for _, o := range it.Options {
			bad = bad || long(o)
		}
		if bad {
			errs = append(errs, LineError{it.Line, fmt.Sprintf("a text is longer than %d characters", MaxTextChars)})
		}
	}
	return errs
}
