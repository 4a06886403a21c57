package survey

import (
	"context"

	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// ToolbarItem is one question type offered in the designer's left panel.
type ToolbarItem struct {
	QuType    string `json:"quType"`
	ChildType string `json:"childType,omitempty"`
	NameKey   string `json:"nameKey"` // console locale key
	Group     string `json:"group"`   // choice, text, scale, matrix, advanced, component, layout
	Scoring   bool   `json:"scoring"` // can carry an answer key / option scores
}

func item(group, quType string, scoring bool) ToolbarItem {
	return ToolbarItem{QuType: quType, NameKey: "dw.quType." + quType, Group: group, Scoring: scoring}
}

func comp(child string) ToolbarItem {
	return ToolbarItem{QuType: lang.TypeComponent, ChildType: child, NameKey: "dw.quType.DW_COMPONENT." + child, Group: "component"}
}

var (
	tbChoice = []ToolbarItem{item("choice", lang.TypeRadio, true), item("choice", lang.TypeCheckbox, true),
		item("choice", lang.TypeYesNo, true), item("choice", lang.TypeImgRadio, true), item("choice", lang.TypeImgCheckbox, true),
		item("choice", lang.TypeCompRadio, true), item("choice", lang.TypeCompCheckbox, true),
		item("choice", lang.TypeCheckboxGroup, false), item("choice", lang.TypeRadioGroup, false),
		item("choice", lang.TypeImgCheckboxGroup, false), item("choice", lang.TypeOrderQu, false)}
	tbText = []ToolbarItem{item("text", lang.TypeFillblank, false), item("text", lang.TypeMultiFillblank, false),
		item("text", lang.TypeAnswer, false), item("text", lang.TypeEnumQu, false), item("text", lang.TypeBigQu, false)}
	tbScale = []ToolbarItem{item("scale", lang.TypeScore, false), item("scale", lang.TypeChenScore, false),
		item("scale", lang.TypeScaleNPS, false), item("scale", lang.TypeScaleSlider, false)}
	tbMatrix = []ToolbarItem{item("matrix", lang.TypeMatrixRadio, false), item("matrix", lang.TypeMatrixCheckbox, false),
		item("matrix", lang.TypeMatrixInput, false), item("matrix", lang.TypeMatrixNumber, false),
		item("matrix", lang.TypeMatrixScale, false), item("matrix", lang.TypeMatrixSlider, false),
		item("matrix", lang.TypeMatrixSelect, false), item("matrix", lang.TypeMatrixGroup, false),
		item("matrix", lang.TypeMatrixAutoAdd, false)}
	tbAdvanced = []ToolbarItem{item("advanced", lang.TypeUploadFile, false), item("advanced", lang.TypeUploadImage, false),
		item("advanced", lang.TypeCascade, false), item("advanced", lang.TypeSignature, false),
		item("advanced", lang.TypeGeolocation, false), item("advanced", lang.TypeImageHot, false),
		item("advanced", lang.TypeColorPicker, false)}
	tbComponent = []ToolbarItem{comp(lang.ChildDivider), comp(lang.ChildCarousel), comp(lang.ChildMap),
		comp(lang.ChildVerifyCode), comp(lang.ChildScrollText)}
	tbLayout = []ToolbarItem{item("layout", lang.TypePageTag, false), item("layout", lang.TypeParagraph, false)}
)

func cat(lists ...[]ToolbarItem) []ToolbarItem {
	var out []ToolbarItem
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func pick(l []ToolbarItem, types ...string) []ToolbarItem {
	var out []ToolbarItem
	for _, t := range types {
		for _, it := range l {
			if it.QuType == t {
				out = append(out, it)
			}
		}
	}
	return out
}

// ToolbarFor returns the question types offered for a survey type:
// survey, satisfaction, other: everything; exam: scoring choice types (with answer keys),
// text answers (ANSWER is graded manually), upload and layout; vote: choice types, a text
// field and layout; eval and eval360: scales, matrices and choice.
func ToolbarFor(surveyType string) []ToolbarItem {
	switch surveyType {
	case "exam":
		return cat(pick(tbChoice, lang.TypeRadio, lang.TypeCheckbox, lang.TypeYesNo, lang.TypeImgRadio, lang.TypeImgCheckbox),
			pick(tbText, lang.TypeFillblank, lang.TypeMultiFillblank, lang.TypeAnswer),
			pick(tbAdvanced, lang.TypeUploadFile), tbLayout)
	case "vote":
		return cat(pick(tbChoice, lang.TypeRadio, lang.TypeCheckbox, lang.TypeImgRadio, lang.TypeImgCheckbox),
			pick(tbText, lang.TypeFillblank), tbLayout)
	case "eval", "eval360":
		return cat(tbScale, pick(tbMatrix, lang.TypeMatrixRadio, lang.TypeMatrixScale, lang.TypeMatrixSlider),
			pick(tbChoice, lang.TypeRadio, lang.TypeCheckbox), pick(tbText, lang.TypeFillblank, lang.TypeAnswer), tbLayout)
	default:
		return cat(tbChoice, tbText, tbScale, tbMatrix, tbAdvanced, tbComponent, tbLayout)
	}
}

// Toolbar is toolbar-qus.do: the types for the survey's type.
func (s *Service) Toolbar(ctx context.Context, p *account.Principal, id string) (map[string]any, error) {
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	return map[string]any{"surveyType": a.Survey.SurveyType, "items": ToolbarFor(a.Survey.SurveyType)}, nil
}
