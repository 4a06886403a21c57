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

	qs    arena[lang.AnQuestion]
	opts  arena[lang.AnOption]
	sc    arena[lang.AnScore]
	mr    arena[lang.AnMatrixRadio]
	ms    arena[lang.AnMatrixScale]
	mf    arena[lang.AnMFbk]
	ord   arena[lang.AnOrder]
	fbk   arena[lang.AnFbk]
	scale arena[lang.AnScale]
	nums  arena[lang.Num]

	qPtrs   []*lang.AnQuestion
	optPtrs []*lang.AnOption
	scPtrs  []*lang.AnScore
	mrPtrs  []*lang.AnMatrixRadio
	msPtrs  []*lang.AnMatrixScale
	mfPtrs  []*lang.AnMFbk
	ordPtrs []*lang.AnOrder
}

// arena hands out zeroed values from chunks reused after reset. A full chunk is replaced
// by a bigger one (values handed out before stay where they are).
type arena[T any] struct{ v []T }

func (a *arena[T]) next() *T {
	if len(a.v) == cap(a.v) {
		a.v = make([]T, 0, max(32, 2*cap(a.v)))
	}
	a.v = a.v[:len(a.v)+1]
	p := &a.v[len(a.v)-1]
	var zero T
	*p = zero
	return p
}

func (a *arena[T]) reset() { a.v = a.v[:0] }

// errGeneral: the document is not in the form the reader handles; decode it in general.
var errGeneral = errors.New("export: document needs the general decoder")

func (r *docReader) reset(b []byte) {
	r.b, r.i = b, 0
	r.qs.reset()
	r.opts.reset()
	r.sc.reset()
	r.mr.reset()
	r.ms.reset()
	r.mf.reset()
	r.ord.reset()
	r.fbk.reset()
	r.scale.reset()
	r.nums.reset()
	r.qPtrs, r.optPtrs, r.scPtrs, r.mrPtrs = r.qPtrs[:0], r.optPtrs[:0], r.scPtrs[:0], r.mrPtrs[:0]
	r.msPtrs, r.mfPtrs, r.ordPtrs = r.msPtrs[:0], r.mfPtrs[:0], r.ordPtrs[:0]
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

// strBounds passes a string at r.i and returns its raw bytes (quotes included) and
// whether it is plain: no escapes or control characters, valid UTF-8.
func (r *docReader) strBounds() ([]byte, bool, error) {
	start := r.i
	r.i++
	plain, ascii := true, true
	for r.i < len(r.b) {
		c := r.b[r.i]
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
	raw, err := r.skip()
	if err != nil {
		return err
	}
	if dst.UnmarshalJSON(raw) != nil {
		return errGeneral
	}
	return nil
}

func isNumStart(c byte) bool { return c == '-' || (c >= '0' && c <= '9') }

func (r *docReader) num(dst *lang.Num) error {
	raw, err := r.skip()
	if err != nil {
		return err
	}
	if isNumStart(raw[0]) {
		f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(raw), len(raw)), 64)
		if err != nil {
			f = 0 // as Num.UnmarshalJSON: what does not parse is "not set"
		}
		*dst = lang.Num(f)
		return nil
	}
	if dst.UnmarshalJSON(raw) != nil {
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
	n := r.nums.next()
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
	raw, err := r.skip()
	if err != nil {
		return err
	}
	if dst.UnmarshalJSON(raw) != nil {
		return errGeneral
	}
	return nil
}

// object calls field for every key of an object (key bytes valid during the call).
func (r *docReader) object(field func(key []byte) error) error {
	if r.peek() != '{' {
		return errGeneral
	}
	r.i++
	if r.peek() == '}' {
		r.i++
		return nil
	}
	for {
		if r.peek() != '"' {
			return errGeneral
		}
		raw, plain, err := r.strBounds()
		if err != nil || !plain {
			return errGeneral
		}
		if r.peek() != ':' {
			return errGeneral
		}
		r.i++
		if err := field(raw[1 : len(raw)-1]); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			return nil
		default:
			return errGeneral
		}
	}
}

// array calls elem for every element; null elements are reported as isNull (and passed).
func (r *docReader) array(elem func(isNull bool) error) error {
	if r.peek() != '[' {
		return errGeneral
	}
	r.i++
	if r.peek() == ']' {
		r.i++
		return nil
	}
	for {
		isNull := false
		if r.peek() == 'n' {
			if !r.lit("null") {
				return errGeneral
			}
			isNull = true
		}
		if err := elem(isNull); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.i++
		case ']':
			r.i++
			return nil
		default:
			return errGeneral
		}
	}
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
	raw, err := r.skip()
	if err != nil {
		return err
	}
	if json.Unmarshal(raw, dst) != nil {
		return errGeneral
	}
	return nil
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
		if isNull, err := r.null(); err != nil || isNull {
			qs = nil
			return err
		}
		start := len(r.qPtrs)
		err := r.array(func(isNull bool) error {
			if isNull {
				r.qPtrs = append(r.qPtrs, nil)
				return nil
			}
			q := r.qs.next()
			r.qPtrs = append(r.qPtrs, q)
			return r.question(q)
		})
		qs = r.qPtrs[start:len(r.qPtrs):len(r.qPtrs)]
		return err
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
			if isNull, err := r.null(); err != nil || isNull {
				return err
			}
			o := r.opts.next()
			q.AnRadio = o
			return r.option(o)
		case 8:
			return r.options(&q.AnCheckboxs)
		case 9:
			return r.orders(&q.AnOrders)
		case 10:
			return r.mfbks(&q.AnMFbks)
		case 11:
			return r.scores(&q.AnScores)
		case 12:
			if isNull, err := r.null(); err != nil || isNull {
				return err
			}
			f := r.fbk.next()
			q.AnFbk = f
			return r.object(func(key []byte) error {
				if string(key) != "answer" {
					return r.other(key, "answer")
				}
				if r.peek() == '"' {
					s, err := r.text()
					f.Answer = lang.FbkText(s)
					return err
				}
				raw, err := r.skip()
				if err == nil && f.Answer.UnmarshalJSON(raw) != nil {
					err = errGeneral
				}
				return err
			})
		case 13:
			return r.decodeRaw(&q.AnUploadFiles)
		case 14:
			return r.matrixRadios(&q.AnMatrixRadios)
		case 15:
			return r.decodeRaw(&q.AnMatrixCheckboxes)
		case 16:
			return r.decodeRaw(&q.AnMatrixFbks)
		case 17:
			return r.matrixScales(&q.AnMatrixScales)
		case 18:
			return r.decodeRaw(&q.AnCascades)
		case 19:
			if isNull, err := r.null(); err != nil || isNull {
				return err
			}
			s := r.scale.next()
			q.AnScale = s
			return r.object(func(key []byte) error {
				if string(key) != "answerScore" {
					return r.other(key, "answerScore")
				}
				return r.numPtr(&s.AnswerScore)
			})
		case 20:
			return r.decodeRaw(&q.AnLocation)
		}
		return errGeneral
	})
}

// pair reads an object of two known keys (a, b) with their decoders.
func (r *docReader) pair(a string, fa func() error, b string, fb func() error) error {
	var seenA, seenB bool
	return r.object(func(key []byte) error {
		switch {
		case string(key) == a && !seenA:
			seenA = true
			return fa()
		case string(key) == b && !seenB:
			seenB = true
			return fb()
		case string(key) == a || string(key) == b:
			return errGeneral
		}
		return r.other(key, a, b)
	})
}

func (r *docReader) option(o *lang.AnOption) error {
	return r.pair("optionDwId", func() error { return r.str(&o.OptionDwID) }, "otherText", func() error { return r.str(&o.OtherText) })
}

// list reads an array of objects into a slice of pointers kept in *buf.
func list[T any](r *docReader, dst *[]*T, buf *[]*T, ar *arena[T], elem func(*T) error) error {
	if isNull, err := r.null(); err != nil || isNull {
		*dst = nil
		return err
	}
	start := len(*buf)
	err := r.array(func(isNull bool) error {
		if isNull {
			*buf = append(*buf, nil)
			return nil
		}
		v := ar.next()
		*buf = append(*buf, v)
		return elem(v)
	})
	*dst = (*buf)[start:len(*buf):len(*buf)]
	return err
}

func (r *docReader) options(dst *[]*lang.AnOption) error {
	return list(r, dst, &r.optPtrs, &r.opts, r.option)
}

func (r *docReader) scores(dst *[]*lang.AnScore) error {
	return list(r, dst, &r.scPtrs, &r.sc, func(s *lang.AnScore) error {
		return r.pair("optionDwId", func() error { return r.str(&s.OptionDwID) }, "answerScore", func() error { return r.num(&s.AnswerScore) })
	})
}

func (r *docReader) orders(dst *[]*lang.AnOrder) error {
	return list(r, dst, &r.ordPtrs, &r.ord, func(s *lang.AnOrder) error {
		return r.pair("optionDwId", func() error { return r.str(&s.OptionDwID) }, "orderNum", func() error { return r.num(&s.OrderNum) })
	})
}

func (r *docReader) mfbks(dst *[]*lang.AnMFbk) error {
	return list(r, dst, &r.mfPtrs, &r.mf, func(s *lang.AnMFbk) error {
		return r.pair("optionDwId", func() error { return r.str(&s.OptionDwID) }, "answer", func() error { return r.str(&s.Answer) })
	})
}

func (r *docReader) matrixRadios(dst *[]*lang.AnMatrixRadio) error {
	return list(r, dst, &r.mrPtrs, &r.mr, func(s *lang.AnMatrixRadio) error {
		return r.pair("rowDwId", func() error { return r.str(&s.RowDwID) }, "colDwId", func() error { return r.str(&s.ColDwID) })
	})
}

func (r *docReader) matrixScales(dst *[]*lang.AnMatrixScale) error {
	return list(r, dst, &r.msPtrs, &r.ms, func(s *lang.AnMatrixScale) error {
		return r.pair("rowDwId", func() error { return r.str(&s.RowDwID) }, "answerScore", func() error { return r.num(&s.AnswerScore) })
	})
}
