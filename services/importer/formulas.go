package importer

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// SheetFormulas streams the first worksheet's XML of an .xlsx (opened with CheckZip) and
// returns, per row number, the first cell that holds a formula (<f>): imports refuse such
// rows, never evaluate them. More than maxRows rows is refused.
func SheetFormulas(zr *zip.Reader, maxRows int) (map[int]string, error) {
	name, err := firstSheetPart(zr)
	if err != nil {
		return nil, err
	}
	var part *zip.File
	for _, f := range zr.File {
		if f.Name == name {
			part = f
		}
	}
	if part == nil {
		return nil, fmt.Errorf("the workbook has no sheet")
	}
	rc, err := part.Open()
	if err != nil {
		return nil, fmt.Errorf("the first sheet cannot be read")
	}
	defer rc.Close()
	out := map[int]string{}
	dec := xml.NewDecoder(io.LimitReader(rc, MaxInflatedBytes))
	row, rows, cell := 0, 0, ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the first sheet cannot be read")
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "row":
			rows++
			if rows > maxRows {
				return nil, fmt.Errorf("the sheet has more than %d rows; split the list into several files", maxRows)
			}
			row++
			if v := attr(se, "r"); v != "" {
				if n, err := strconv.Atoi(v); err == nil {
					row = n
				}
			}
		case "c":
			cell = attr(se, "r")
		case "f":
			if _, seen := out[row]; !seen {
				if cell == "" {
					cell = "?"
				}
				out[row] = cell
			}
		}
	}
}

// firstSheetPart finds the part of the workbook's first sheet (xl/workbook.xml and its rels).
func firstSheetPart(zr *zip.Reader) (string, error) {
	read := func(name string) ([]byte, error) {
		for _, f := range zr.File {
			if f.Name == name {
				rc, err := f.Open()
				if err != nil {
					return nil, err
				}
				defer rc.Close()
				return io.ReadAll(io.LimitReader(rc, 1<<20))
			}
		}
		return nil, fmt.Errorf("missing %s", name)
	}
	wb, err := read("xl/workbook.xml")
	if err != nil {
		return "", fmt.Errorf("the file is not an Excel .xlsx workbook")
	}
	var w struct {
		Sheets []struct {
			RID string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := xml.Unmarshal(wb, &w); err != nil || len(w.Sheets) == 0 {
		return "", fmt.Errorf("the workbook has no sheet")
	}
	rels, err := read("xl/_rels/workbook.xml.rels")
	if err != nil {
		return "", fmt.Errorf("the file is not an Excel .xlsx workbook")
	}
	var r struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := xml.Unmarshal(rels, &r); err != nil {
		return "", fmt.Errorf("the file is not an Excel .xlsx workbook")
	}
	for _, rel := range r.Rels {
		if rel.ID == w.Sheets[0].RID {
			t := rel.Target
			if strings.HasPrefix(t, "/") {
				return strings.TrimPrefix(t, "/"), nil
			}
			return path.Join("xl", t), nil
		}
	}
	return "", fmt.Errorf("the workbook has no sheet")
}

func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
