package export

import (
	"encoding/binary"
	"errors"
	"math"
	"time"

	"dwsurvey/services/analysis"
)

// A part is one keyset page of an export, stored in the blob store as soon as it is read,
// so that a worker that takes over after a crash replays the parts instead of re-reading
// their rows from the database. Encoding: "DWXP1", uvarint row count, each row as uvarint
// cell count and cells (kind byte; number: 8 bytes IEEE 754 little endian; string: uvarint
// length and UTF-8 bytes), then uvarint file count and each file as three strings, then
// the keyset cursor after the page's last answer (its submit time as RFC 3339 and its id),
// where the next page starts.
const partMagic = "DWXP1"

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func encodePart(rows [][]Cell, files []File, c analysis.Cursor) []byte {
	size := 64
	for _, r := range rows {
		size += 2 + 10*len(r)
	}
	b := make([]byte, 0, size)
	b = append(b, partMagic...)
	b = binary.AppendUvarint(b, uint64(len(rows)))
	for _, r := range rows {
		b = binary.AppendUvarint(b, uint64(len(r)))
		for _, c := range r {
			b = append(b, c.Kind)
			switch c.Kind {
			case CellNum:
				b = binary.LittleEndian.AppendUint64(b, math.Float64bits(c.Num))
			case CellStr:
				b = appendStr(b, c.Str)
			}
		}
	}
	b = binary.AppendUvarint(b, uint64(len(files)))
	for _, f := range files {
		b = appendStr(appendStr(appendStr(b, f.AnswerID), f.Key), f.Name)
	}
	return appendStr(appendStr(b, c.EndAnDate.UTC().Format(time.RFC3339Nano)), c.ID)
}

var errBadPart = errors.New("export part is damaged")

type partReader struct {
	b   []byte
	err error
}

func (r *partReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errBadPart
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *partReader) str() string {
	n := r.uvarint()
	if r.err != nil || uint64(len(r.b)) < n {
		r.err = errBadPart
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// decodePart is encodePart's inverse; width is the expected cell count of every row.
func decodePart(b []byte, width int) ([][]Cell, []File, analysis.Cursor, error) {
	if len(b) < len(partMagic) || string(b[:len(partMagic)]) != partMagic {
		return nil, nil, analysis.Cursor{}, errBadPart
	}
	r := &partReader{b: b[len(partMagic):]}
	n := r.uvarint()
	if n > 1<<24 {
		return nil, nil, analysis.Cursor{}, errBadPart
	}
	rows := make([][]Cell, 0, n)
	for i := uint64(0); i < n && r.err == nil; i++ {
		w := r.uvarint()
		if int(w) != width {
			return nil, nil, analysis.Cursor{}, errBadPart
		}
		row := make([]Cell, w)
		for j := range row {
			if len(r.b) == 0 {
				r.err = errBadPart
				break
			}
			k := r.b[0]
			r.b = r.b[1:]
			switch k {
			case CellEmpty:
			case CellNum:
				if len(r.b) < 8 {
					r.err = errBadPart
					break
				}
				row[j] = Cell{Kind: CellNum, Num: math.Float64frombits(binary.LittleEndian.Uint64(r.b))}
				r.b = r.b[8:]
			case CellStr:
				row[j] = Cell{Kind: CellStr, Str: r.str()}
			default:
				r.err = errBadPart
			}
		}
		rows = append(rows, row)
	}
	nf := r.uvarint()
	var files []File
	for i := uint64(0); i < nf && r.err == nil; i++ {
		files = append(files, File{AnswerID: r.str(), Key: r.str(), Name: r.str()})
	}
	ts, id := r.str(), r.str()
	if r.err != nil || len(r.b) != 0 {
		return nil, nil, analysis.Cursor{}, errBadPart
	}
	t, err := time.Parse(time.RFC3339Nano, ts)
	if err != nil {
		return nil, nil, analysis.Cursor{}, errBadPart
	}
	return rows, files, analysis.Cursor{EndAnDate: t, ID: id}, nil
}
