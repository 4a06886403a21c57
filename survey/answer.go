package survey

import (
	"encoding/json"
	"fmt"
	"strings"
)

// AnswerDoc is the answer document (answerJson).
type AnswerDoc struct {
	AnswerCommon  json.RawMessage `json:"answerCommon,omitempty"`
	AnQuestions   []*AnQuestion   `json:"anQuestions"`
	EsID          Str             `json:"esId,omitempty"`
	OldAnswerEsID Str             `json:"oldAnswerEsId,omitempty"`
	AnPwd         Str             `json:"anPwd,omitempty"`
	HTTPSessionID Str             `json:"httpSessionId,omitempty"`
	VfCode        Str             `json:"vfCode,omitempty"`
}

// AnQuestion is the answer to one question: quDwId, quType and one payload
// field per type.
type AnQuestion struct {
	QuDwID             Str                 `json:"quDwId"`
	QuType             Str                 `json:"quType,omitempty"`
	AnswerFlag         Num                 `json:"answerFlag,omitempty"`
	IsLogicHide        Bool                `json:"isLogicHide,omitempty"`
	QuAnScore          *Num                `json:"quAnScore,omitempty"`
	QuAutoScore        *Num                `json:"quAutoScore,omitempty"`
	QuCustomScore      *Num                `json:"quCustomScore,omitempty"`
	AnRadio            *AnOption           `json:"anRadio,omitempty"`
	AnCheckboxs        []*AnOption         `json:"anCheckboxs,omitempty"`
	AnOrders           []*AnOrder          `json:"anOrders,omitempty"`
	AnMFbks            []*AnMFbk           `json:"anMFbks,omitempty"`
	AnScores           []*AnScore          `json:"anScores,omitempty"`
	AnFbk              *AnFbk              `json:"anFbk,omitempty"`
	AnUploadFiles      []*AnUploadFile     `json:"anUploadFiles,omitempty"`
	AnMatrixRadios     []*AnMatrixRadio    `json:"anMatrixRadios,omitempty"`
	AnMatrixCheckboxes []*AnMatrixCheckbox `json:"anMatrixCheckboxes,omitempty"`
	AnMatrixFbks       []*AnMatrixFbk      `json:"anMatrixFbks,omitempty"`
	AnMatrixScales     []*AnMatrixScale    `json:"anMatrixScales,omitempty"`
	AnCascades         []*AnCascade        `json:"anCascades,omitempty"`
	AnScale            *AnScale            `json:"anScale,omitempty"`
	AnLocation         *AnLocation         `json:"anLocation,omitempty"`
}

// AnOption is a chosen option (radio, checkbox, group).
type AnOption struct {
	OptionDwID Str `json:"optionDwId"`
	OtherText  Str `json:"otherText,omitempty"`
}

// AnOrder is a rank (1 = first).
type AnOrder struct {
	OptionDwID Str `json:"optionDwId"`
	OrderNum   Num `json:"orderNum"`
}

// AnMFbk is a multi-fill-blank blank.
type AnMFbk struct {
	OptionDwID Str `json:"optionDwId"`
	Answer     Str `json:"answer"`
}

// AnScore is a SCORE item's score.
type AnScore struct {
	OptionDwID  Str `json:"optionDwId"`
	AnswerScore Num `json:"answerScore"`
}

// AnFbk is a fill-blank answer. For time/date ranges the answer is
// "start,end" or the object form {startTime,endTime} (read as "start,end").
type AnFbk struct {
	Answer FbkText `json:"answer"`
}

// FbkText accepts a string, number or {startTime,endTime} object.
type FbkText string

// UnmarshalJSON implements json.Unmarshaler.
func (f *FbkText) UnmarshalJSON(data []byte) error {
	t := strings.TrimSpace(string(data))
	if strings.HasPrefix(t, "{") {
		var r struct {
			StartTime Str `json:"startTime"`
			EndTime   Str `json:"endTime"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return err
		}
		if r.StartTime == "" && r.EndTime == "" {
			*f = ""
		} else {
			*f = FbkText(string(r.StartTime) + "," + string(r.EndTime))
		}
		return nil
	}
	var s Str
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*f = FbkText(s)
	return nil
}

// AnUploadFile is an uploaded file; fileSize (bytes) is optional and used
// for the size check when present.
type AnUploadFile struct {
	FilePath Str `json:"filePath"`
	FileName Str `json:"fileName"`
	FileSize Num `json:"fileSize,omitempty"`
}

// AnMatrixRadio is one matrix-radio row choice.
type AnMatrixRadio struct {
	RowDwID Str `json:"rowDwId"`
	ColDwID Str `json:"colDwId"`
}

// AnMatrixCheckbox is one matrix-checkbox row.
type AnMatrixCheckbox struct {
	RowDwID        Str         `json:"rowDwId"`
	RowAnCheckboxs []*AnColRef `json:"rowAnCheckboxs"`
}

// AnColRef names a chosen column.
type AnColRef struct {
	ColDwID Str `json:"colDwId"`
}

// UnmarshalJSON reads colDwId, or optionDwId as the DWSurvey v6 client names the column.
func (c *AnColRef) UnmarshalJSON(data []byte) error {
	var r struct {
		ColDwID    Str `json:"colDwId"`
		OptionDwID Str `json:"optionDwId"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	c.ColDwID = r.ColDwID
	if c.ColDwID == "" {
		c.ColDwID = r.OptionDwID
	}
	return nil
}

// AnMatrixFbk is one row of a text/number matrix.
type AnMatrixFbk struct {
	RowDwID   Str          `json:"rowDwId"`
	RowAnFbks []*AnCellFbk `json:"rowAnFbks"`
}

// AnCellFbk is one cell of a text/number matrix.
type AnCellFbk struct {
	ColDwID Str `json:"colDwId"`
	Answer  Str `json:"answer"`
}

// UnmarshalJSON reads colDwId, or optionDwId as the DWSurvey v6 client names the column.
func (c *AnCellFbk) UnmarshalJSON(data []byte) error {
	var r struct {
		ColDwID    Str `json:"colDwId"`
		OptionDwID Str `json:"optionDwId"`
		Answer     Str `json:"answer"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	c.ColDwID, c.Answer = r.ColDwID, r.Answer
	if c.ColDwID == "" {
		c.ColDwID = r.OptionDwID
	}
	return nil
}

// AnMatrixScale is one row of a scale/slider matrix.
type AnMatrixScale struct {
	RowDwID     Str `json:"rowDwId"`
	AnswerScore Num `json:"answerScore"`
}

// AnCascade is one level of a cascade answer.
type AnCascade struct {
	Level Num `json:"level"`
	Value Str `json:"value"`
}

// AnScale is an NPS/slider answer.
type AnScale struct {
	AnswerScore *Num `json:"answerScore"`
}

// AnLocation is a geolocation answer (the fields the engine reads; the rest
// of the location payload is kept verbatim in Extra).
type AnLocation struct {
	Location         Bool            `json:"location,omitempty"`
	Citysearch       Bool            `json:"citysearch,omitempty"`
	Longitude        Num             `json:"longitude,omitempty"`
	Latitude         Num             `json:"latitude,omitempty"`
	FormattedAddress Str             `json:"formattedAddress,omitempty"`
	LocationBrand    Str             `json:"locationBrand,omitempty"`
	LocationClient   Str             `json:"locationClient,omitempty"`
	AccuracyLevel    Str             `json:"accuracyLevel,omitempty"`
	Accuracy         Num             `json:"accuracy,omitempty"`
	LocationType     Str             `json:"locationType,omitempty"`
	AddressComponent json.RawMessage `json:"addressComponent,omitempty"`
	CitySearchResult json.RawMessage `json:"citySearchResult,omitempty"`
}

// ParseAnswer decodes an answer document (answerJson). It also accepts the
// answerJson given as a JSON string. A document larger than MaxAnswerBytes or
// nested deeper than MaxAnswerDepth is refused before decoding (*ShapeError).
func ParseAnswer(data []byte) (*AnswerDoc, error) {
	t := strings.TrimSpace(string(data))
	if strings.HasPrefix(t, `"`) {
		if len(data) > 2*MaxAnswerBytes {
			return nil, &ShapeError{fmt.Sprintf("the answer is larger than %d KB", MaxAnswerBytes>>10)}
		}
		var inner string
		if err := json.Unmarshal(data, &inner); err != nil {
			return nil, err
		}
		data = []byte(inner)
	}
	if err := CheckAnswerJSON(data); err != nil {
		return nil, &ShapeError{err.Error()}
	}
	var a AnswerDoc
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// UnmarshalJSON implements json.Unmarshaler: null entries inside the
// answer arrays ("anCheckboxs":[null]) are dropped at decode time, as the
// TypeScript loader does.
func (a *AnQuestion) UnmarshalJSON(data []byte) error {
	type plain AnQuestion
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*a = *(*AnQuestion)(&p).compact()
	return nil
}

// UnmarshalJSON implements json.Unmarshaler: null anQuestions entries are
// dropped.
func (d *AnswerDoc) UnmarshalJSON(data []byte) error {
	type plain AnswerDoc
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	p.AnQuestions = dropNil(p.AnQuestions)
	*d = AnswerDoc(p)
	return nil
}

// dropNil returns l without nil entries (l itself when it has none).
func dropNil[T any](l []*T) []*T {
	for i, x := range l {
		if x == nil {
			out := append([]*T(nil), l[:i]...)
			for _, y := range l[i+1:] {
				if y != nil {
					out = append(out, y)
				}
			}
			return out
		}
	}
	return l
}

// compact returns a without nil entries in its answer arrays (a itself
// when there are none). The engine compacts every input answer, so answers
// built in code with nil entries are safe too.
func (a *AnQuestion) compact() *AnQuestion {
	if !a.hasNil() {
		return a // the usual case: no copy
	}
	c := *a
	c.AnCheckboxs = dropNil(a.AnCheckboxs)
	c.AnOrders = dropNil(a.AnOrders)
	c.AnMFbks = dropNil(a.AnMFbks)
	c.AnScores = dropNil(a.AnScores)
	c.AnUploadFiles = dropNil(a.AnUploadFiles)
	c.AnMatrixRadios = dropNil(a.AnMatrixRadios)
	c.AnMatrixCheckboxes = dropNil(a.AnMatrixCheckboxes)
	c.AnMatrixFbks = dropNil(a.AnMatrixFbks)
	c.AnMatrixScales = dropNil(a.AnMatrixScales)
	c.AnCascades = dropNil(a.AnCascades)
	changed := len(c.AnCheckboxs) != len(a.AnCheckboxs) || len(c.AnOrders) != len(a.AnOrders) ||
		len(c.AnMFbks) != len(a.AnMFbks) || len(c.AnScores) != len(a.AnScores) ||
		len(c.AnUploadFiles) != len(a.AnUploadFiles) || len(c.AnMatrixRadios) != len(a.AnMatrixRadios) ||
		len(c.AnMatrixCheckboxes) != len(a.AnMatrixCheckboxes) || len(c.AnMatrixFbks) != len(a.AnMatrixFbks) ||
		len(c.AnMatrixScales) != len(a.AnMatrixScales) || len(c.AnCascades) != len(a.AnCascades)
	copied := false
	for i, m := range c.AnMatrixCheckboxes {
		if l := dropNil(m.RowAnCheckboxs); len(l) != len(m.RowAnCheckboxs) {
			if !copied {
				c.AnMatrixCheckboxes = append([]*AnMatrixCheckbox(nil), c.AnMatrixCheckboxes...)
				copied = true
			}
			mc := *m
			mc.RowAnCheckboxs = l
			c.AnMatrixCheckboxes[i] = &mc
			changed = true
		}
	}
	copied = false
	for i, m := range c.AnMatrixFbks {
		if l := dropNil(m.RowAnFbks); len(l) != len(m.RowAnFbks) {
			if !copied {
				c.AnMatrixFbks = append([]*AnMatrixFbk(nil), c.AnMatrixFbks...)
				copied = true
			}
			mf := *m
			mf.RowAnFbks = l
			c.AnMatrixFbks[i] = &mf
			changed = true
		}
	}
	if !changed {
		return a
	}
	return &c
}

// ShapeError refuses an answer document by its size or nesting (ParseAnswer).
type ShapeError struct{ Msg string }

func (e *ShapeError) Error() string { return e.Msg }

// hasNil reports a nil entry in any answer array of a (what compact removes).
func (a *AnQuestion) hasNil() bool {
	nils := func(n int, at func(int) bool) bool {
		for i := 0; i < n; i++ {
			if at(i) {
				return true
			}
		}
		return false
	}
	if nils(len(a.AnCheckboxs), func(i int) bool { return a.AnCheckboxs[i] == nil }) ||
		nils(len(a.AnOrders), func(i int) bool { return a.AnOrders[i] == nil }) ||
		nils(len(a.AnMFbks), func(i int) bool { return a.AnMFbks[i] == nil }) ||
		nils(len(a.AnScores), func(i int) bool { return a.AnScores[i] == nil }) ||
		nils(len(a.AnUploadFiles), func(i int) bool { return a.AnUploadFiles[i] == nil }) ||
		nils(len(a.AnMatrixRadios), func(i int) bool { return a.AnMatrixRadios[i] == nil }) ||
		nils(len(a.AnMatrixFbks), func(i int) bool { return a.AnMatrixFbks[i] == nil }) ||
		nils(len(a.AnMatrixScales), func(i int) bool { return a.AnMatrixScales[i] == nil }) ||
		nils(len(a.AnCascades), func(i int) bool { return a.AnCascades[i] == nil }) {
		return true
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m == nil || nils(len(m.RowAnCheckboxs), func(i int) bool { return m.RowAnCheckboxs[i] == nil }) {
			return true
		}
	}
	for _, m := range a.AnMatrixFbks {
		if m != nil && nils(len(m.RowAnFbks), func(i int) bool { return m.RowAnFbks[i] == nil }) {
			return true
		}
	}
	return false
}
