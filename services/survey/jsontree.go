package survey

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The stored survey document is the JSON the client sent, patched only where the server must
// change it (identity, missing dwIds, the logic AST, sanitised rich text). The typed model
// (package survey) reads it for checks and answering but never rewrites it, so empty strings,
// nulls, zeros, number spellings, key order and keys the model does not know survive a save.
// This file is that JSON tree: objects keep their key order, numbers their literal text.
//
// A tree value is one of: nil, bool, json.Number, string, []any, *jsonObject.

// jsonObject is a JSON object that keeps the order of its keys. A repeated key keeps its
// first position and its last value (as encoding/json reads it). Small objects are searched
// in order; one with more than smallObject keys gets an index.
type jsonObject struct {
	keys  []string
	vals  []any
	index map[string]int
}

const smallObject = 16

func newObject() *jsonObject { return &jsonObject{} }

func (o *jsonObject) find(k string) int {
	if o.index != nil {
		if i, ok := o.index[k]; ok {
			return i
		}
		return -1
	}
	for i, key := range o.keys {
		if key == k {
			return i
		}
	}
	return -1
}

func (o *jsonObject) get(k string) (any, bool) {
	if i := o.find(k); i >= 0 {
		return o.vals[i], true
	}
	return nil, false
}

func (o *jsonObject) set(k string, v any) {
	if i := o.find(k); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
	switch {
	case o.index != nil:
		o.index[k] = len(o.keys) - 1
	case len(o.keys) > smallObject:
		o.reindex()
	}
}

func (o *jsonObject) reindex() {
	o.index = make(map[string]int, len(o.keys))
	for i, key := range o.keys {
		o.index[key] = i
	}
}

func (o *jsonObject) del(k string) {
	i := o.find(k)
	if i < 0 {
		return
	}
	o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
	o.vals = append(o.vals[:i:i], o.vals[i+1:]...)
	if o.index != nil {
		o.reindex()
	}
}

// object returns o[k] when it is an object.
func (o *jsonObject) object(k string) *jsonObject {
	v, _ := o.get(k)
	obj, _ := v.(*jsonObject)
	return obj
}

// array returns o[k] when it is an array.
func (o *jsonObject) array(k string) []any {
	v, _ := o.get(k)
	arr, _ := v.([]any)
	return arr
}

// parseTree reads one JSON value (and nothing after it). The text is validated first
// (encoding/json's checker: grammar and nesting depth), then read by a small parser that
// relies on that; encoding/json's Token API allocates several times more.
func parseTree(data []byte) (any, error) {
	if !json.Valid(data) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return nil, err
		}
		return nil, errors.New("invalid JSON")
	}
	p := treeParser{b: data}
	return p.value(), nil
}

// treeParser reads JSON text that json.Valid accepted.
type treeParser struct {
	b []byte
	i int
}

func (p *treeParser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *treeParser) value() any {
	p.ws()
	switch c := p.b[p.i]; c {
	case '{':
		p.i++
		o := newObject()
		for {
			p.ws()
			if p.b[p.i] == '}' {
				p.i++
				return o
			}
			if p.b[p.i] == ',' {
				p.i++
				p.ws()
			}
			k := p.str()
			p.ws()
			p.i++ // ':'
			o.set(k, p.value())
			p.ws()
		}
	case '[':
		p.i++
		arr := []any{}
		for {
			p.ws()
			if p.b[p.i] == ']' {
				p.i++
				return arr
			}
			if p.b[p.i] == ',' {
				p.i++
			}
			arr = append(arr, p.value())
		}
	case '"':
		return p.str()
	case 't':
		p.i += 4
		return true
	case 'f':
		p.i += 5
		return false
	case 'n':
		p.i += 4
		return nil
	default:
		start := p.i
		for p.i < len(p.b) && strings.IndexByte("+-.0123456789eE", p.b[p.i]) >= 0 {
			p.i++
		}
		return json.Number(p.b[start:p.i])
	}
}

// str reads a string at p.i (the opening quote) as encoding/json decodes it: escapes
// resolved, invalid UTF-8 and lone surrogates replaced by U+FFFD.
func (p *treeParser) str() string {
	p.i++
	start := p.i
	for p.i < len(p.b) && p.b[p.i] != '"' && p.b[p.i] != '\\' && p.b[p.i] < utf8.RuneSelf {
		p.i++
	}
	if p.b[p.i] == '"' {
		p.i++
		return string(p.b[start : p.i-1])
	}
	var out []byte
	out = append(out, p.b[start:p.i]...)
	for {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(out)
		case c == '\\':
			p.i++
			e := p.b[p.i]
			p.i++
			switch e {
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := p.hex4()
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.i+1 < len(p.b) && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						r2 = p.hex4()
						if dr := utf16.DecodeRune(r, r2); dr != utf8.RuneError {
							out = utf8.AppendRune(out, dr)
							continue
						}
						p.i = save
					}
					r = utf8.RuneError
				}
				out = utf8.AppendRune(out, r)
			default: // '"', '\\', '/'
				out = append(out, e)
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			p.i++
		default:
			r, size := utf8.DecodeRune(p.b[p.i:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, utf8.RuneError)
			} else {
				out = append(out, p.b[p.i:p.i+size]...)
			}
			p.i += size
		}
	}
}

func (p *treeParser) hex4() rune {
	v, _ := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	p.i += 4
	return rune(v)
}

// writeTree appends the compact JSON of v to b (no HTML escaping, like MarshalCanonical).
func writeTree(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		b.WriteString(string(x))
	case string:
		writeString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeTree(b, e)
		}
		b.WriteByte(']')
	case *jsonObject:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			writeTree(b, x.vals[i])
		}
		b.WriteByte('}')
	case json.RawMessage:
		b.Write(x)
	default:
		raw, err := json.Marshal(x)
		if err != nil {
			b.WriteString("null")
			return
		}
		b.Write(raw)
	}
}

// treeText is the compact JSON text of v.
func treeText(v any) string {
	var b bytes.Buffer
	writeTree(&b, v)
	return b.String()
}

const hexDigits = "0123456789abcdef"

// writeString writes s as a JSON string the way encoding/json does without HTML escaping:
// quotes, backslashes and control characters escaped, invalid UTF-8 replaced, U+2028/U+2029
// escaped (JavaScript line terminators).
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(s[start:i])
			b.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b.WriteString(s[start:i])
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}
