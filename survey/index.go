package survey

import "strings"

// Kind helpers ----------------------------------------------------------

// NormType maps aliases to the canonical engine type (UPLOAD_IMAGE is an
// UPLOADFILE, stand-alone MAP/VERIFYCODE/SCROLLTEXT are components).
func NormType(t string) string {
	switch t {
	case TypeUploadImage:
		return TypeUploadFile
	case TypeMap, TypeVerifyCode, TypeScrollText:
		return TypeComponent
	}
	return t
}

// IsCounted reports whether the item counts as a question (numbering Qn):
// every item except PAGETAG and PARAGRAPH.
func (q *Question) IsCounted() bool {
	t := string(q.QuType)
	return t != TypePageTag && t != TypeParagraph
}

// IsDisplayOnly reports items that never take an answer (page breaks,
// paragraphs, dividers, carousels, maps, scrolling text).
func (q *Question) IsDisplayOnly() bool {
	t := string(q.QuType)
	switch t {
	case TypePageTag, TypeParagraph, TypeMap, TypeScrollText:
		return true
	case TypeComponent:
		return string(q.ChildType) != ChildVerifyCode
	}
	return false
}

// IsMatrix reports matrix types.
func (q *Question) IsMatrix() bool { return strings.HasPrefix(string(q.QuType), "MATRIX_") }

// IsGroup reports group choice types (groups in quRows[].groupOptions).
func (q *Question) IsGroup() bool {
	switch string(q.QuType) {
	case TypeCheckboxGroup, TypeRadioGroup, TypeImgCheckboxGroup:
		return true
	}
	return false
}

// IsRadioLike reports single-choice types.
func (q *Question) IsRadioLike() bool {
	switch string(q.QuType) {
	case TypeRadio, TypeImgRadio, TypeYesNo, TypeCompRadio, TypeRadioGroup:
		return true
	}
	return false
}

// IsCheckboxLike reports multiple-choice types.
func (q *Question) IsCheckboxLike() bool {
	switch string(q.QuType) {
	case TypeCheckbox, TypeImgCheckbox, TypeCompCheckbox, TypeCheckboxGroup, TypeImgCheckboxGroup:
		return true
	}
	return false
}

// Options returns the question's option-like items in document order:
// quRadios, quCheckboxs, quScores, quOrderbys, quMultiFillblanks, then the
// group options of group questions. Option numbers (QnAm) index this list.
func (q *Question) Options() []*Option {
	var out []*Option
	out = append(out, q.QuRadios...)
	out = append(out, q.QuCheckboxs...)
	out = append(out, q.QuScores...)
	out = append(out, q.QuOrderbys...)
	out = append(out, q.QuMultiFillblanks...)
	if q.IsGroup() {
		for _, g := range q.QuRows {
			out = append(out, g.GroupOptions...)
		}
	}
	return out
}

// Required reports whether the question must be answered (quAttr.isRequired
// wins over the legacy flat isRequired).
func (q *Question) Required() bool {
	if q.QuAttr != nil && q.QuAttr.IsRequired != nil {
		return bool(*q.QuAttr.IsRequired)
	}
	return bool(q.IsRequired)
}

// Title returns the question's plain title.
func (q *Question) Title() string {
	if q.QuTitleObj != nil && q.QuTitleObj.DwText != "" {
		return q.QuTitleObj.DwText
	}
	return string(q.QuTitle)
}

// Index gives fast lookups over a document. Build it with NewIndex after
// every structural change.
type Index struct {
	S         *Survey
	Qs        []*Question
	ByID      map[string]int // question dwId -> position in Qs
	Num       []int          // position -> question number (0 for PAGETAG/PARAGRAPH)
	ByNum     map[int]int    // question number -> position
	Page      []int          // position -> page (1-based)
	PageCount int
	Opt       map[string]OptRef // option/row/column/group dwId -> owner
	Vars      map[string]int    // variable name -> position
}

// OptRef locates an option-like item.
type OptRef struct {
	Q    int    // question position
	Kind string // "option", "row", "col", "group"
	N    int    // 1-based number within its kind
	O    *Option
}

// NewIndex indexes a document.
func NewIndex(s *Survey) *Index {
	ix := &Index{S: s, Qs: s.Questions, ByID: map[string]int{}, ByNum: map[int]int{},
		Opt: map[string]OptRef{}, Vars: map[string]int{}}
	page, num := 1, 0
	ix.Num = make([]int, len(s.Questions))
	ix.Page = make([]int, len(s.Questions))
	for i, q := range s.Questions {
		if string(q.QuType) == TypePageTag && i > 0 {
			page++
		}
		ix.Page[i] = page
		if q.DwID != "" {
			if _, dup := ix.ByID[string(q.DwID)]; !dup {
				ix.ByID[string(q.DwID)] = i
			}
		}
		if q.IsCounted() {
			num++
			ix.Num[i] = num
			ix.ByNum[num] = i
		}
		if q.VarAtrrs != nil {
			for _, n := range []Str{q.VarAtrrs.DefaultName, q.VarAtrrs.CustomName} {
				if n != "" {
					if _, dup := ix.Vars[string(n)]; !dup {
						ix.Vars[string(n)] = i
					}
				}
			}
		}
		add := func(o *Option, kind string, n int) {
			if o.DwID == "" {
				return
			}
			if _, dup := ix.Opt[string(o.DwID)]; !dup {
				ix.Opt[string(o.DwID)] = OptRef{Q: i, Kind: kind, N: n, O: o}
			}
		}
		for n, o := range q.Options() {
			add(o, "option", n+1)
		}
		if q.IsGroup() {
			for n, g := range q.QuRows {
				add(g, "group", n+1)
			}
		} else {
			for n, o := range q.QuRows {
				add(o, "row", n+1)
			}
		}
		for n, o := range q.QuCols {
			add(o, "col", n+1)
		}
	}
	ix.PageCount = page
	return ix
}
