package survey

import (
	"encoding/binary"
	"errors"
	"math"
	"unsafe"
)

// The export copy of an answer is the part of its effective answer document that exports
// turn into cells, in a small binary form stored next to the document (answers.export_copy)
// whenever the document is written: exports read it instead of decoding the JSON document,
// which holds the same answers in several times the bytes.
//
// Contract: for every document, the questions ExportCopyReader.Read gives for
// AppendExportCopy(nil, qs) hold the same values as qs in every field an export reads —
// QuDwID, QuAnScore and the answer fields below (pinned by the export package's
// TestExportCopyRowsMatchDocument on every golden and random answer). Left out: nil
// entries and logic-hidden questions (an export skips them), question types, answer flags,
// automatic/custom scores, cascade levels, file sizes and the location's other fields. A
// field an export starts to read must be added here, with a new tag.
//
// Form: the format byte (1), the question count (uvarint), then per question its dwId
// (string), a flags uvarint (bit 0: QuAnScore follows as a number) and tagged fields,
// ended by tag 0. Strings are a uvarint length and the bytes; numbers a uvarint of the
// zigzagged integer shifted left once, or 1 followed by the IEEE-754 bits (little endian)
// when not an integer (-0 is stored as 0). Versions of the form only grow: a reader refuses a format it does
// not know (the export then reads the document).
const exportCopyFormat = 1

// Field tags of the export copy.
const (
	ecEnd = iota
	ecRadio
	ecCheckboxs
	ecMFbks
	ecScores
	ecOrders
	ecScale
	ecMatrixRadios
	ecMatrixCheckboxes
	ecMatrixScales
	ecMatrixFbks
	ecUploadFiles
	ecCascades
	ecLocation
	ecFbk
)

// ErrExportCopy: the bytes are not an export copy this reader knows.
var ErrExportCopy = errors.New("survey: not a readable export copy")

type ecWriter struct{ b []byte }

func (w *ecWriter) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *ecWriter) str(s string)  { w.uint(uint64(len(s))); w.b = append(w.b, s...) }
func (w *ecWriter) num(v float64) {
	if v == math.Trunc(v) && math.Abs(v) < 1<<52 { // -0 too: it is read as 0
		i := int64(v)
		w.uint(uint64((i<<1)^(i>>63)) << 1)
		return
	}
	w.uint(1)
	w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
}

// count writes how many non-nil entries list has.
func count[T any](w *ecWriter, list []*T) {
	n := 0
	for _, v := range list {
		if v != nil {
			n++
		}
	}
	w.uint(uint64(n))
}

// AppendExportCopy appends the export copy of an answer's questions to dst.
func AppendExportCopy(dst []byte, qs []*AnQuestion) []byte {
	w := ecWriter{b: append(dst, exportCopyFormat)}
	n := 0
	for _, q := range qs {
		if q != nil && !q.IsLogicHide {
			n++
		}
	}
	w.uint(uint64(n))
	for _, q := range qs {
		if q == nil || q.IsLogicHide {
			continue
		}
		w.str(string(q.QuDwID))
		if q.QuAnScore != nil {
			w.uint(1)
			w.num(float64(*q.QuAnScore))
		} else {
			w.uint(0)
		}
		if a := q.AnRadio; a != nil {
			w.uint(ecRadio)
			w.str(string(a.OptionDwID))
			w.str(string(a.OtherText))
		}
		if len(q.AnCheckboxs) > 0 {
			w.uint(ecCheckboxs)
			count(&w, q.AnCheckboxs)
			for _, a := range q.AnCheckboxs {
				if a != nil {
					w.str(string(a.OptionDwID))
					w.str(string(a.OtherText))
				}
			}
		}
		if len(q.AnMFbks) > 0 {
			w.uint(ecMFbks)
			count(&w, q.AnMFbks)
			for _, a := range q.AnMFbks {
				if a != nil {
					w.str(string(a.OptionDwID))
					w.str(string(a.Answer))
				}
			}
		}
		if len(q.AnScores) > 0 {
			w.uint(ecScores)
			count(&w, q.AnScores)
			for _, a := range q.AnScores {
				if a != nil {
					w.str(string(a.OptionDwID))
					w.num(float64(a.AnswerScore))
				}
			}
		}
		if len(q.AnOrders) > 0 {
			w.uint(ecOrders)
			count(&w, q.AnOrders)
			for _, a := range q.AnOrders {
				if a != nil {
					w.str(string(a.OptionDwID))
					w.num(float64(a.OrderNum))
				}
			}
		}
		if a := q.AnScale; a != nil {
			w.uint(ecScale)
			if a.AnswerScore != nil {
				w.uint(1)
				w.num(float64(*a.AnswerScore))
			} else {
				w.uint(0)
			}
		}
		if len(q.AnMatrixRadios) > 0 {
			w.uint(ecMatrixRadios)
			count(&w, q.AnMatrixRadios)
			for _, a := range q.AnMatrixRadios {
				if a != nil {
					w.str(string(a.RowDwID))
					w.str(string(a.ColDwID))
				}
			}
		}
		if len(q.AnMatrixCheckboxes) > 0 {
			w.uint(ecMatrixCheckboxes)
			count(&w, q.AnMatrixCheckboxes)
			for _, a := range q.AnMatrixCheckboxes {
				if a != nil {
					w.str(string(a.RowDwID))
					count(&w, a.RowAnCheckboxs)
					for _, c := range a.RowAnCheckboxs {
						if c != nil {
							w.str(string(c.ColDwID))
						}
					}
				}
			}
		}
		if len(q.AnMatrixScales) > 0 {
			w.uint(ecMatrixScales)
			count(&w, q.AnMatrixScales)
			for _, a := range q.AnMatrixScales {
				if a != nil {
					w.str(string(a.RowDwID))
					w.num(float64(a.AnswerScore))
				}
			}
		}
		if len(q.AnMatrixFbks) > 0 {
			w.uint(ecMatrixFbks)
			count(&w, q.AnMatrixFbks)
			for _, a := range q.AnMatrixFbks {
				if a != nil {
					w.str(string(a.RowDwID))
					count(&w, a.RowAnFbks)
					for _, c := range a.RowAnFbks {
						if c != nil {
							w.str(string(c.ColDwID))
							w.str(string(c.Answer))
						}
					}
				}
			}
		}
		if len(q.AnUploadFiles) > 0 {
			w.uint(ecUploadFiles)
			count(&w, q.AnUploadFiles)
			for _, f := range q.AnUploadFiles {
				if f != nil {
					w.str(string(f.FilePath))
					w.str(string(f.FileName))
				}
			}
		}
		if len(q.AnCascades) > 0 {
			w.uint(ecCascades)
			count(&w, q.AnCascades)
			for _, c := range q.AnCascades {
				if c != nil {
					w.str(string(c.Value))
				}
			}
		}
		if g := q.AnLocation; g != nil {
			w.uint(ecLocation)
			w.str(string(g.FormattedAddress))
			w.num(float64(g.Latitude))
			w.num(float64(g.Longitude))
		}
		if a := q.AnFbk; a != nil {
			w.uint(ecFbk)
			w.str(string(a.Answer))
		}
		w.uint(ecEnd)
	}
	return w.b
}

// Arena hands out zeroed values of one kind from chunks reused after Reset (a full chunk
// is replaced by a bigger one; values handed out before stay where they are), and keeps
// in Ptrs the pointer lists made from them. Not safe for concurrent use.
type Arena[T any] struct {
	v    []T
	Ptrs []*T
}

// Next is a zeroed value, valid until Reset.
func (p *Arena[T]) Next() *T {
	if len(p.v) == cap(p.v) {
		p.v = make([]T, 0, max(32, 2*cap(p.v)))
	}
	p.v = p.v[:len(p.v)+1]
	v := &p.v[len(p.v)-1]
	var zero T
	*v = zero
	return v
}

// Reset makes every value and list handed out reusable.
func (p *Arena[T]) Reset() { p.v, p.Ptrs = p.v[:0], p.Ptrs[:0] }

// ExportCopyReader reads export copies into values reused from one copy to the next, with
// strings pointing into the copy's bytes (which must not change while the questions are
// used). One reader per goroutine; the questions are valid until the next Read.
type ExportCopyReader struct {
	b   []byte
	i   int
	err bool

	qs     Arena[AnQuestion]
	opts   Arena[AnOption]
	mfbks  Arena[AnMFbk]
	scores Arena[AnScore]
	orders Arena[AnOrder]
	scales Arena[AnScale]
	mrs    Arena[AnMatrixRadio]
	mcs    Arena[AnMatrixCheckbox]
	cols   Arena[AnColRef]
	mss    Arena[AnMatrixScale]
	mfs    Arena[AnMatrixFbk]
	cells  Arena[AnCellFbk]
	files  Arena[AnUploadFile]
	cascs  Arena[AnCascade]
	locs   Arena[AnLocation]
	fbks   Arena[AnFbk]
	nums   Arena[Num]
}

func (r *ExportCopyReader) uint() uint64 {
	if r.i < len(r.b) && r.b[r.i] < 0x80 { // most values are one byte
		r.i++
		return uint64(r.b[r.i-1])
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.err, r.i = true, len(r.b)
		return 0
	}
	r.i += n
	return v
}

// size is a count or length that must fit in what is left of the copy.
func (r *ExportCopyReader) size() int {
	v := r.uint()
	if v > uint64(len(r.b)-r.i) {
		r.err, r.i = true, len(r.b)
		return 0
	}
	return int(v)
}

func (r *ExportCopyReader) str() Str {
	n := r.size()
	if n == 0 {
		return ""
	}
	s := r.b[r.i : r.i+n]
	r.i += n
	return Str(unsafe.String(unsafe.SliceData(s), n))
}

func (r *ExportCopyReader) num() Num {
	u := r.uint()
	if u&1 == 0 {
		z := u >> 1
		return Num(int64(z>>1) ^ -int64(z&1))
	}
	if len(r.b)-r.i < 8 {
		r.err, r.i = true, len(r.b)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.i:]))
	r.i += 8
	return Num(v)
}

func (r *ExportCopyReader) numPtr() *Num {
	p := r.nums.Next()
	*p = r.num()
	return p
}

// list reads a count and that many values into a pointer list kept in p.
func list[T any](r *ExportCopyReader, p *Arena[T], each func(*T)) []*T {
	n := r.size()
	start := len(p.Ptrs)
	for k := 0; k < n && !r.err; k++ {
		v := p.Next()
		each(v)
		p.Ptrs = append(p.Ptrs, v)
	}
	return p.Ptrs[start:len(p.Ptrs):len(p.Ptrs)]
}

// Read decodes an export copy made by AppendExportCopy.
func (r *ExportCopyReader) Read(b []byte) ([]*AnQuestion, error) {
	if len(b) == 0 || b[0] != exportCopyFormat {
		return nil, ErrExportCopy
	}
	r.b, r.i, r.err = b, 1, false
	r.qs.Reset()
	r.opts.Reset()
	r.mfbks.Reset()
	r.scores.Reset()
	r.orders.Reset()
	r.scales.Reset()
	r.mrs.Reset()
	r.mcs.Reset()
	r.cols.Reset()
	r.mss.Reset()
	r.mfs.Reset()
	r.cells.Reset()
	r.files.Reset()
	r.cascs.Reset()
	r.locs.Reset()
	r.fbks.Reset()
	r.nums.Reset()
	qs := list(r, &r.qs, r.question)
	if r.err || r.i != len(r.b) {
		return nil, ErrExportCopy
	}
	return qs, nil
}

func (r *ExportCopyReader) question(q *AnQuestion) {
	q.QuDwID = r.str()
	if r.uint()&1 != 0 {
		q.QuAnScore = r.numPtr()
	}
	for !r.err {
		switch r.uint() {
		case ecEnd:
			return
		case ecRadio:
			a := r.opts.Next()
			a.OptionDwID, a.OtherText = r.str(), r.str()
			q.AnRadio = a
		case ecCheckboxs:
			q.AnCheckboxs = list(r, &r.opts, func(a *AnOption) { a.OptionDwID, a.OtherText = r.str(), r.str() })
		case ecMFbks:
			q.AnMFbks = list(r, &r.mfbks, func(a *AnMFbk) { a.OptionDwID, a.Answer = r.str(), r.str() })
		case ecScores:
			q.AnScores = list(r, &r.scores, func(a *AnScore) { a.OptionDwID, a.AnswerScore = r.str(), r.num() })
		case ecOrders:
			q.AnOrders = list(r, &r.orders, func(a *AnOrder) { a.OptionDwID, a.OrderNum = r.str(), r.num() })
		case ecScale:
			a := r.scales.Next()
			if r.uint()&1 != 0 {
				a.AnswerScore = r.numPtr()
			}
			q.AnScale = a
		case ecMatrixRadios:
			q.AnMatrixRadios = list(r, &r.mrs, func(a *AnMatrixRadio) { a.RowDwID, a.ColDwID = r.str(), r.str() })
		case ecMatrixCheckboxes:
			q.AnMatrixCheckboxes = list(r, &r.mcs, func(a *AnMatrixCheckbox) {
				a.RowDwID = r.str()
				a.RowAnCheckboxs = list(r, &r.cols, func(c *AnColRef) { c.ColDwID = r.str() })
			})
		case ecMatrixScales:
			q.AnMatrixScales = list(r, &r.mss, func(a *AnMatrixScale) { a.RowDwID, a.AnswerScore = r.str(), r.num() })
		case ecMatrixFbks:
			q.AnMatrixFbks = list(r, &r.mfs, func(a *AnMatrixFbk) {
				a.RowDwID = r.str()
				a.RowAnFbks = list(r, &r.cells, func(c *AnCellFbk) { c.ColDwID, c.Answer = r.str(), r.str() })
			})
		case ecUploadFiles:
			q.AnUploadFiles = list(r, &r.files, func(f *AnUploadFile) { f.FilePath, f.FileName = r.str(), r.str() })
		case ecCascades:
			q.AnCascades = list(r, &r.cascs, func(c *AnCascade) { c.Value = r.str() })
		case ecLocation:
			g := r.locs.Next()
			g.FormattedAddress, g.Latitude, g.Longitude = r.str(), r.num(), r.num()
			q.AnLocation = g
		case ecFbk:
			a := r.fbks.Next()
			a.Answer = FbkText(r.str())
			q.AnFbk = a
		default:
			r.err, r.i = true, len(r.b)
		}
	}
}
