package survey

import (
	"strconv"
	"strings"

	"dwsurvey/survey/dsl"
)

// DefaultMaxlength is the maximum text length of an input that sets no
// maxlength (or a maxlength of 0 or less).
const DefaultMaxlength = 119

// ValidateText checks a text input against its input attributes and
// returns the first failing message (without quDwId) or nil. Empty text is
// always accepted here (required is checked by the caller). Order:
// check type, length bounds (checkType NO, EMAIL, URL, UNSTRCN, STRCN),
// number bounds (only bounds above 0), time range.
func ValidateText(text string, ia *InputAttr, legacyCheckType string) *Message {
	if text == "" {
		return nil
	}
	var c CommonAttr
	if ia != nil && ia.CommonAttr != nil {
		c = *ia.CommonAttr
	}
	ct := NormCheckType(string(c.CheckType))
	if ct == "" {
		ct = NormCheckType(legacyCheckType)
	}
	var dt *DateTimeAttr
	if ia != nil {
		dt = ia.DateTimeAttr
	}
	// Ranges ("start,end") are checked part by part.
	if dt != nil && dt.IsRange || strings.Count(text, ",") == 1 && (ct == "TIME" || ct == "DATE" || ct == "DATETIME") {
		parts := strings.SplitN(text, ",", 2)
		if len(parts) == 2 {
			for _, p := range parts {
				if p != "" && !CheckText(ct, p, "") {
					return newMsg("", checkKeys[ct], nil)
				}
			}
			if parts[0] != "" && parts[1] != "" && padTime(parts[1]) < padTime(parts[0]) {
				return newMsg("", "timeRange", nil)
			}
			return timeWindow(parts, dt)
		}
	}
	if !CheckText(ct, text, string(c.Regex)) {
		if ct == "CUSTOM" {
			m := string(c.RegexMsg)
			if m == "" {
				m = DefaultCustomMessage
			}
			return newMsg("", "custom", map[string]any{"message": m})
		}
		return newMsg("", checkKeys[ct], nil)
	}
	switch ct {
	case "", "EMAIL", "URL", "UNSTRCN", "STRCN":
		n := float64(dsl.RuneLen(text))
		if c.Minlength > 0 && n < float64(c.Minlength) {
			return newMsg("", "minLength", map[string]any{"n": float64(c.Minlength)})
		}
		max := float64(c.Maxlength)
		if max <= 0 {
			max = DefaultMaxlength // spec: "Input defaults: maxlength 119"
		}
		if n > max {
			return newMsg("", "maxLength", map[string]any{"n": max})
		}
	}
	numeric := ct == "NUM" || ct == "DIGITS" || string(c.InputType) == InputNumber
	if numeric {
		f, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(text), ",", ""), 64)
		if err != nil {
			return newMsg("", "num", nil)
		}
		if ia != nil && ia.NumAttr != nil {
			if ia.NumAttr.Min > 0 && f < float64(ia.NumAttr.Min) {
				return newMsg("", "minValue", map[string]any{"n": float64(ia.NumAttr.Min)})
			}
			if ia.NumAttr.Max > 0 && f > float64(ia.NumAttr.Max) {
				return newMsg("", "maxValue", map[string]any{"n": float64(ia.NumAttr.Max)})
			}
		}
	}
	return timeWindow([]string{text}, dt)
}

// padTime left-pads "9:05" to "09:05" so times compare as strings.
func padTime(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, ':'); i == 1 {
		return "0" + s
	}
	return s
}

// timeWindow checks values against dateTimeAttr.timeRange.range [min, max].
func timeWindow(vals []string, dt *DateTimeAttr) *Message {
	if dt == nil || dt.TimeRange == nil || len(dt.TimeRange.Range) != 2 {
		return nil
	}
	lo, hi := padTime(dt.TimeRange.Range[0]), padTime(dt.TimeRange.Range[1])
	for _, v := range vals {
		if v == "" {
			continue
		}
		p := padTime(v)
		if p < lo || p > hi {
			return newMsg("", "timeOutOfRange", map[string]any{"min": dt.TimeRange.Range[0], "max": dt.TimeRange.Range[1]})
		}
	}
	return nil
}

func (q *Question) inputAttr() *InputAttr {
	if q.QuAttr != nil && q.QuAttr.InputAttr != nil {
		return q.QuAttr.InputAttr
	}
	return nil
}

func withQu(m *Message, qu, item string) *Message {
	if m != nil {
		m.QuDwID, m.ItemDwID = qu, item
	}
	return m
}

// Accepted file extensions by fileAccept code.
var (
	imageExts = []string{".jpg", ".jpeg", ".png", ".gif", ".bmp"}
	docExts   = []string{".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx"}
)

// validateQuestion returns the first failing message of a visible question
// or nil. Order: required, validate-rule hint (hint non-nil: the message of
// the question's first hint), then the type checks.
func (e *Engine) validateQuestion(v *view, qi int, hint *string) *Message {
	q := e.Ix.Qs[qi]
	id := string(q.DwID)
	a := v.answer(qi)
	val := v.questionValue(qi)
	t := NormType(string(q.QuType))
	if val.IsEmpty() {
		if q.Required() {
			if t == TypeSignature {
				return newMsg(id, "signatureEmpty", nil)
			}
			return newMsg(id, "required", nil)
		}
		if hint != nil {
			return newMsg(id, "validateRule", map[string]any{"message": *hint})
		}
		return nil
	}
	if hint != nil {
		return newMsg(id, "validateRule", map[string]any{"message": *hint})
	}
	switch {
	case q.IsGroup():
		for gi, g := range q.QuRows {
			n := 0
			for _, o := range g.GroupOptions {
				if v.selected(qi, string(o.DwID)) {
					n++
				}
			}
			if oa := g.OptionAttr; oa != nil {
				if oa.MinAn > 0 && float64(n) < float64(oa.MinAn) {
					return withQu(newMsg("", "groupMin", map[string]any{"i": float64(gi + 1), "n": float64(oa.MinAn)}), id, string(g.DwID))
				}
				if oa.MaxAn > 0 && float64(n) > float64(oa.MaxAn) {
					return withQu(newMsg("", "groupMax", map[string]any{"i": float64(gi + 1), "n": float64(oa.MaxAn)}), id, string(g.DwID))
				}
			}
		}
		return e.choiceChecks(v, qi, a)
	case q.IsRadioLike() || q.IsCheckboxLike():
		return e.choiceChecks(v, qi, a)
	case t == TypeOrderQu:
		ranked := 0
		if val.K == dsl.List {
			ranked = len(val.L)
		}
		opts := 0
		for _, o := range q.Options() {
			if !v.optHidden(o.DwID) {
				opts++
			}
		}
		need := opts
		if oa := q.QuAttr; oa != nil && oa.OrderQuAttr != nil && oa.OrderQuAttr.TopNum > 0 && int(oa.OrderQuAttr.TopNum) < opts {
			need = int(oa.OrderQuAttr.TopNum)
		}
		if q.Required() && ranked < need {
			return newMsg(id, "orderRequired", map[string]any{"n": float64(need)})
		}
	case t == TypeMultiFillblank:
		for bi, o := range q.Options() {
			if v.optHidden(o.DwID) {
				continue
			}
			text := v.blank(a, string(o.DwID))
			if text == "" {
				if q.Required() && bool(o.IsRequired) {
					return withQu(newMsg("", "blankRequired", map[string]any{"i": float64(bi + 1)}), id, string(o.DwID))
				}
				continue
			}
			if m := ValidateText(text, o.InputAttr, ""); m != nil {
				return withQu(m, id, string(o.DwID))
			}
		}
	case t == TypeScore || t == TypeChenScore:
		if q.Required() {
			for _, o := range q.Options() {
				if !v.optHidden(o.DwID) && v.itemValue(qi, &dsl.Ref{QuDwID: id, ItemDwID: string(o.DwID)}).IsEmpty() {
					return withQu(newMsg("", "scoreRequired", nil), id, string(o.DwID))
				}
			}
		}
	case t == TypeScaleNPS || t == TypeScaleSlider:
		lo, hi := 0.0, 10.0
		var mn, mx *Num
		if t == TypeScaleSlider {
			hi = 100
			if q.QuAttr != nil && q.QuAttr.SliderAttr != nil {
				mn, mx = q.QuAttr.SliderAttr.Min, q.QuAttr.SliderAttr.Max
			}
		} else if q.QuAttr != nil && q.QuAttr.ScaleAttr != nil {
			mn, mx = q.QuAttr.ScaleAttr.Min, q.QuAttr.ScaleAttr.Max
		}
		if mn != nil {
			lo = float64(*mn)
		}
		if mx != nil {
			hi = float64(*mx)
		}
		if val.N < lo || val.N > hi {
			return newMsg(id, "outOfRange", map[string]any{"min": lo, "max": hi})
		}
	case t == TypeUploadFile:
		return e.uploadChecks(q, a)
	case q.IsMatrix():
		return e.matrixChecks(v, qi, a)
	case t == TypeFillblank || t == TypeColorPicker || t == TypeAnswer || t == TypeBigQu || t == TypeEnumQu:
		legacy := string(q.CheckType)
		if m := ValidateText(val.String(), q.inputAttr(), legacy); m != nil {
			return withQu(m, id, "")
		}
	}
	return nil
}

// choiceChecks: min/max options for the whole question and notes of
// selected options (checked only when the option shows its note).
func (e *Engine) choiceChecks(v *view, qi int, a *AnQuestion) *Message {
	q := e.Ix.Qs[qi]
	id := string(q.DwID)
	n := 0
	for _, o := range q.Options() {
		if v.selected(qi, string(o.DwID)) {
			n++
		}
	}
	if q.IsCheckboxLike() {
		if q.MinLimit > 0 && float64(n) < float64(q.MinLimit) {
			return newMsg(id, "minOptions", map[string]any{"n": float64(q.MinLimit)})
		}
		if q.MaxLimit > 0 && float64(n) > float64(q.MaxLimit) {
			return newMsg(id, "maxOptions", map[string]any{"n": float64(q.MaxLimit)})
		}
	}
	var chosen []*AnOption
	if a.AnRadio != nil {
		chosen = append(chosen, a.AnRadio)
	}
	chosen = append(chosen, a.AnCheckboxs...)
	for _, o := range q.Options() {
		if !(o.ShowOptionNote > 0 || o.IsNote > 0) || !v.selected(qi, string(o.DwID)) {
			continue
		}
		text := ""
		for _, c := range chosen {
			if c != nil && c.OptionDwID == o.DwID {
				text = string(c.OtherText)
			}
		}
		if text == "" {
			if o.InputAttr != nil && o.InputAttr.CommonAttr != nil && o.InputAttr.CommonAttr.IsRequired != nil && bool(*o.InputAttr.CommonAttr.IsRequired) {
				return withQu(newMsg("", "required", nil), id, string(o.DwID))
			}
			continue
		}
		if m := ValidateText(text, o.InputAttr, ""); m != nil {
			return withQu(m, id, string(o.DwID))
		}
	}
	return nil
}

func (e *Engine) uploadChecks(q *Question, a *AnQuestion) *Message {
	id := string(q.DwID)
	limit, size := float64(q.FileLimit), float64(q.FileSize)
	accept, custom := string(q.FileAccept), string(q.CustomFileAccept)
	if u := q.QuAttr; u != nil && u.UploadAttr != nil {
		limit, size = float64(u.UploadAttr.FileLimit), float64(u.UploadAttr.FileSize)
		accept, custom = string(u.UploadAttr.FileAccept), string(u.UploadAttr.CustomFileAccept)
	}
	isImage := string(q.QuType) == TypeUploadImage
	if size <= 0 {
		size = 20
	}
	if limit > 0 && float64(len(a.AnUploadFiles)) > limit {
		return newMsg(id, "fileCount", map[string]any{"n": limit})
	}
	var exts []string
	switch {
	case isImage:
		exts = []string{".jpg", ".jpeg", ".png"}
	case accept == "1":
		exts = imageExts
	case accept == "2":
		exts = docExts
	case accept == "100":
		for _, x := range strings.Split(custom, ",") {
			if x = strings.ToLower(strings.TrimSpace(x)); x != "" {
				if !strings.HasPrefix(x, ".") {
					x = "." + x
				}
				exts = append(exts, x)
			}
		}
	}
	for _, f := range a.AnUploadFiles {
		if f == nil {
			continue
		}
		if isImage && f.FileSize > 500*1024 {
			return withQu(newMsg("", "imageSize", map[string]any{"n": float64(500)}), id, string(f.FilePath))
		}
		if !isImage && float64(f.FileSize) > size*1024*1024 {
			return withQu(newMsg("", "fileSize", map[string]any{"n": size}), id, string(f.FilePath))
		}
		if len(exts) > 0 {
			name := strings.ToLower(string(f.FileName))
			if name == "" {
				name = strings.ToLower(string(f.FilePath))
			}
			ext := ""
			if i := strings.LastIndexByte(name, '.'); i >= 0 {
				ext = name[i:]
			}
			ok := false
			for _, x := range exts {
				ok = ok || x == ext
			}
			if !ok {
				return withQu(newMsg("", "fileType", map[string]any{"ext": ext}), id, string(f.FilePath))
			}
		}
	}
	return nil
}

func (e *Engine) matrixChecks(v *view, qi int, a *AnQuestion) *Message {
	q := e.Ix.Qs[qi]
	id := string(q.DwID)
	t := string(q.QuType)
	colCount := map[string]int{}
	for ri, row := range q.QuRows {
		if v.optHidden(row.DwID) {
			continue
		}
		rv := v.rowValue(qi, a, ri, row)
		if rv.IsEmpty() {
			if q.Required() {
				return withQu(newMsg("", "rowRequired", map[string]any{"i": float64(ri + 1)}), id, string(row.DwID))
			}
			continue
		}
		n := 1
		if t == TypeMatrixCheckbox && rv.K == dsl.List {
			n = len(rv.L)
		}
		if oa := row.OptionAttr; oa != nil && (t == TypeMatrixCheckbox || t == TypeMatrixRadio) {
			if oa.MinAn > 0 && float64(n) < float64(oa.MinAn) {
				return withQu(newMsg("", "rowMin", map[string]any{"i": float64(ri + 1), "n": float64(oa.MinAn)}), id, string(row.DwID))
			}
			if oa.MaxAn > 0 && float64(n) > float64(oa.MaxAn) {
				return withQu(newMsg("", "rowMax", map[string]any{"i": float64(ri + 1), "n": float64(oa.MaxAn)}), id, string(row.DwID))
			}
		}
		// Cells of text/number matrices.
		for _, m := range a.AnMatrixFbks {
			if m == nil || m.RowDwID != row.DwID {
				continue
			}
			for _, c := range m.RowAnFbks {
				if c == nil || c.Answer == "" {
					continue
				}
				ia := q.inputAttr()
				if ref, ok := e.Ix.Opt[string(c.ColDwID)]; ok && ref.O.InputAttr != nil {
					ia = ref.O.InputAttr
				}
				legacy := ""
				if t == TypeMatrixNumber {
					legacy = "NUM"
				}
				if msg := ValidateText(string(c.Answer), ia, legacy); msg != nil {
					return withQu(msg, id, string(row.DwID))
				}
			}
		}
	}
	for _, m := range a.AnMatrixRadios {
		if m != nil && !v.optHidden(m.RowDwID) {
			colCount[string(m.ColDwID)]++
		}
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m == nil || v.optHidden(m.RowDwID) {
			continue
		}
		for _, c := range m.RowAnCheckboxs {
			if c != nil {
				colCount[string(c.ColDwID)]++
			}
		}
	}
	if t == TypeMatrixCheckbox || t == TypeMatrixRadio {
		for ci, col := range q.QuCols {
			oa := col.OptionAttr
			if oa == nil {
				continue
			}
			n := float64(colCount[string(col.DwID)])
			if oa.MinAn > 0 && n < float64(oa.MinAn) {
				return withQu(newMsg("", "colMin", map[string]any{"i": float64(ci + 1), "n": float64(oa.MinAn)}), id, string(col.DwID))
			}
			if oa.MaxAn > 0 && n > float64(oa.MaxAn) {
				return withQu(newMsg("", "colMax", map[string]any{"i": float64(ci + 1), "n": float64(oa.MaxAn)}), id, string(col.DwID))
			}
		}
	}
	return nil
}
