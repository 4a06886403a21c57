package export

import (
	"encoding/json"
	"errors"
	"strconv"
	"unicode/utf8"
	"unsafe"

	lang "dwsurvey/survey"
)

// docReader decodes stored answer documents for exports, one reader per goroutine.
//
// Contract: for a valid JSON document (the store holds only documents that were decoded
// when saved) the questions it returns equal what encoding/json gives when decoding it
// into {AnQuestions []*rawAnQuestion} (pinned by TestDocReaderMatchesJSON).
// The canonical form the product stores — exact key names, plain JSON strings, numbers and
// booleans — is read by hand into values reused from one document to the next, without
// reflection, with strings pointing into the document bytes (so the bytes must not be
// changed while cells made from them live). A value outside that form is decoded by the
// survey types' own UnmarshalJSON on that value alone; rarely used answer kinds are
// decoded by encoding/json on their value; a key matching a field only case-insensitively,
// a value of the wrong shape or broken JSON sends the whole document to the general
// decoder (which also gives the error).
//
// The questions are valid until the next call of read.
type docReader struct {
	b []byte
	i int

	qs    pool[lang.AnQuestion]
	opts  pool[lang.AnOption]
	sc    pool[lang.AnScore]
	mr    pool[lang.AnMatrixRadio]
	ms    pool[lang.AnMatrixScale]
	mf    pool[lang.AnMFbk]
	ord   pool[lang.AnOrder]
	fbk   pool[lang.AnFbk]
	scale pool[lang.AnScale]
	nums  pool[lang.Num]
}

// pool is the arena a docReader keeps the values of one kind in.
type pool[T any] = lang.Arena[T]

// errGeneral: the document is not in the form the reader handles; decode it in general.
var errGeneral = errors.New("export: document needs the general decoder")

func (r *docReader) reset(b []byte) {
	r.b, r.i = b, 0
	r.qs.Reset()
	r.opts.Reset()
	r.sc.Reset()
	r.mr.Reset()
	r.ms.Reset()
	r.mf.Reset()
	r.ord.Reset()
	r.fbk.Reset()
	r.scale.Reset()
	r.nums.Reset()
}

// read decodes doc's anQuestions (nil entries included, as encoding/json leaves them).
func (r *docReader) read(doc []byte) ([]*lang.AnQuestion, error) {
	r.reset(doc)
	qs, err := r.document()
	if err == nil {
		r.ws()
		if r.i != len(r.b) {
			err = errGeneral
		}
	}
	if err == nil {
		return qs, nil
	}
	var d struct {
		AnQuestions []*rawAnQuestion `json:"anQuestions"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	out := make([]*lang.AnQuestion, len(d.AnQuestions))
	for i, q := range d.AnQuestions {
		out[i] = (*lang.AnQuestion)(q)
	}
	return out, nil
}

func (r *docReader) ws() {
	if r.i < len(r.b) && r.b[r.i] > ' ' { // the canonical form has no spaces
		return
	}
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek is the next non-space byte (0 at the end).
func (r *docReader) peek() byte {
	r.ws()
	if r.i >= len(r.b) {
		return 0
	}
	return r.b[r.i]
}

func (r *docReader) lit(s string) bool {
	if len(r.b)-r.i >= len(s) && string(r.b[r.i:r.i+len(s)]) == s {
		r.i += len(s)
		return true
	}
	return false
}

// skip passes one value and returns its bytes.
func (r *docReader) skip() ([]byte, error) {
	r.ws()
	start := r.i
	if r.i >= len(r.b) {
		return nil, errGeneral
	}
	switch c := r.b[r.i]; {
	case c == '"':
		if _, _, err := r.strBounds(); err != nil {
			return nil, err
		}
	case c == '{' || c == '[':
		depth := 0
		for r.i < len(r.b) {
			switch r.b[r.i] {
			case '"':
				if _, _, err := r.strBounds(); err != nil {
					return nil, err
				}
				continue
			case '{', '[':
				depth++
				if depth > 1000 {
					return nil, errGeneral
				}
			case '}', ']':
				depth--
			}
			r.i++
			if depth == 0 {
				return r.b[start:r.i], nil
			}
		}
		return nil, errGeneral
	default:
		for r.i < len(r.b) {
			switch r.b[r.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				if r.i == start {
					return nil, errGeneral
				}
				return r.b[start:r.i], nil
			}
			r.i++
		}
		if r.i == start {
			return nil, errGeneral
		}
	}
	return r.b[start:r.i], nil
}

// strPlain marks the bytes strBounds passes without a second look: printable ASCII other
// than the quote and the backslash.
var strPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// strBounds passes a string at r.i and returns its raw bytes (quotes included) and
// whether it is plain: no escapes or control characters, valid UTF-8.
func (r *docReader) strBounds() ([]byte, bool, error) {
	start := r.i
	r.i++
	plain, ascii := true, true
	for r.i < len(r.b) {
		c := r.b[r.i]
		if strPlain[c] { // most bytes: pass them without the cases below
			r.i++
			continue
		}
		switch {
		case c == '"':
			r.i++
			raw := r.b[start:r.i]
			if plain && !ascii && !utf8.Valid(raw) {
				plain = false
			}
			return raw, plain, nil
		case c == '\\':
			plain = false
			r.i += 2
			continue
		case c < 0x20:
			plain = false
		case c >= 0x80:
			ascii = false
		}
		r.i++
	}
	return nil, false, errGeneral
}

// text reads a JSON string as Go text (a view of the document when plain).
func (r *docReader) text() (string, error) {
	raw, plain, err := r.strBounds()
	if err != nil {
		return "", err
	}
	if plain {
		in := raw[1 : len(raw)-1]
		return unsafe.String(unsafe.SliceData(in), len(in)), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", errGeneral
	}
	return s, nil
}

func (r *docReader) str(dst *lang.Str) error {
	if r.peek() == '"' {
		s, err := r.text()
		*dst = lang.Str(s)
		return err
	}
	return r.general(dst.UnmarshalJSON)
}

func isNumStart(c byte) bool { return c == '-' || (c >= '0' && c <= '9') }

func (r *docReader) num(dst *lang.Num) error {
	if !isNumStart(r.peek()) {
		return r.general(dst.UnmarshalJSON)
	}
	raw, err := r.skip()
	if err != nil {
		return err
	}
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(raw), len(raw)), 64)
	if err != nil {
		f = 0 // as Num.UnmarshalJSON: what does not parse is "not set"
	}
	*dst = lang.Num(f)
	return nil
}

// general decodes the next value with unmarshal (a survey type's own UnmarshalJSON, or
// encoding/json for the rarely used answer kinds); a value it refuses sends the document
// to the general decoder.
func (r *docReader) general(unmarshal func([]byte) error) error {
	raw, err := r.skip()
	if err != nil {
		return err
	}
	if unmarshal(raw) != nil {
		return errGeneral
	}
	return nil
}

// numPtr: null leaves the pointer nil.
func (r *docReader) numPtr(dst **lang.Num) error {
	if r.peek() == 'n' {
		if !r.lit("null") {
			return errGeneral
		}
		*dst = nil
		return nil
	}
	n := r.nums.Next()
	*dst = n
	return r.num(n)
}

func (r *docReader) boolean(dst *lang.Bool) error {
	switch {
	case r.peek() == 't' && r.lit("true"):
		*dst = true
		return nil
	case r.peek() == 'f' && r.lit("false"):
		*dst = false
		return nil
	}
	return r.general(dst.UnmarshalJSON)
}

// seq reads the items of an object or an array (open and close are its brackets), calling
// item for each one.
func (r *docReader) seq(open, close byte, item func() error) error {
	if r.peek() != open {
		return errGeneral
	}
	r.i++
	if r.peek() == close {
		r.i++
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case close:
			r.i++
			return nil
		default:
			return errGeneral
		}
	}
}

// object calls field for every key of an object (key bytes valid during the call).
func (r *docReader) object(field func(key []byte) error) error {
	return r.seq('{', '}', func() error {
		if r.peek() != '"' {
			return errGeneral
		}
		raw, plain, err := r.strBounds()
		if err != nil || !plain || r.peek() != ':' {
			return errGeneral
		}
		r.i++
		return field(raw[1 : len(raw)-1])
	})
}

// array calls elem for every element; null elements are reported as isNull (and passed).
func (r *docReader) array(elem func(isNull bool) error) error {
	return r.seq('[', ']', func() error {
		isNull, err := r.null()
		if err != nil {
			return err
		}
		return elem(isNull)
	})
}

// null passes a null (true) or reports that the value is something else (false).
func (r *docReader) null() (bool, error) {
	if r.peek() != 'n' {
		return false, nil
	}
	if !r.lit("null") {
		return false, errGeneral
	}
	return true, nil
}

// other handles a key no case of the caller took: a key that encoding/json could match
// case-insensitively to one of names (ASCII folding; any non-ASCII key is left to the
// general decoder, which folds Unicode) goes to the general decoder, the rest are skipped.
func (r *docReader) other(key []byte, names ...string) error {
	for _, c := range key {
		if c >= 0x80 {
			return errGeneral
		}
	}
	for _, n := range names {
		if len(n) == len(key) && asciiFold(key, n) {
			return errGeneral
		}
	}
	_, err := r.skip()
	return err
}

func asciiFold(key []byte, name string) bool {
	for i := 0; i < len(key); i++ {
		a, b := key[i], name[i]
		if a == b {
			continue
		}
		if la := a | 0x20; la != b|0x20 || la < 'a' || la > 'z' {
			return false
		}
	}
	return true
}

// decodeRaw decodes one value with encoding/json (the rarely used answer kinds).
func (r *docReader) decodeRaw(dst any) error {
	return r.general(func(raw []byte) error { return json.Unmarshal(raw, dst) })
}

var docKeys = []string{"anQuestions"}

func (r *docReader) document() ([]*lang.AnQuestion, error) {
	var qs []*lang.AnQuestion
	seen := false
	err := r.object(func(key []byte) error {
		if string(key) != "anQuestions" {
			return r.other(key, docKeys...)
		}
		if seen {
			return errGeneral // duplicate keys merge in encoding/json: leave them to it
		}
		seen = true
		return list(r, &qs, &r.qs, r.question)
	})
	return qs, err
}

var questionKeys = []string{"quDwId", "quType", "answerFlag", "isLogicHide", "quAnScore", "quAutoScore", "quCustomScore", "anRadio",
	"anCheckboxs", "anOrders", "anMFbks", "anScores", "anFbk", "anUploadFiles", "anMatrixRadios", "anMatrixCheckboxes",
	"anMatrixFbks", "anMatrixScales", "anCascades", "anScale", "anLocation"}

func (r *docReader) question(q *lang.AnQuestion) error {
	var seen uint32
	return r.object(func(key []byte) error {
		k := -1
		for i, n := range questionKeys {
			if string(key) == n {
				k = i
				break
			}
		}
		if k < 0 {
			return r.other(key, questionKeys...)
		}
		if seen&(1<<k) != 0 {
			return errGeneral
		}
		seen |= 1 << k
		switch k {
		case 0:
			return r.str(&q.QuDwID)
		case 1:
			return r.str(&q.QuType)
		case 2:
			return r.num(&q.AnswerFlag)
		case 3:
			return r.boolean(&q.IsLogicHide)
		case 4:
			return r.numPtr(&q.QuAnScore)
		case 5:
			return r.numPtr(&q.QuAutoScore)
		case 6:
			return r.numPtr(&q.QuCustomScore)
		case 7:
			return one(r, &q.AnRadio, &r.opts, optionFields)
		case 8:
			return objects(r, &q.AnCheckboxs, &r.opts, optionFields)
		case 9:
			return objects(r, &q.AnOrders, &r.ord, func(v *lang.AnOrder) fields {
				return fields{"optionDwId", str(&v.OptionDwID), "orderNum", num(&v.OrderNum)}
			})
		case 10:
			return objects(r, &q.AnMFbks, &r.mf, func(v *lang.AnMFbk) fields {
				return fields{"optionDwId", str(&v.OptionDwID), "answer", str(&v.Answer)}
			})
		case 11:
			return objects(r, &q.AnScores, &r.sc, func(v *lang.AnScore) fields {
				return fields{"optionDwId", str(&v.OptionDwID), "answerScore", num(&v.AnswerScore)}
			})
		case 12:
			return one(r, &q.AnFbk, &r.fbk, func(v *lang.AnFbk) fields { return fields{a: "answer", va: slot{fbk: &v.Answer}} })
		case 13:
			return r.decodeRaw(&q.AnUploadFiles)
		case 14:
			return objects(r, &q.AnMatrixRadios, &r.mr, func(v *lang.AnMatrixRadio) fields {
				return fields{"rowDwId", str(&v.RowDwID), "colDwId", str(&v.ColDwID)}
			})
		case 15:
			return r.decodeRaw(&q.AnMatrixCheckboxes)
		case 16:
			return r.decodeRaw(&q.AnMatrixFbks)
		case 17:
			return objects(r, &q.AnMatrixScales, &r.ms, func(v *lang.AnMatrixScale) fields {
				return fields{"rowDwId", str(&v.RowDwID), "answerScore", num(&v.AnswerScore)}
			})
		case 18:
			return r.decodeRaw(&q.AnCascades)
		case 19:
			return one(r, &q.AnScale, &r.scale, func(v *lang.AnScale) fields { return fields{a: "answerScore", va: slot{numPtr: &v.AnswerScore}} })
		case 20:
			return r.decodeRaw(&q.AnLocation)
		}
		return errGeneral
	})
}

// slot is where one known key's value goes (exactly one pointer is set): the reader
// that fills it follows from the type.
type slot struct {
	str    *lang.Str
	num    *lang.Num
	numPtr **lang.Num
	fbk    *lang.FbkText
}

func str(p *lang.Str) slot { return slot{str: p} }
func num(p *lang.Num) slot { return slot{num: p} }

func (r *docReader) fill(s slot) error {
	switch {
	case s.str != nil:
		return r.str(s.str)
	case s.num != nil:
		return r.num(s.num)
	case s.numPtr != nil:
		return r.numPtr(s.numPtr)
	}
	if r.peek() == '"' {
		t, err := r.text()
		*s.fbk = lang.FbkText(t)
		return err
	}
	return r.general(s.fbk.UnmarshalJSON)
}

// fields are the known keys of an answer object (one or two) and their slots.
type fields struct {
	a  string
	va slot
	b  string
	vb slot
}

func optionFields(v *lang.AnOption) fields {
	return fields{"optionDwId", str(&v.OptionDwID), "otherText", str(&v.OtherText)}
}

// known reads an object of the known keys f; a key given twice, or matching one only
// case-insensitively, goes to the general decoder.
func (r *docReader) known(f fields) error {
	var seenA, seenB bool
	return r.object(func(key []byte) error {
		switch {
		case string(key) == f.a && !seenA:
			seenA = true
			return r.fill(f.va)
		case f.b != "" && string(key) == f.b && !seenB:
			seenB = true
			return r.fill(f.vb)
		case string(key) == f.a || (f.b != "" && string(key) == f.b):
			return errGeneral
		}
		if f.b == "" {
			return r.other(key, f.a)
		}
		return r.other(key, f.a, f.b)
	})
}

// objects reads a list (or null) of objects with the known keys of of into p.
func objects[T any](r *docReader, dst *[]*T, p *pool[T], of func(*T) fields) error {
	return list(r, dst, p, func(v *T) error { return r.known(of(v)) })
}

// one reads an object (or null, leaving *dst nil) of the known keys of of into a value of p.
func one[T any](r *docReader, dst **T, p *pool[T], of func(*T) fields) error {
	if isNull, err := r.null(); err != nil || isNull {
		return err
	}
	v := p.Next()
	*dst = v
	return r.known(of(v))
}

// list reads an array (or null: *dst nil) into a slice of pointers kept in p; null
// elements stay nil.
func list[T any](r *docReader, dst *[]*T, p *pool[T], elem func(*T) error) error {
	if isNull, err := r.null(); err != nil || isNull {
		*dst = nil
		return err
	}
	start := len(p.Ptrs)
	err := r.array(func(isNull bool) error {
		if isNull {
			p.Ptrs = append(p.Ptrs, nil)
			return nil
		}
		v := p.Next()
		p.Ptrs = append(p.Ptrs, v)
		return elem(v)
	})
	*dst = p.Ptrs[start:len(p.Ptrs):len(p.Ptrs)]
	return err
}
