package contacts

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/extrame/ole2"
	"github.com/extrame/xls"
	"github.com/xuri/excelize/v2"

	"dwsurvey/services/importer"
)

// Bounds of a contact import (on top of importer.CheckZip's parts and inflated size).
const (
	// MaxImportRows bounds the sheet rows read (empty ones included).
	MaxImportRows = 5000
	// MaxImportCells bounds the cells of one row.
	MaxImportCells = 32
	// MaxCellChars bounds one cell.
	MaxCellChars = 500
)

// sheetRow is one row of the first sheet: its number (from 1) and cells. Formula names the
// first cell holding a formula ("" when none): such a row is refused, never evaluated.
type sheetRow struct {
	Line    int
	Cells   []string
	Formula string
}

var (
	zipMagic = []byte("PK\x03\x04")
	cfbMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}
)

// readSheet reads the first sheet of an .xlsx or .xls file, recognised by content (a CSV or
// any other file renamed .xlsx is refused), within the import bounds.
func readSheet(data []byte) ([]sheetRow, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("the file is empty")
	}
	if len(data) > importer.MaxFileBytes {
		return nil, fmt.Errorf("the file is larger than %d MB", importer.MaxFileBytes>>20)
	}
	switch {
	case bytes.HasPrefix(data, zipMagic):
		return readXLSX(data)
	case bytes.HasPrefix(data, cfbMagic):
		return readXLS(data)
	}
	return nil, fmt.Errorf("the file is not an Excel workbook (.xlsx or .xls); a CSV or text file renamed .xlsx is not accepted")
}

func readXLSX(data []byte) ([]sheetRow, error) {
	zr, err := importer.CheckZip(data, "Excel .xlsx workbook", "a contact list")
	if err != nil {
		return nil, err
	}
	formulas, err := importer.SheetFormulas(zr, MaxImportRows)
	if err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: importer.MaxInflatedBytes, UnzipXMLSizeLimit: 1 << 20})
	if err != nil {
		return nil, fmt.Errorf("the file is not a readable Excel .xlsx workbook (damaged, or its parts are larger than they declare)")
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, fmt.Errorf("the workbook has no sheet")
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		return nil, fmt.Errorf("the first sheet cannot be read")
	}
	defer rows.Close()
	var out []sheetRow
	for i := 0; rows.Next(); i++ {
		line := i + 1
		if line > MaxImportRows {
			return nil, fmt.Errorf("the sheet has more than %d rows; split the list into several files", MaxImportRows)
		}
		cells, err := rows.Columns()
		if err != nil {
			return nil, fmt.Errorf("the first sheet cannot be read (row %d)", line)
		}
		if len(cells) > MaxImportCells {
			return nil, fmt.Errorf("row %d has more than %d cells", line, MaxImportCells)
		}
		out = append(out, sheetRow{Line: line, Cells: clipCells(cells), Formula: formulas[line]})
	}
	if err := rows.Error(); err != nil {
		return nil, fmt.Errorf("the first sheet cannot be read")
	}
	return out, nil
}

// xlsFormulaMarker is what github.com/extrame/xls reads for some formula cells (it never
// evaluates them); xlsFormulas finds every formula by its record.
const xlsFormulaMarker = "FormulaCol"

// xlsFormulas walks the BIFF records of the workbook stream and returns, per row number
// (from 1), the first cell of the first sheet that holds a FORMULA record (type 0x0006; the
// stream's first BOF is the workbook globals, the second the first sheet).
func xlsFormulas(data []byte) (map[int]string, error) {
	ole, err := ole2.Open(bytes.NewReader(data), "utf-8")
	if err != nil {
		return nil, err
	}
	dir, err := ole.ListDir()
	if err != nil {
		return nil, err
	}
	var book, root *ole2.File
	for _, f := range dir {
		switch f.Name() {
		case "Workbook", "Book":
			book = f
		case "Root Entry":
			root = f
		}
	}
	if book == nil {
		return nil, fmt.Errorf("no workbook stream")
	}
	r := ole.OpenFile(book, root)
	out := map[int]string{}
	var hdr [4]byte
	bofs := 0
	for read := 0; read < importer.MaxFileBytes; {
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return out, nil
		}
		typ, size := int(hdr[0])|int(hdr[1])<<8, int(hdr[2])|int(hdr[3])<<8
		body := make([]byte, size)
		if _, err := io.ReadFull(r, body); err != nil {
			return out, nil
		}
		read += 4 + size
		switch typ {
		case 0x0809: // BOF
			bofs++
			if bofs > 2 {
				return out, nil // past the first sheet
			}
		case 0x0006: // FORMULA: row, column, ...
			if bofs == 2 && size >= 4 {
				row, col := int(body[0])|int(body[1])<<8, int(body[2])|int(body[3])<<8
				if _, seen := out[row+1]; !seen {
					out[row+1] = excelCol(col) + strconv.Itoa(row+1)
				}
			}
		}
	}
	return out, nil
}

// readXLS reads the first sheet of a legacy .xls (BIFF8) workbook. The reader works on the
// whole file in memory (bounded by importer.MaxFileBytes); a damaged file that makes it
// panic is refused like any unreadable file.
func readXLS(data []byte) (out []sheetRow, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("the file is not a readable Excel .xls workbook")
		}
	}()
	wb, err := xls.OpenReader(bytes.NewReader(data), "utf-8")
	if err != nil || wb == nil || wb.NumSheets() == 0 {
		return nil, fmt.Errorf("the file is not a readable Excel .xls workbook")
	}
	sh := wb.GetSheet(0)
	if sh == nil {
		return nil, fmt.Errorf("the workbook has no sheet")
	}
	formulas, err := xlsFormulas(data)
	if err != nil {
		return nil, fmt.Errorf("the file is not a readable Excel .xls workbook")
	}
	if int(sh.MaxRow)+1 > MaxImportRows {
		return nil, fmt.Errorf("the sheet has more than %d rows; split the list into several files", MaxImportRows)
	}
	for i := 0; i <= int(sh.MaxRow); i++ {
		r := sh.Row(i)
		if r == nil {
			continue
		}
		last := r.LastCol()
		if last > MaxImportCells {
			return nil, fmt.Errorf("row %d has more than %d cells", i+1, MaxImportCells)
		}
		cells := make([]string, 0, last)
		formula := formulas[i+1]
		for j := 0; j < last; j++ {
			v := r.Col(j)
			if v == xlsFormulaMarker {
				if formula == "" {
					formula = excelCol(j) + strconv.Itoa(i+1)
				}
				v = ""
			}
			cells = append(cells, v)
		}
		out = append(out, sheetRow{Line: i + 1, Cells: clipCells(cells), Formula: formula})
	}
	return out, nil
}

func excelCol(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

func clipCells(cells []string) []string {
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if r := []rune(c); len(r) > MaxCellChars {
			c = string(r[:MaxCellChars])
		}
		cells[i] = c
	}
	return cells
}
