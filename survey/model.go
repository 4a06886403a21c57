// Package survey is the Go half of the survey language: the typed DWSurvey v6
// document model, load checks, the condition language (see package dsl), the
// answer engine (visibility, logic effects, validation, progress, scoring,
// quotas, shuffling) and the pre-publish logic checker.
//
// JSON field names follow the DWSurvey v6 documents exactly. Fields the model
// does not know (UI-only state such as quFocusObj, validateObj, anRadio on the
// question) are dropped on load.
package survey

import "encoding/json"

// Question types.
const (
	TypeYesNo            = "YESNO"
	TypeRadio            = "RADIO"
	TypeCheckbox         = "CHECKBOX"
	TypeFillblank        = "FILLBLANK"
	TypeCompRadio        = "COMPRADIO"
	TypeCompCheckbox     = "COMPCHECKBOX"
	TypeMultiFillblank   = "MULTIFILLBLANK"
	TypeAnswer           = "ANSWER"
	TypeBigQu            = "BIGQU"
	TypeEnumQu           = "ENUMQU"
	TypeScore            = "SCORE"
	TypeOrderQu          = "ORDERQU"
	TypeUploadFile       = "UPLOADFILE"
	TypePageTag          = "PAGETAG"
	TypeParagraph        = "PARAGRAPH"
	TypeScaleNPS         = "SCALE_NPS"
	TypeScaleSlider      = "SCALE_SLIDER"
	TypeChenScore        = "CHENSCORE"
	TypeCascade          = "CASCADE"
	TypeMatrixRadio      = "MATRIX_RADIO"
	TypeMatrixCheckbox   = "MATRIX_CHECKBOX"
	TypeMatrixInput      = "MATRIX_INPUT"
	TypeMatrixNumber     = "MATRIX_NUMBER"
	TypeMatrixScale      = "MATRIX_SCALE"
	TypeMatrixSlider     = "MATRIX_SLIDER"
	TypeMatrixSelect     = "MATRIX_INPUT_MATRIX_SELECT"
	TypeMatrixGroup      = "MATRIX_INPUT_MATRIX_GROUP"
	TypeMatrixAutoAdd    = "MATRIX_AUTO_ADD"
	TypeImgRadio         = "IMGRADIO"
	TypeImgCheckbox      = "IMGCHECKBOX"
	TypeImgCheckboxGroup = "IMGCHECKBOXGROUP"
	TypeCheckboxGroup    = "CHECKBOXGROUP"
	TypeRadioGroup       = "RADIOGROUP"
	TypeSignature        = "SIGNATURE"
	TypeGeolocation      = "GEOLOCATION"
	TypeImageHot         = "IMAGE_HOT"
	TypeUploadImage      = "UPLOAD_IMAGE"
	TypeColorPicker      = "COLOR_PICKER"
	TypeComponent        = "DW_COMPONENT"
	// Stand-alone spellings of component child types seen in documents.
	TypeMap        = "MAP"
	TypeVerifyCode = "VERIFYCODE"
	TypeScrollText = "SCROLLTEXT"
)

// Child types of DW_COMPONENT (and MULTIFILLBLANK's line variant).
const (
	ChildDivider    = "divider"
	ChildCarousel   = "carousel"
	ChildMap        = "map"
	ChildVerifyCode = "verifycode"
	ChildScrollText = "scrolltext"
)

// KnownTypes lists every quType the model accepts, in spec order.
var KnownTypes = []string{
	TypeYesNo, TypeRadio, TypeCheckbox, TypeFillblank, TypeCompRadio, TypeCompCheckbox,
	TypeMultiFillblank, TypeAnswer, TypeBigQu, TypeEnumQu, TypeScore, TypeOrderQu,
	TypeUploadFile, TypePageTag, TypeParagraph, TypeScaleNPS, TypeScaleSlider, TypeChenScore,
	TypeCascade, TypeMatrixRadio, TypeMatrixCheckbox, TypeMatrixInput, TypeMatrixNumber,
	TypeMatrixScale, TypeMatrixSlider, TypeMatrixSelect, TypeMatrixGroup, TypeMatrixAutoAdd,
	TypeImgRadio, TypeImgCheckbox, TypeImgCheckboxGroup, TypeCheckboxGroup, TypeRadioGroup,
	TypeSignature, TypeGeolocation, TypeImageHot, TypeUploadImage, TypeColorPicker,
	TypeComponent, TypeMap, TypeVerifyCode, TypeScrollText,
}

// KnownChildTypes lists the DW_COMPONENT child types.
var KnownChildTypes = []string{ChildDivider, ChildCarousel, ChildMap, ChildVerifyCode, ChildScrollText}

// OptionListKeys are the JSON keys of a question's option lists (options, blanks, rows,
// columns) in model order; rows of group questions hold their options in groupOptions.
var OptionListKeys = []string{"quRadios", "quCheckboxs", "quScores", "quOrderbys", "quMultiFillblanks", "quRows", "quCols"}

// Text is a rich text block ({dwHtml, dwText}). Both keys are always written, empty when
// unset: the reference (DWSurvey v6) client tests dwHtml against null and "" and renders a
// missing one as "undefined".
type Text struct {
	DwHTML string `json:"dwHtml"`
	DwText string `json:"dwText"`
}

// Survey is a survey document (surveyJsonText).
type Survey struct {
	ID            Str             `json:"id,omitempty"`
	Sid           Str             `json:"sid,omitempty"`
	DwID          Str             `json:"dwId,omitempty"`
	SurveyType    Str             `json:"surveyType,omitempty"` // survey, exam, vote, satisfaction, eval, eval360, other
	SurveyName    Str             `json:"surveyName,omitempty"`
	SurveyNameObj *Text           `json:"surveyNameObj,omitempty"`
	SurveyState   Num             `json:"surveyState,omitempty"`
	SurveyDetail  *SurveyDetail   `json:"surveyDetail,omitempty"`
	DwVersion     Num             `json:"dwVersion,omitempty"`
	SurveyAttrs   *SurveyAttrs    `json:"surveyAttrs,omitempty"`
	SurveyStyle   *SurveyStyle    `json:"surveyStyle,omitempty"`
	Questions     []*Question     `json:"questions"`
	LogicDsl      *SurveyLogicDsl `json:"logicDsl,omitempty"`
	// DwDsl is the designer's logic code (a program in the condition
	// language, see docs/logic-language.md); DwDslAst is its parsed form.
	DwDsl    Str             `json:"dwDsl,omitempty"`
	DwDslAst json.RawMessage `json:"dwDslAst,omitempty"`
	// DwPipes are the answer placeholders of the pipeable texts with the dwIds they quote,
	// keyed "<element dwId>/<field>" (pipestore.go); the server stores them on save.
	DwPipes map[string][]PipeRef `json:"dwPipes,omitempty"`
}

// SurveyDetail carries the legacy detail flags.
type SurveyDetail struct {
	DwID           Str   `json:"dwId,omitempty"`
	Effective      Num   `json:"effective,omitempty"`
	EffectiveIP    Num   `json:"effectiveIp,omitempty"`
	Refresh        Num   `json:"refresh,omitempty"`
	RefreshNum     Num   `json:"refreshNum,omitempty"`
	Rule           Num   `json:"rule,omitempty"`
	RuleCode       Str   `json:"ruleCode,omitempty"` // answer password: a secret
	YnEndNum       Num   `json:"ynEndNum,omitempty"`
	EndNum         Num   `json:"endNum,omitempty"`
	YnEndTime      Num   `json:"ynEndTime,omitempty"`
	EndTime        Str   `json:"endTime,omitempty"`
	SurveyNote     Str   `json:"surveyNote,omitempty"`
	SurveyNoteText Str   `json:"surveyNoteText,omitempty"`
	SurveyNodeObj  *Text `json:"surveyNodeObj,omitempty"`
}

// SurveyLogicDsl holds survey-level DSL blocks. Each entry is a program
// text in the condition language.
type SurveyLogicDsl struct {
	MutexDsl  StrList `json:"mutexDsl,omitempty"`
	QuotaDsls StrList `json:"quotaDsls,omitempty"`
}

// QuestionLogicDsl holds per-question DSL blocks. Every block is a program
// (one or more statements); the block name only classifies the statements
// and the logic checker warns when a statement does not fit its block.
type QuestionLogicDsl struct {
	ShowDsl       Str     `json:"showDsl,omitempty"`
	HideDsl       Str     `json:"hideDsl,omitempty"`
	GotoDsl       Str     `json:"gotoDsl,omitempty"`
	ValidateDsl   Str     `json:"validateDsl,omitempty"`
	AssignmentDsl Str     `json:"assignmentDsl,omitempty"`
	MutexDsl      Str     `json:"mutexDsl,omitempty"`
	QuotaDsls     StrList `json:"quotaDsls,omitempty"`
}

// Question is one item of the document, including PAGETAG page breaks and
// PARAGRAPH texts.
type Question struct {
	DwID       Str   `json:"dwId,omitempty"`
	QuType     Str   `json:"quType"`
	ChildType  Str   `json:"childType,omitempty"`
	QuName     Str   `json:"quName,omitempty"`
	QuTitle    Str   `json:"quTitle,omitempty"`
	QuTitleObj *Text `json:"quTitleObj,omitempty"`
	QuNote     Str   `json:"quNote,omitempty"`
	QuNoteObj  *Text `json:"quNoteObj,omitempty"`
	Hv         Num   `json:"hv,omitempty"` // 1 grid, 2 list, 4 dropdown
	CellCount  Num   `json:"cellCount,omitempty"`
	// Legacy flat attributes (pre-quAttr documents); quAttr wins when set.
	IsRequired Bool `json:"isRequired,omitempty"`
	CheckType  Str  `json:"checkType,omitempty"`
	DateFormat Str  `json:"dateFormat,omitempty"`
	ParamInt01 Num  `json:"paramInt01,omitempty"`
	ParamInt02 Num  `json:"paramInt02,omitempty"` // score maximum
	MinLimit   Num  `json:"minLimit,omitempty"`
	MaxLimit   Num  `json:"maxLimit,omitempty"`
	AnCount    Num  `json:"anCount,omitempty"` // stored answer count (vote display)

	QuAttr         *QuAttr           `json:"quAttr,omitempty"`
	VarAtrrs       *VarAttrs         `json:"varAtrrs,omitempty"`
	LogicDsl       *QuestionLogicDsl `json:"logicDsl,omitempty"`
	QuestionLogics []*QuestionLogic  `json:"questionLogics,omitempty"`

	QuRadios          []*Option `json:"quRadios,omitempty"`
	QuCheckboxs       []*Option `json:"quCheckboxs,omitempty"`
	QuScores          []*Option `json:"quScores,omitempty"`
	QuOrderbys        []*Option `json:"quOrderbys,omitempty"`
	QuMultiFillblanks []*Option `json:"quMultiFillblanks,omitempty"`
	QuRows            []*Option `json:"quRows,omitempty"`
	QuCols            []*Option `json:"quCols,omitempty"`

	FileLimit        Num   `json:"fileLimit,omitempty"`
	FileAccept       Str   `json:"fileAccept,omitempty"`
	CustomFileAccept Str   `json:"customFileAccept,omitempty"`
	FileSize         Num   `json:"fileSize,omitempty"`
	Lr               *LR   `json:"lr,omitempty"`
	Solution         *Text `json:"solution,omitempty"` // exam solution text: a secret
}

// LR holds left and right label texts (scales, sliders).
type LR struct {
	LeftText  Str `json:"leftText,omitempty"`
	RightText Str `json:"rightText,omitempty"`
}

// VarAttrs are a question's variable names (usable in the condition language).
type VarAttrs struct {
	DefaultName Str `json:"defaultName,omitempty"`
	CustomName  Str `json:"customName,omitempty"`
}

// QuestionLogic is a per-question rule (GO, SHOW, SOLUTION).
//
// logicType: "GO" or "1" (jump), "SHOW" or "2" (show), "SOLUTION" or "3".
// cgQuItemId lists the trigger options of the owning question; skQuId the
// target question ids (GO: one id or "END"/"end1"/"end2"; SOLUTION: solution
// ids). geLe (LT, LTE, GT, GTE; legacy "le"/"ge") with scoreNum compares a
// rank or score. cgMode is "or" (default) or "and" for checkbox triggers.
type QuestionLogic struct {
	DwID       Str     `json:"dwId,omitempty"`
	CkQuID     Str     `json:"ckQuId,omitempty"`
	CgQuItemID StrList `json:"cgQuItemId,omitempty"`
	SkQuID     StrList `json:"skQuId,omitempty"`
	LogicType  Str     `json:"logicType"`
	GeLe       Str     `json:"geLe,omitempty"`
	ScoreNum   Num     `json:"scoreNum,omitempty"`
	CgMode     Str     `json:"cgMode,omitempty"`
}

// Option is an option, a blank of a multi-fill-blank, a matrix row or
// column, or a group of a group question (then GroupOptions is set).
type Option struct {
	DwID           Str          `json:"dwId,omitempty"`
	OptionName     Str          `json:"optionName,omitempty"`
	OptionTitle    Str          `json:"optionTitle,omitempty"`
	OptionTitleObj *Text        `json:"optionTitleObj,omitempty"`
	OptionImg      *OptionImg   `json:"optionImg,omitempty"`
	DefaultSelect  Bool         `json:"defaultSelect,omitempty"`
	IsRight        Bool         `json:"isRight,omitempty"` // exam key: a secret
	IsRequired     Bool         `json:"isRequired,omitempty"`
	IsNote         Num          `json:"isNote,omitempty"`
	ScoreNum       Num          `json:"scoreNum,omitempty"`
	ShowOptionNote Num          `json:"showOptionNote,omitempty"`
	InputAttr      *InputAttr   `json:"inputAttr,omitempty"`
	OptionAttr     *OptionAttr  `json:"optionAttr,omitempty"`
	OptionAttrs    *OptionAttrs `json:"optionAttrs,omitempty"`
	ValueAtrrs     *ValueAttrs  `json:"valueAtrrs,omitempty"`
	AnCount        Num          `json:"anCount,omitempty"`
	// ShowBy links this option to options of another question: it is shown
	// only while at least one of the listed option dwIds is selected.
	ShowBy StrList `json:"showBy,omitempty"`
	// Groups (CHECKBOXGROUP, RADIOGROUP, IMGCHECKBOXGROUP) and rows.
	GroupOptions []*Option `json:"groupOptions,omitempty"`
	GroupNameObj *Text     `json:"groupNameObj,omitempty"`
	SelectCount  Num       `json:"selectCount,omitempty"`
}

// OptionImg is an option image.
type OptionImg struct {
	ImgSrc Str `json:"imgSrc,omitempty"`
}

// OptionAttr holds per option (row, column, group) limits and shuffle pinning.
type OptionAttr struct {
	MinAn Num  `json:"minAn,omitempty"`
	MaxAn Num  `json:"maxAn,omitempty"`
	Fixed Bool `json:"fixed,omitempty"` // stays in place when shuffling
}

// OptionAttrs carries the mutual (exclusive) flag.
type OptionAttrs struct {
	Mutual Bool `json:"mutual,omitempty"`
}

// ValueAttrs are option values used by URL prefill and the condition language.
type ValueAttrs struct {
	DefaultValue Str `json:"defaultValue,omitempty"`
	CustomValue  Str `json:"customValue,omitempty"`
}
