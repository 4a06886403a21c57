package survey

import (
	"fmt"
	"strings"
)

func vectorFiles() []gfile {
	return []gfile{typesFile(), checkTypesFile(), choiceFile(), logicFile(), dslFile(), pagingFile(), scoreFile(), fixesFile(), solutionFile()}
}

// typeSpec builds a required question of a type and a satisfying answer.
type typeSpec struct {
	typ, body, answer string
	display           bool
	emptyKey          string
}

func groups(qid string) string {
	return fmt.Sprintf(`"quRows":[{"dwId":"%sg1","groupOptions":[{"dwId":"%sa1"},{"dwId":"%sa2"}]},{"dwId":"%sg2","groupOptions":[{"dwId":"%sa3"},{"dwId":"%sa4"}]}]`, qid, qid, qid, qid, qid, qid)
}

func typeSpecs() []typeSpec {
	q := "q1"
	mrc := rowsCols(q, 2, 3, nil, nil)
	return []typeSpec{
		{typ: TypeYesNo, body: optList("quRadios", q, 2), answer: aRadio(q, "q1a1")},
		{typ: TypeRadio, body: optList("quRadios", q, 3), answer: aRadio(q, "q1a2")},
		{typ: TypeImgRadio, body: optList("quRadios", q, 3), answer: aRadio(q, "q1a3")},
		{typ: TypeCompRadio, body: optList("quRadios", q, 2), answer: aRadio(q, "q1a1")},
		{typ: TypeCheckbox, body: optList("quCheckboxs", q, 3), answer: aCbx(q, "q1a1", "q1a3")},
		{typ: TypeImgCheckbox, body: optList("quCheckboxs", q, 3), answer: aCbx(q, "q1a2")},
		{typ: TypeCompCheckbox, body: optList("quCheckboxs", q, 3), answer: aCbx(q, "q1a2")},
		{typ: TypeRadioGroup, body: groups(q), answer: aRadio(q, "q1a3")},
		{typ: TypeCheckboxGroup, body: groups(q), answer: aCbx(q, "q1a1", "q1a4")},
		{typ: TypeImgCheckboxGroup, body: groups(q), answer: aCbx(q, "q1a2")},
		{typ: TypeFillblank, answer: aFbk(q, "hello")},
		{typ: TypeAnswer, answer: aFbk(q, "long text")},
		{typ: TypeBigQu, answer: aFbk(q, "x")},
		{typ: TypeEnumQu, answer: aFbk(q, "a")},
		{typ: TypeColorPicker, answer: aFbk(q, "#ff0000")},
		{typ: TypeMultiFillblank, body: optList("quMultiFillblanks", q, 2, `"isRequired":1`, `"isRequired":1`), answer: aMFbk(q, "q1a1=a", "q1a2=b")},
		{typ: TypeScore, body: optList("quScores", q, 2), answer: aScores(q, "q1a1:4", "q1a2:0")},
		{typ: TypeChenScore, body: optList("quScores", q, 2), answer: aScores(q, "q1a1:1", "q1a2:2")},
		{typ: TypeOrderQu, body: optList("quOrderbys", q, 3), answer: aOrders(q, "q1a3:1", "q1a1:2", "q1a2:3")},
		{typ: TypeUploadFile, answer: aFiles(q, "a.pdf")},
		{typ: TypeUploadImage, answer: aFiles(q, "a.png")},
		{typ: TypeSignature, answer: aFiles(q, "sign.png"), emptyKey: "signatureEmpty"},
		{typ: TypeScaleNPS, answer: aScale(q, "0")},
		{typ: TypeScaleSlider, answer: aScale(q, "55")},
		{typ: TypeCascade, answer: aCascade(q, "Zhejiang", "Hangzhou")},
		{typ: TypeMatrixRadio, body: mrc, answer: aMRadio(q, "r1:c1", "r2:c3")},
		{typ: TypeMatrixCheckbox, body: mrc, answer: aMCbx(q, "r1:c1+c2", "r2:c3")},
		{typ: TypeMatrixInput, body: mrc, answer: aMFbks(q, "r1:c1=a", "r2:c2=b")},
		{typ: TypeMatrixNumber, body: mrc, answer: aMFbks(q, "r1:c1=1", "r2:c2=2.5")},
		{typ: TypeMatrixScale, body: mrc, answer: aMScales(q, "r1:1", "r2:5")},
		{typ: TypeMatrixSlider, body: mrc, answer: aMScales(q, "r1:0", "r2:100")},
		{typ: TypeMatrixSelect, body: mrc, answer: aMFbks(q, "r1:c1=x", "r2:c1=y")},
		{typ: TypeMatrixGroup, body: mrc, answer: aMFbks(q, "r1:c2=x", "r2:c3=y")},
		{typ: TypeMatrixAutoAdd, body: mrc, answer: aMFbks(q, "r1:c1=x", "r2:c1=y")},
		{typ: TypeGeolocation, answer: aLoc(q, "Beijing")},
		{typ: TypeImageHot, answer: aFbk(q, "area-1")},
		{typ: TypeVerifyCode, answer: aFbk(q, "AB12")},
		{typ: TypeComponent + ":" + ChildVerifyCode, answer: aFbk(q, "AB12")},
		{typ: TypeComponent + ":" + ChildDivider, display: true},
		{typ: TypeComponent + ":" + ChildCarousel, display: true},
		{typ: TypeComponent + ":" + ChildMap, display: true},
		{typ: TypeComponent + ":" + ChildScrollText, display: true},
		{typ: TypeMap, display: true},
		{typ: TypeScrollText, display: true},
		{typ: TypeParagraph, display: true},
	}
}

func typesFile() gfile {
	f := gfile{name: "types", desc: "Every question type: a required question left empty, then answered; display items never need an answer.", surveys: map[string]string{}}
	for _, ts := range typeSpecs() {
		typ, child, _ := strings.Cut(ts.typ, ":")
		body := join(ts.body, req)
		if child != "" {
			body = join(fmt.Sprintf(`"childType":%q`, child), body)
		}
		name := strings.ToLower(strings.ReplaceAll(ts.typ, ":", "-"))
		f.surveys[name] = doc(qj("q1", typ, body), qj("q2", TypeFillblank, ""))
		if ts.display {
			f.cases = append(f.cases, gcase{name + "-display", name, in(), "errors=|progress=0/0/0|visible=q1,q2"})
			continue
		}
		key := "required"
		if ts.emptyKey != "" {
			key = ts.emptyKey
		}
		f.cases = append(f.cases,
			gcase{name + "-empty", name, in(), "errors=q1:" + key + "|progress=0/1/0"},
			gcase{name + "-answered", name, in(ts.answer), "errors=|progress=1/1/100"},
		)
	}
	// Optional questions and unknown answers.
	f.surveys["optional"] = doc(qj("q1", TypeRadio, optList("quRadios", "q1", 2)), qj("q2", TypeFillblank, ""))
	f.cases = append(f.cases,
		gcase{"optional-empty", "optional", in(), "errors=|progress=0/0/0"},
		gcase{"unknown-question-ignored", "optional", in(aRadio("zz", "zz1")), "errors=|visible=q1,q2"},
		gcase{"unknown-option-is-empty", "optional", in(aRadio("q1", "nope")), "errors="},
		gcase{"duplicate-answer-first-wins", "optional", in(aFbk("q2", "first"), aFbk("q2", "")), "errors="},
	)
	return f
}

func checkTypesFile() gfile {
	f := gfile{name: "checktypes", desc: "Text checks by checkType (all spellings), length and number bounds, ranges.", surveys: map[string]string{}}
	type sample struct {
		ct, good, bad, key string
	}
	samples := []sample{
		{"EMAIL", "a.b@example.com", "a@b", "email"},
		{"EMAIL", "x_y+z@mail.co.uk", "no at sign", "email"},
		{"UNSTRCN", "abc中文", "中文", "unstrcn"},
		{"STRCN", "中文", "中文a", "strcn"},
		{"NUM", "1,234.5", "1,23", "num"},
		{"NUM", "-3.25", "abc", "num"},
		{"DIGITS", "0123", "12.5", "digits"},
		{"DIGITS", "42", "-1", "digits"},
		{"TEL", "010-12345678", "12345", "tel"},
		{"TEL", "400-123-4567", "010-123", "tel"},
		{"PHONE", "13812345678", "12812345678", "phone"},
		{"PHONE", "19912345678", "1381234567", "phone"},
		{"PHONENUM", "15012345678", "1501234567x", "phone"},
		{"TEL_PHONE", "13812345678", "abc", "telPhone"},
		{"TEL_PHONE", "0571-8888888", "0571", "telPhone"},
		{"TELE_PHONE_NUM", "0571-88888888", "88", "telPhone"},
		{"DATE", "2024-02-29", "2024-2-x", "date"},
		{"DATE", "2024", "24", "date"},
		{"DATE", "2024-05", "2024/05/06/07", "date"},
		{"TIME", "09:30", "24:00", "time"},
		{"TIME", "23:59:59", "9:5", "time"},
		{"DATETIME", "2024-01-02 10:20", "2024-01-02", "datetime"},
		{"IDENT_CODE", "11010119900307123X", "1101011990030712", "identCode"},
		{"IDENT_CODE", "110101900307123", "11010119900307123Y", "identCode"},
		{"IDENTCODE", "110101199003071234", "abc", "identCode"},
		{"ZIPCODE", "310000", "31000", "zipcode"},
		{"URL", "https://example.com/a?b=1", "example.com", "url"},
		{"URL", "ftp://files.example.com", "http:// bad", "url"},
	}
	for i, s := range samples {
		name := fmt.Sprintf("ct%d", i)
		f.surveys[name] = doc(qj("q1", TypeFillblank, fmt.Sprintf(`"quAttr":{"isRequired":true,"inputAttr":{"commonAttr":{"checkType":%q}}}`, s.ct)))
		f.cases = append(f.cases,
			gcase{fmt.Sprintf("%s-%d-good", strings.ToLower(s.ct), i), name, in(aFbk("q1", s.good)), "errors="},
			gcase{fmt.Sprintf("%s-%d-bad", strings.ToLower(s.ct), i), name, in(aFbk("q1", s.bad)), "errors=q1:" + s.key},
		)
	}
	// NO and empty checkType, legacy top-level checkType, custom regex.
	f.surveys["no"] = doc(qj("q1", TypeFillblank, `"quAttr":{"isRequired":true,"inputAttr":{"commonAttr":{"checkType":"NO"}}}`))
	f.surveys["legacy"] = doc(qj("q1", TypeFillblank, `"isRequired":1,"checkType":"ZIPCODE"`))
	f.surveys["custom"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"CUSTOM","regex":"^[A-Z]{2}[0-9]{2}$","regexMsg":"Two letters and two digits"}}}`))
	f.surveys["regex"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"REGEX","regex":"^a+$"}}}`))
	f.surveys["len"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"minlength":2,"maxlength":4}}}`))
	f.surveys["lenEmail"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"EMAIL","maxlength":8}}}`))
	f.surveys["lenNum"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"NUM","maxlength":2}}}`))
	f.surveys["numBounds"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"inputType":"InputNumber"},"numAttr":{"min":10,"max":20}}}`))
	f.surveys["numZero"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"NUM"},"numAttr":{"min":0,"max":0}}}`))
	f.surveys["timeRange"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"TIME"},"dateTimeAttr":{"isRange":true,"timeRange":{"range":["08:00","18:00"]}}}}`))
	f.surveys["legacyTime"] = doc(qj("q1", TypeFillblank, `"isRequired":1,"checkType":"TIME","quAttr":{"isRequired":true,"inputAttr":{"commonAttr":{"checkType":"TIME"},"dateTimeAttr":{"timeRange":{"range":["18:43","19:43"]}}}}`))
	f.cases = append(f.cases,
		gcase{"no-any-text", "no", in(aFbk("q1", "任何 text")), "errors="},
		gcase{"no-empty-required", "no", in(aFbk("q1", "")), "errors=q1:required"},
		gcase{"legacy-zipcode-good", "legacy", in(aFbk("q1", "100000")), "errors="},
		gcase{"legacy-zipcode-bad", "legacy", in(aFbk("q1", "1000")), "errors=q1:zipcode"},
		gcase{"legacy-required", "legacy", in(), "errors=q1:required"},
		gcase{"custom-good", "custom", in(aFbk("q1", "AB12")), "errors="},
		gcase{"custom-bad", "custom", in(aFbk("q1", "ab12")), "errors=q1:custom|text=Two letters and two digits"},
		gcase{"custom-empty-optional", "custom", in(), "errors="},
		gcase{"regex-alias-default-message", "regex", in(aFbk("q1", "ab")), "errors=q1:custom|text=The content does not match the required format"},
		gcase{"regex-alias-good", "regex", in(aFbk("q1", "aaa")), "errors="},
		gcase{"len-too-short", "len", in(aFbk("q1", "a")), "errors=q1:minLength|text=Enter at least 2 characters"},
		gcase{"len-ok", "len", in(aFbk("q1", "abcd")), "errors="},
		gcase{"len-too-long", "len", in(aFbk("q1", "abcde")), "errors=q1:maxLength"},
		gcase{"len-code-points", "len", in(aFbk("q1", "中文字符")), "errors="},
		gcase{"len-code-points-emoji", "len", in(aFbk("q1", "😀😀😀😀")), "errors="},
		gcase{"len-email-too-long", "lenEmail", in(aFbk("q1", "abc@ex.com")), "errors=q1:maxLength"},
		gcase{"len-not-for-num", "lenNum", in(aFbk("q1", "12345")), "errors="},
		gcase{"num-below-min", "numBounds", in(aFbk("q1", "9")), "errors=q1:minValue|text=Minimum not less than 10"},
		gcase{"num-at-min", "numBounds", in(aFbk("q1", "10")), "errors="},
		gcase{"num-above-max", "numBounds", in(aFbk("q1", "20.5")), "errors=q1:maxValue|text=Maximum not more than 20"},
		gcase{"num-not-number", "numBounds", in(aFbk("q1", "ten")), "errors=q1:num"},
		gcase{"num-zero-bounds-ignored", "numZero", in(aFbk("q1", "-5")), "errors="},
		gcase{"num-zero-is-answer", "numZero", in(aFbk("q1", "0")), "errors="},
		gcase{"time-range-ok", "timeRange", in(aFbk("q1", "09:00,10:00")), "errors="},
		gcase{"time-range-reversed", "timeRange", in(aFbk("q1", "10:00,9:00")), "errors=q1:timeRange"},
		gcase{"time-range-outside-window", "timeRange", in(aFbk("q1", "07:00,10:00")), "errors=q1:timeOutOfRange"},
		gcase{"time-range-bad-part", "timeRange", in(aFbk("q1", "10:00,25:00")), "errors=q1:time"},
		gcase{"time-object-answer", "timeRange", in(`{"quDwId":"q1","anFbk":{"answer":{"startTime":"08:30","endTime":"08:00"}}}`), "errors=q1:timeRange"},
		gcase{"legacy-time-window-ok", "legacyTime", in(aFbk("q1", "19:00")), "errors="},
		gcase{"legacy-time-window-bad", "legacyTime", in(aFbk("q1", "20:00")), "errors=q1:timeOutOfRange"},
	)
	return f
}
