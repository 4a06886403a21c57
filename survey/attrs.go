package survey

import (
	"encoding/json"
	"strings"
)

// QuAttr is a question's attribute block.
type QuAttr struct {
	IsRequired     *Bool           `json:"isRequired,omitempty"`
	HideQu         Bool            `json:"hideQu,omitempty"`
	ShowQuNote     Bool            `json:"showQuNote,omitempty"`
	ScoreAttr      *QuScoreAttr    `json:"scoreAttr,omitempty"`
	ShuffleAttr    *ShuffleAttr    `json:"shuffleAttr,omitempty"`
	AnTimeAttr     *AnTimeAttr     `json:"anTimeAttr,omitempty"`
	UploadAttr     *UploadAttr     `json:"uploadAttr,omitempty"`
	InputAttr      *InputAttr      `json:"inputAttr,omitempty"`
	ScaleAttr      *ScaleAttr      `json:"scaleAttr,omitempty"`
	SliderAttr     *SliderAttr     `json:"sliderAttr,omitempty"`
	CascadeAttr    *CascadeAttr    `json:"cascadeAttr,omitempty"`
	OrderQuAttr    *OrderQuAttr    `json:"orderQuAttr,omitempty"`
	ImgAttr        *ImgAttr        `json:"imgAttr,omitempty"`
	MatrixAttr     *MatrixAttr     `json:"matrixAttr,omitempty"`
	ScoreQuAttr    *ScoreQuAttr    `json:"scoreQuAttr,omitempty"`
	VoteAttr       *QuVoteAttr     `json:"voteAttr,omitempty"`
	VerifycodeAttr json.RawMessage `json:"verifycodeAttr,omitempty"`
	HideMfbkInput  Bool            `json:"hideMfbkInput,omitempty"`
	LocationAttr   *QuLocationAttr `json:"locationAttr,omitempty"`
	DividerAttr    *DividerAttr    `json:"dividerAttr,omitempty"`
	CarouselAttr   *CarouselAttr   `json:"carouselAttr,omitempty"`
	MapAttr        json.RawMessage `json:"mapAttr,omitempty"` // map.zoom, map.center, marker.position, marker.labelContent
	ScrollTextAttr *ScrollTextAttr `json:"scrollTextAttr,omitempty"`
	RowAttr        *RowAttr        `json:"rowAttr,omitempty"`
	ColAttr        *ColAttr        `json:"colAttr,omitempty"`
}

// QuScoreAttr: scoring settings of a question. scoreFormula "all" gives the
// full score only when every right option (and no wrong one) is chosen;
// "part" gives maxScore*rightChosen/rightTotal when no wrong option is chosen.
type QuScoreAttr struct {
	MaxScore           Num       `json:"maxScore,omitempty"`
	ScoreFormula       Str       `json:"scoreFormula,omitempty"`
	DesignShowScoreNum Bool      `json:"designShowScoreNum,omitempty"`
	AllRight           *AllRight `json:"allRight,omitempty"`
	// Manual marks a question "graded by hand": the engine leaves it unscored and a grader
	// scores it (0 ... MaxScore) on the grading page (ManualItems).
	Manual Bool `json:"manual,omitempty"`
}

// AllRight is the legacy "all right" score setting.
type AllRight struct {
	Enabled  Bool `json:"enabled,omitempty"`
	ScoreNum Num  `json:"scoreNum,omitempty"`
}

// ShuffleAttr: per-question shuffle overrides ("default", "yes", "no") and
// Fixed (the question keeps its place when questions are shuffled).
type ShuffleAttr struct {
	Option Str  `json:"option,omitempty"`
	Row    Str  `json:"row,omitempty"`
	Col    Str  `json:"col,omitempty"`
	Fixed  Bool `json:"fixed,omitempty"`
}

// AnTimeAttr is a per-question minimum/maximum time.
type AnTimeAttr struct {
	MinTime *TimeLimit `json:"minTime,omitempty"`
	MaxTime *TimeLimit `json:"maxTime,omitempty"`
}

// TimeLimit: time is in minutes.
type TimeLimit struct {
	Enabled   Bool `json:"enabled,omitempty"`
	Time      Num  `json:"time,omitempty"`
	Countdown Bool `json:"countdown,omitempty"`
	After     Str  `json:"after,omitempty"`
}

// UploadAttr: fileSize in MB (default 20), fileLimit count (0 unlimited),
// fileAccept 0 any, 1 images, 2 documents, 100 custom (customFileAccept,
// comma separated extensions like ".txt,.csv").
type UploadAttr struct {
	FileLimit        Num `json:"fileLimit,omitempty"`
	FileSize         Num `json:"fileSize,omitempty"`
	FileAccept       Str `json:"fileAccept,omitempty"`
	CustomFileAccept Str `json:"customFileAccept,omitempty"`
}

// InputAttr describes a text input (fill-blank, option note, blank, cell).
type InputAttr struct {
	CommonAttr       *CommonAttr       `json:"commonAttr,omitempty"`
	DateTimeAttr     *DateTimeAttr     `json:"dateTimeAttr,omitempty"`
	NumAttr          *NumAttr          `json:"numAttr,omitempty"`
	SelectAttr       *SelectAttr       `json:"selectAttr,omitempty"`
	AutocompleteAttr *AutocompleteAttr `json:"autocompleteAttr,omitempty"`
}

// Input types.
const (
	InputText           = "Text"
	InputTextarea       = "Textarea"
	InputNumber         = "InputNumber"
	InputTimePicker     = "TimePicker"
	InputTimeSelect     = "TimeSelect"
	InputDatePicker     = "DatePicker"
	InputDateTimePicker = "DateTimePicker"
	InputPassword       = "Password"
	InputTag            = "InputTag"
	InputSelect         = "Select"
	InputAutocomplete   = "Autocomplete"
)

// CommonAttr: inputType (default Text), minlength (0), maxlength (119),
// checkType, and for CUSTOM/REGEX checks the pattern (regex, in the common
// RE2/JavaScript subset) and its message (regexMsg).
type CommonAttr struct {
	InputType    Str   `json:"inputType,omitempty"`
	Minlength    Num   `json:"minlength,omitempty"`
	Maxlength    Num   `json:"maxlength,omitempty"`
	Placeholder  Str   `json:"placeholder,omitempty"`
	CheckType    Str   `json:"checkType,omitempty"`
	DefaultValue Str   `json:"defaultValue,omitempty"`
	InputRow     Num   `json:"inputRow,omitempty"`
	IsRequired   *Bool `json:"isRequired,omitempty"`
	Regex        Str   `json:"regex,omitempty"`
	RegexMsg     Str   `json:"regexMsg,omitempty"`
}

// DateTimeAttr: dateFormat codes 1 year, 2 month, 3 day (or strings).
type DateTimeAttr struct {
	IsRange    Bool            `json:"isRange,omitempty"`
	DateFormat Str             `json:"dateFormat,omitempty"`
	Attrs      json.RawMessage `json:"attrs,omitempty"`
	TimeRange  *TimeRange      `json:"timeRange,omitempty"`
}

// TimeRange restricts a time picker ("HH:mm" bounds) and its step.
type TimeRange struct {
	Range StrList `json:"range,omitempty"`
	Step  Str     `json:"step,omitempty"`
}

// NumAttr: number bounds, applied only when greater than 0.
type NumAttr struct {
	Min Num `json:"min,omitempty"`
	Max Num `json:"max,omitempty"`
}

// SelectAttr: options one per line.
type SelectAttr struct {
	Options Str `json:"options,omitempty"`
}

// AutocompleteAttr: suggestions one per line.
type AutocompleteAttr struct {
	Enabled     Bool `json:"enabled,omitempty"`
	Suggestions Str  `json:"suggestions,omitempty"`
}

// ScaleAttr configures scales (NPS default 0..10, score default 1..5).
type ScaleAttr struct {
	Min         *Num            `json:"min,omitempty"`
	Max         *Num            `json:"max,omitempty"`
	OptionNodes json.RawMessage `json:"optionNodes,omitempty"`
	NodeContent Str             `json:"nodeContent,omitempty"`
	NodeTooltip Str             `json:"nodeTooltip,omitempty"`
	ShowLrText  Bool            `json:"showLrText,omitempty"`
	LrPosition  Str             `json:"lrPosition,omitempty"`
}

// SliderAttr configures sliders (default 0..100 step 1).
type SliderAttr struct {
	Min        *Num `json:"min,omitempty"`
	Max        *Num `json:"max,omitempty"`
	Step       Num  `json:"step,omitempty"`
	ShowLrText Bool `json:"showLrText,omitempty"`
	LrPosition Str  `json:"lrPosition,omitempty"`
}

// CascadeAttr points at cascade data.
type CascadeAttr struct {
	CascadeJSONID Str `json:"cascadeJsonId,omitempty"`
}

// OrderQuAttr: topNum ranks required (0 = all), maxTopNum ranks allowed.
type OrderQuAttr struct {
	TopNum    Num `json:"topNum,omitempty"`
	MaxTopNum Num `json:"maxTopNum,omitempty"`
}

// ImgAttr configures image choice layouts.
type ImgAttr struct {
	Column            *ImgColumn      `json:"column,omitempty"`
	AspectRatio       Str             `json:"aspectRatio,omitempty"`
	CardAttr          json.RawMessage `json:"cardAttr,omitempty"`
	CheckboxPlacement Str             `json:"checkboxPlacement,omitempty"`
	ImgBtnAttr        json.RawMessage `json:"imgBtnAttr,omitempty"`
}

// ImgColumn: columns on desktop and mobile (defaults 4 and 2).
type ImgColumn struct {
	PC Num `json:"pc,omitempty"`
	M  Num `json:"m,omitempty"`
}

// MatrixAttr holds row display types.
type MatrixAttr struct {
	MAttr  *RowShow `json:"mAttr,omitempty"`
	PcAttr *RowShow `json:"pcAttr,omitempty"`
}

// RowShow is a matrix row display type.
type RowShow struct {
	RowShowType Str `json:"rowShowType,omitempty"`
}

// ScoreQuAttr: SCORE question maximum.
type ScoreQuAttr struct {
	Max Num `json:"max,omitempty"`
}

// QuVoteAttr shows vote counts.
type QuVoteAttr struct {
	ShowVoteNum Bool `json:"showVoteNum,omitempty"`
}

// QuLocationAttr: locationType accurate or fuzzy; locationBrand auto, amap, wx.
type QuLocationAttr struct {
	LocationType  Str `json:"locationType,omitempty"`
	LocationBrand Str `json:"locationBrand,omitempty"`
}

// DividerAttr is the divider component.
type DividerAttr struct {
	Content         Str `json:"content,omitempty"`
	BorderStyle     Str `json:"borderStyle,omitempty"`
	ContentPosition Str `json:"contentPosition,omitempty"`
}

// CarouselAttr is the carousel component (height default 150, autoplay).
type CarouselAttr struct {
	Height   Num  `json:"height,omitempty"`
	Autoplay Bool `json:"autoplay,omitempty"`
}

// ScrollTextAttr is the scrolling-text component.
type ScrollTextAttr struct {
	ScrollText         *Text           `json:"scrollText,omitempty"`
	Duration           Num             `json:"duration,omitempty"`
	Ease               Str             `json:"ease,omitempty"`
	Delay              Num             `json:"delay,omitempty"`
	NextDelay          Num             `json:"nextDelay,omitempty"`
	RepeatDelay        Num             `json:"repeatDelay,omitempty"`
	TextLinearGradient json.RawMessage `json:"textLinearGradient,omitempty"`
}

// RowAttr: matrix row head width.
type RowAttr struct {
	RowHeadMinWidth Num `json:"rowHeadMinWidth,omitempty"`
}

// ColAttr: matrix header repeat and column spans.
type ColAttr struct {
	RepeatHead Num             `json:"repeatHead,omitempty"`
	Colspan    json.RawMessage `json:"colspan,omitempty"`
}

// SurveyAttrs holds survey-level settings. Blocks left nil take the spec
// defaults returned by DefaultSurveyAttrs.
type SurveyAttrs struct {
	AnBroAttr       json.RawMessage `json:"anBroAttr,omitempty"`
	AnIPAttr        json.RawMessage `json:"anIpAttr,omitempty"`
	AnRefreshAttr   *AnRefreshAttr  `json:"anRefreshAttr,omitempty"`
	AnPwdAttr       *AnPwdAttr      `json:"anPwdAttr,omitempty"`
	AnEndNumAttr    json.RawMessage `json:"anEndNumAttr,omitempty"`
	AnEndTimeAttr   json.RawMessage `json:"anEndTimeAttr,omitempty"`
	AnStartTimeAttr json.RawMessage `json:"anStartTimeAttr,omitempty"`
	ContactAttr     json.RawMessage `json:"contactAttr,omitempty"`
	WeixinAttr      json.RawMessage `json:"weixinAttr,omitempty"`
	VerifyAttr      json.RawMessage `json:"verifyAttr,omitempty"`
	ScoreAttr       *ScoreAttr      `json:"scoreAttr,omitempty"`
	EndPageAttr     json.RawMessage `json:"endPageAttr,omitempty"`
	OpoqAttr        *Enabled        `json:"opoqAttr,omitempty"`
	VoteAttr        *VoteAttr       `json:"voteAttr,omitempty"`
	EvalAttr        json.RawMessage `json:"evalAttr,omitempty"`
	LotteryAttr     json.RawMessage `json:"lotteryAttr,omitempty"`
	VerifyCodeAttr  *VerifyCodeAttr `json:"verifyCodeAttr,omitempty"`
	// SubmitConfirmAttr: before the answer is saved the respondent confirms a name and a
	// phone in a dialog (spec: submit-confirm form; stored as answerCommon.submitConfirmForm).
	SubmitConfirmAttr *Enabled        `json:"submitConfirmAttr,omitempty"`
	StatAttr          json.RawMessage `json:"statAttr,omitempty"`
	WebhookAttr       json.RawMessage `json:"webhookAttr,omitempty"`
	BreakAnAttr       json.RawMessage `json:"breakAnAttr,omitempty"`
	AutoNextPage      Bool            `json:"autoNextPage,omitempty"`
	IsTest            Bool            `json:"isTest,omitempty"`
	ExamAttr          *ExamAttr       `json:"examAttr,omitempty"`
	LocationAttr      json.RawMessage `json:"locationAttr,omitempty"`
	PageAnTimeAttr    *PageAnTimeAttr `json:"pageAnTimeAttr,omitempty"`
	// TimeZone (IANA name) is the zone of today() and age() in the condition language. The
	// answer service fills in the server's zone when a survey sets none, so the answer page and
	// the server use the same date.
	TimeZone Str `json:"timeZone,omitempty"`
}

// VerifyCodeAttr: the verification code shown on the result page after a submit
// (docs/api-answer.md, verify-code.do). ImgType is "barcode" (CODE128, the default) or
// "qr"; ExpireDays is how long the code is valid after the submit (default 1).
type VerifyCodeAttr struct {
	Enabled    Bool   `json:"enabled,omitempty"`
	ImgType    string `json:"imgType,omitempty"`
	ExpireDays Num    `json:"expireDays,omitempty"`
}

// Enabled is a block with only an enabled flag.
type Enabled struct {
	Enabled Bool `json:"enabled,omitempty"`
}

// AnRefreshAttr: repeat-answer captcha (randomCodeNum default 3).
type AnRefreshAttr struct {
	RandomCode    Bool `json:"randomCode,omitempty"`
	RandomCodeNum Num  `json:"randomCodeNum,omitempty"`
}

// AnPwdAttr: the answer password (a secret).
type AnPwdAttr struct {
	Enabled   Bool `json:"enabled,omitempty"`
	AnPwdCode Str  `json:"anPwdCode,omitempty"`
	AnNum     Num  `json:"anNum,omitempty"`
}

// ScoreAttr: survey scoring (showContent sumAndDetail, sumAndSolution, sumAfterDetail).
type ScoreAttr struct {
	Enabled      Bool            `json:"enabled,omitempty"`
	MaxScore     Num             `json:"maxScore,omitempty"`
	ShowSumScore *ShowSumScore   `json:"showSumScore,omitempty"`
	ShowTopSum   json.RawMessage `json:"showTopSum,omitempty"`
}

// ShowSumScore is the score display mode.
type ShowSumScore struct {
	Enabled     Bool `json:"enabled,omitempty"`
	ShowContent Str  `json:"showContent,omitempty"`
}

// VoteAttr: showVoteRankList is on by default.
type VoteAttr struct {
	ShowVoteRankList *Bool `json:"showVoteRankList,omitempty"`
}

// ExamAttr: shuffle switches, answer card, page events, answer time.
type ExamAttr struct {
	Shuffle    *ExamShuffle    `json:"shuffle,omitempty"`
	AnswerCard *Enabled        `json:"answerCard,omitempty"`
	PageEvent  json.RawMessage `json:"pageEvent,omitempty"`
	AnTimeAttr json.RawMessage `json:"anTimeAttr,omitempty"`
}

// ExamShuffle switches shuffling of questions, options, rows and columns.
type ExamShuffle struct {
	Question  Bool `json:"question,omitempty"`
	Option    Bool `json:"option,omitempty"`
	RowOption Bool `json:"rowOption,omitempty"`
	ColOption Bool `json:"colOption,omitempty"`
}

// PageAnTimeAttr: page minimum and maximum time (minutes).
type PageAnTimeAttr struct {
	AnMinTime *TimeLimit `json:"anMinTime,omitempty"`
	AnMaxTime *TimeLimit `json:"anMaxTime,omitempty"`
}

// SurveyStyle holds presentation settings; the engine does not read it.
type SurveyStyle struct {
	ThemeColor            Str             `json:"themeColor,omitempty"`
	PageThemeColor        Str             `json:"pageThemeColor,omitempty"`
	PageThemeColor1       Str             `json:"pageThemeColor1,omitempty"`
	PageBgColor           Str             `json:"pageBgColor,omitempty"`
	LogoBgColor           Str             `json:"logoBgColor,omitempty"`
	ProgressColor         Str             `json:"progressColor,omitempty"`
	ShowSurveyTitle       *Bool           `json:"showSurveyTitle,omitempty"`
	ShowSurveyNote        *Bool           `json:"showSurveyNote,omitempty"`
	ShowPageHeader        *Bool           `json:"showPageHeader,omitempty"`
	ShowProgressbar       *Bool           `json:"showProgressbar,omitempty"`
	ShowQuNum             *Bool           `json:"showQuNum,omitempty"`
	ShowQuTypeName        *Bool           `json:"showQuTypeName,omitempty"`
	ShowQuScoreNum        *Bool           `json:"showQuScoreNum,omitempty"`
	HidePageProgress      Bool            `json:"hidePageProgress,omitempty"`
	PageTopImg            *StyleImg       `json:"pageTopImg,omitempty"`
	PageBgImg             *StyleImg       `json:"pageBgImg,omitempty"`
	LogoImg               *StyleImg       `json:"logoImg,omitempty"`
	DwAnswerPrimaryColors json.RawMessage `json:"dwAnswerPrimaryColors,omitempty"`
	SubmitBtnText         Str             `json:"submitBtnText,omitempty"`
	NextBtnText           Str             `json:"nextBtnText,omitempty"`
	PrevBtnText           Str             `json:"prevBtnText,omitempty"`
	PageBtnStyle          json.RawMessage `json:"pageBtnStyle,omitempty"`
}

// StyleImg is an image setting (position for the logo).
type StyleImg struct {
	Enabled  Bool `json:"enabled,omitempty"`
	Src      Str  `json:"src,omitempty"`
	Position Str  `json:"position,omitempty"`
}

func boolp(b bool) *Bool { v := Bool(b); return &v }

// DefaultSurveyStyle returns the spec defaults for surveyStyle.
func DefaultSurveyStyle() *SurveyStyle {
	return &SurveyStyle{
		ThemeColor: "#015AB4", ProgressColor: "#025bb7",
		ShowSurveyTitle: boolp(true), ShowSurveyNote: boolp(true), ShowPageHeader: boolp(true),
		ShowProgressbar: boolp(true), ShowQuNum: boolp(true), ShowQuTypeName: boolp(true),
		ShowQuScoreNum: boolp(false),
		SubmitBtnText:  "提交答卷", NextBtnText: "下一页", PrevBtnText: "上一页",
	}
}

// DefaultSurveyAttrs returns the spec defaults for surveyAttrs.
func DefaultSurveyAttrs() *SurveyAttrs {
	return &SurveyAttrs{
		AnRefreshAttr: &AnRefreshAttr{RandomCodeNum: 3},
		ScoreAttr:     &ScoreAttr{ShowSumScore: &ShowSumScore{Enabled: true, ShowContent: "sumAndDetail"}},
		VoteAttr:      &VoteAttr{ShowVoteRankList: boolp(true)},
		BreakAnAttr:   json.RawMessage(`{"client":{"enabled":true},"server":{"enabled":false}}`),
	}
}

// LegacyGateAttrs returns the gate settings that the legacy surveyDetail fields of a document
// WITHOUT a surveyAttrs block mean: answer password (rule 1 with a ruleCode), end after N
// answers (ynEndNum 1 with endNum > 0) and end time (ynEndTime 1 with endTime). When a
// document has a surveyAttrs block, that block is the only truth and these fields are ignored
// (a v6 document keeps its legacy fields only for old clients). Nil when det sets no gate.
func LegacyGateAttrs(det *SurveyDetail) *SurveyAttrs {
	if det == nil {
		return nil
	}
	var a SurveyAttrs
	set := false
	if det.Rule == 1 && strings.TrimSpace(string(det.RuleCode)) != "" {
		a.AnPwdAttr = &AnPwdAttr{Enabled: true, AnPwdCode: Str(strings.TrimSpace(string(det.RuleCode)))}
		set = true
	}
	if det.YnEndNum == 1 && det.EndNum > 0 {
		a.AnEndNumAttr, _ = json.Marshal(map[string]any{"enabled": true, "endNum": det.EndNum})
		set = true
	}
	if det.YnEndTime == 1 && strings.TrimSpace(string(det.EndTime)) != "" {
		a.AnEndTimeAttr, _ = json.Marshal(map[string]any{"enabled": true, "endTime": strings.TrimSpace(string(det.EndTime))})
		set = true
	}
	if !set {
		return nil
	}
	return &a
}

// GateAttrs is the surveyAttrs block the answer gates read: the document's own block, or for
// a document without one the block its legacy surveyDetail fields mean (LegacyGateAttrs).
// Never nil.
func (s *Survey) GateAttrs() *SurveyAttrs {
	if s.SurveyAttrs != nil {
		return s.SurveyAttrs
	}
	if a := LegacyGateAttrs(s.SurveyDetail); a != nil {
		return a
	}
	return &SurveyAttrs{}
}

// ApplyDefaults fills nil surveyAttrs/surveyStyle blocks with spec defaults. A document without
// surveyAttrs first gets the gates of its legacy surveyDetail fields (GateAttrs), so that
// adding the block never drops a password or an end condition the legacy fields set.
func (s *Survey) ApplyDefaults() {
	d := DefaultSurveyAttrs()
	if s.SurveyAttrs == nil {
		s.SurveyAttrs = LegacyGateAttrs(s.SurveyDetail)
	}
	if s.SurveyAttrs == nil {
		s.SurveyAttrs = d
	} else {
		a := s.SurveyAttrs
		if a.AnRefreshAttr == nil {
			a.AnRefreshAttr = d.AnRefreshAttr
		} else if a.AnRefreshAttr.RandomCodeNum == 0 {
			a.AnRefreshAttr.RandomCodeNum = 3
		}
		if a.ScoreAttr == nil {
			a.ScoreAttr = d.ScoreAttr
		}
		if a.VoteAttr == nil {
			a.VoteAttr = d.VoteAttr
		} else if a.VoteAttr.ShowVoteRankList == nil {
			a.VoteAttr.ShowVoteRankList = boolp(true)
		}
		if a.BreakAnAttr == nil {
			a.BreakAnAttr = d.BreakAnAttr
		}
	}
	if s.SurveyStyle == nil {
		s.SurveyStyle = DefaultSurveyStyle()
	}
}
