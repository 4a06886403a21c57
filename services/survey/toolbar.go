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

// ToolbarTab is one tab of the designer's palette in the reference (DWSurvey v6) shape:
// toolbar-qus.do answers a list of these. The reference client renders TabName, each
// TabQu's TabQuName and its question templates; our console reads the same list.
type ToolbarTab struct {
	TabName string         `json:"tabName"`
	TabQus  []ToolbarTabQu `json:"tabQus"`
}

// ToolbarTabQu is a group of question templates inside a tab.
type ToolbarTabQu struct {
	TabQuName string `json:"tabQuName"`
	// Group is our palette group (choice, text, scale, matrix, advanced, component, layout).
	Group     string            `json:"group"`
	Questions []ToolbarQuestion `json:"questions"`
}

// ToolbarQuestion is a question template as the reference designer clones it into a survey
// (its legacy question fields: quTitle/quName/quNote, hv, cellCount, answerInputRow,
// checkType, dwsurveyfont, the option lists with optionName/optionTitle), plus our palette
// keys (nameKey, group, scoring, childType). Keys the reference client tests against null
// are sent as null, never left out.
type ToolbarQuestion struct {
	QuType         string          `json:"quType"`
	ChildType      string          `json:"childType,omitempty"`
	QuTitle        string          `json:"quTitle"`
	QuName         *string         `json:"quName"`
	QuNote         *string         `json:"quNote"`
	Hv             int             `json:"hv"`
	CellCount      int             `json:"cellCount"`
	AnswerInputRow int             `json:"answerInputRow"`
	CheckType      *string         `json:"checkType"`
	ParamInt02     *int            `json:"paramInt02"`
	Dwsurveyfont   *string         `json:"dwsurveyfont"`
	QuRadios       []toolbarOption `json:"quRadios,omitempty"`
	QuCheckboxs    []toolbarOption `json:"quCheckboxs,omitempty"`
	QuOrderbys     []toolbarOption `json:"quOrderbys,omitempty"`
	QuMultiFbks    []toolbarOption `json:"quMultiFillblanks,omitempty"`
	QuScores       []toolbarOption `json:"quScores,omitempty"`
	NameKey        string          `json:"nameKey"`
	Group          string          `json:"group"`
	Scoring        bool            `json:"scoring"`
}

type toolbarOption struct {
	OptionName  string `json:"optionName"`
	OptionTitle string `json:"optionTitle"`
}

// toolbarGroupNames are the tab group titles the reference client shows (its language).
var toolbarGroupNames = map[string]string{"choice": "选择题", "text": "填空题", "scale": "评分量表", "matrix": "矩阵题",
	"advanced": "高级题型", "component": "扩展组件", "layout": "辅助组件"}

// toolbarTitles are the template titles (the reference designer shows the template as a
// sample question); types without an entry use "题目标题".
var toolbarTitles = map[string]string{lang.TypeRadio: "单选题标题", lang.TypeCheckbox: "多选题标题", lang.TypeFillblank: "填空题标题",
	lang.TypeMultiFillblank: "多项填空题标题", lang.TypeScore: "评分题标题", lang.TypeOrderQu: "排序题标题",
	lang.TypeUploadFile: "上传题标题", lang.TypeParagraph: "请输入段落标题", lang.TypePageTag: "",
	lang.TypeMatrixRadio: "矩阵单选题标题", lang.TypeMatrixCheckbox: "矩阵多选题标题", lang.TypeMatrixInput: "矩阵填空题标题",
	lang.TypeMatrixScale: "矩阵量表题标题", lang.TypeMatrixSlider: "矩阵滑块题标题"}

// toolbarIcons are the reference client's icon classes (its font-dwsurvey icon font) for the
// types it has no built-in palette icon for; the other templates send dwsurveyfont null and
// it draws its own icon by quType. Types without an entry get its generic icon.
var toolbarIcons = map[string]string{lang.TypeImgRadio: "icon-dwsurvey-tupiandanxuan", lang.TypeImgCheckbox: "icon-dwsurvey-tupianduoxuan",
	lang.TypeAnswer: "icon-dwsurvey-duoxiangwenben", lang.TypeChenScore: "icon-dwsurvey-juzhenpingfen",
	lang.TypeScaleNPS: "icon-dwsurvey-liangbiaoti", lang.TypeScaleSlider: "icon-dwsurvey-huakuaiti",
	lang.TypeMatrixRadio: "icon-dwsurvey-juzhendanxuan", lang.TypeMatrixCheckbox: "icon-dwsurvey-juzhenduoxuan",
	lang.TypeMatrixInput: "icon-dwsurvey-juzhentiankong", lang.TypeMatrixNumber: "icon-dwsurvey-juzhenshuzhi",
	lang.TypeMatrixScale: "icon-dwsurvey-juzhenliangbiao", lang.TypeMatrixSlider: "icon-dwsurvey-juzhenhuakuai",
	lang.TypeMatrixSelect: "icon-dwsurvey-juzhenxiala", lang.TypeMatrixGroup: "icon-dwsurvey-juzhenzuhe",
	lang.TypeUploadImage: "icon-dwsurvey-shangchuan", lang.TypeCascade: "icon-dwsurvey-jilian",
	lang.TypeSignature: "icon-dwsurvey-qianming", lang.TypeGeolocation: "icon-dwsurvey-dizhi"}

func sampleOptions() []toolbarOption {
	return []toolbarOption{{OptionName: "选项1", OptionTitle: "选项1"}, {OptionName: "选项2", OptionTitle: "选项2"}}
}

func toolbarQuestion(it ToolbarItem) ToolbarQuestion {
	title, known := toolbarTitles[it.QuType]
	if !known {
		title = "题目标题"
	}
	q := ToolbarQuestion{QuType: it.QuType, ChildType: it.ChildType, QuTitle: title, Hv: 2, AnswerInputRow: 1,
		NameKey: it.NameKey, Group: it.Group, Scoring: it.Scoring}
	if icon, has := toolbarIcons[it.QuType]; has && it.ChildType == "" {
		q.Dwsurveyfont = &icon
	}
	switch it.QuType {
	case lang.TypeRadio:
		q.QuRadios = sampleOptions()
	case lang.TypeCheckbox:
		q.QuCheckboxs = sampleOptions()
	case lang.TypeOrderQu:
		q.QuOrderbys = sampleOptions()
	case lang.TypeMultiFillblank:
		q.QuMultiFbks = sampleOptions()
	case lang.TypeScore:
		q.QuScores = sampleOptions()
		five := 5
		q.ParamInt02 = &five
	}
	return q
}

// ToolbarTabsFor is the palette of a survey type in the reference shape: one tab, a
// group per kind of question, in ToolbarFor's order.
func ToolbarTabsFor(surveyType string) []ToolbarTab {
	tab := ToolbarTab{TabName: "题型", TabQus: []ToolbarTabQu{}}
	for _, it := range ToolbarFor(surveyType) {
		n := len(tab.TabQus)
		if n == 0 || tab.TabQus[n-1].Group != it.Group {
			tab.TabQus = append(tab.TabQus, ToolbarTabQu{TabQuName: toolbarGroupNames[it.Group], Group: it.Group})
			n++
		}
		tab.TabQus[n-1].Questions = append(tab.TabQus[n-1].Questions, toolbarQuestion(it))
	}
	return []ToolbarTab{tab}
}

// ReferenceClientTypes are the question types the reference (DWSurvey v6 open-source) web
// client can design, answer and show: its designer adds any template it is offered, but its
// answer page draws nothing for other types, so a required question of another type could
// never be answered there.
var ReferenceClientTypes = map[string]bool{lang.TypeRadio: true, lang.TypeCheckbox: true, lang.TypeOrderQu: true,
	lang.TypeFillblank: true, lang.TypeMultiFillblank: true, lang.TypeScore: true,
	lang.TypeMatrixRadio: true, lang.TypeMatrixCheckbox: true, lang.TypeMatrixInput: true,
	lang.TypeMatrixScale: true, lang.TypeMatrixSlider: true, lang.TypeUploadFile: true,
	lang.TypePageTag: true, lang.TypeParagraph: true}

// ReferenceToolbarTabsFor is ToolbarTabsFor limited to ReferenceClientTypes: the palette
// toolbar-qus.do answers in the reference client's dialect (a surveyType, no surveyId).
func ReferenceToolbarTabsFor(surveyType string) []ToolbarTab {
	tabs := ToolbarTabsFor(surveyType)
	for i := range tabs {
		groups := tabs[i].TabQus[:0]
		for _, g := range tabs[i].TabQus {
			qs := g.Questions[:0]
			for _, q := range g.Questions {
				if ReferenceClientTypes[q.QuType] && q.ChildType == "" {
					qs = append(qs, q)
				}
			}
			if len(qs) > 0 {
				g.Questions = qs
				groups = append(groups, g)
			}
		}
		tabs[i].TabQus = groups
	}
	return tabs
}

// Toolbar is toolbar-qus.do for a survey: the palette of its type.
func (s *Service) Toolbar(ctx context.Context, p *account.Principal, id string) ([]ToolbarTab, error) {
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	return ToolbarTabsFor(a.Survey.SurveyType), nil
}
