package survey

import "fmt"

func choiceFile() gfile {
	f := gfile{name: "choice", desc: "Choice limits, groups, option notes, ranking, blanks, score items, matrices, uploads, scales.", surveys: map[string]string{}}
	f.surveys["cbx"] = doc(qj("q1", TypeCheckbox, join(optList("quCheckboxs", "q1", 4), `"minLimit":2,"maxLimit":3`, req)))
	f.surveys["grp"] = doc(qj("q1", TypeCheckboxGroup, join(fmt.Sprintf(`"quRows":[{"dwId":"q1g1","optionAttr":{"minAn":1,"maxAn":1},"groupOptions":[{"dwId":"q1a1"},{"dwId":"q1a2"}]},{"dwId":"q1g2","optionAttr":{"minAn":2},"groupOptions":[{"dwId":"q1a3"},{"dwId":"q1a4"},{"dwId":"q1a5"}]}]`), req)))
	f.surveys["note"] = doc(qj("q1", TypeRadio, join(optList("quRadios", "q1", 2, `"showOptionNote":1,"inputAttr":{"commonAttr":{"checkType":"EMAIL","isRequired":1}}`), req)))
	f.surveys["noteOptional"] = doc(qj("q1", TypeCheckbox, optList("quCheckboxs", "q1", 2, `"showOptionNote":1,"inputAttr":{"commonAttr":{"checkType":"DIGITS"}}`, `"isNote":0`)))
	f.surveys["order"] = doc(qj("q1", TypeOrderQu, join(optList("quOrderbys", "q1", 4), req)))
	f.surveys["orderTop"] = doc(qj("q1", TypeOrderQu, join(optList("quOrderbys", "q1", 4), `"quAttr":{"isRequired":true,"orderQuAttr":{"topNum":2}}`)))
	f.surveys["mfbk"] = doc(qj("q1", TypeMultiFillblank, join(optList("quMultiFillblanks", "q1", 3, `"isRequired":1`, `"isRequired":0`, `"isRequired":1,"inputAttr":{"commonAttr":{"checkType":"PHONE"}}`), req)))
	f.surveys["score"] = doc(qj("q1", TypeScore, join(optList("quScores", "q1", 3), req)))
	f.surveys["mradio"] = doc(qj("q1", TypeMatrixRadio, join(rowsCols("q1", 3, 3, nil, []string{`"optionAttr":{"maxAn":2}`}), req)))
	f.surveys["mcbx"] = doc(qj("q1", TypeMatrixCheckbox, join(rowsCols("q1", 2, 3, []string{`"optionAttr":{"minAn":2,"maxAn":2}`}, []string{"", "", `"optionAttr":{"minAn":1}`}), `"quAttr":{"isRequired":false}`)))
	f.surveys["mnum"] = doc(qj("q1", TypeMatrixNumber, join(rowsCols("q1", 2, 2, nil, nil), req)))
	f.surveys["minput"] = doc(qj("q1", TypeMatrixInput, join(rowsCols("q1", 2, 2, nil, []string{`"inputAttr":{"commonAttr":{"checkType":"EMAIL"}}`}), req)))
	f.surveys["mscale"] = doc(qj("q1", TypeMatrixScale, join(rowsCols("q1", 3, 0, nil, nil), req)))
	f.surveys["upload"] = doc(qj("q1", TypeUploadFile, `"quAttr":{"isRequired":true,"uploadAttr":{"fileLimit":2,"fileSize":1,"fileAccept":"2"}}`))
	f.surveys["uploadImg"] = doc(qj("q1", TypeUploadFile, `"quAttr":{"uploadAttr":{"fileAccept":"1"}}`))
	f.surveys["uploadCustom"] = doc(qj("q1", TypeUploadFile, `"quAttr":{"uploadAttr":{"fileAccept":"100","customFileAccept":"txt, .CSV"}}`))
	f.surveys["uploadLegacy"] = doc(qj("q1", TypeUploadFile, `"fileLimit":1`))
	f.surveys["uploadImage"] = doc(qj("q1", TypeUploadImage, ""))
	f.surveys["nps"] = doc(qj("q1", TypeScaleNPS, req))
	f.surveys["slider"] = doc(qj("q1", TypeScaleSlider, `"quAttr":{"sliderAttr":{"min":10,"max":20}}`))
	f.surveys["npsCustom"] = doc(qj("q1", TypeScaleNPS, `"quAttr":{"scaleAttr":{"min":1,"max":5}}`))
	f.surveys["mutual"] = doc(qj("q1", TypeCheckbox, optList("quCheckboxs", "q1", 3, "", "", `"optionAttrs":{"mutual":true}`)))
	f.cases = []gcase{
		{"cbx-one-below-min", "cbx", in(aCbx("q1", "q1a1")), "errors=q1:minOptions|text=Select at least 2 options"},
		{"cbx-two-ok", "cbx", in(aCbx("q1", "q1a1", "q1a2")), "errors="},
		{"cbx-three-ok", "cbx", in(aCbx("q1", "q1a1", "q1a2", "q1a3")), "errors="},
		{"cbx-four-above-max", "cbx", in(aCbx("q1", "q1a1", "q1a2", "q1a3", "q1a4")), "errors=q1:maxOptions|text=Select at most 3 options"},
		{"cbx-empty-required", "cbx", in(aCbx("q1")), "errors=q1:required"},
		{"cbx-unknown-options-ignored", "cbx", in(aCbx("q1", "x", "y", "q1a1", "q1a2")), "errors="},
		{"grp-ok", "grp", in(aCbx("q1", "q1a1", "q1a3", "q1a4")), "errors="},
		{"grp1-too-many", "grp", in(aCbx("q1", "q1a1", "q1a2", "q1a3", "q1a4")), "errors=q1:groupMax@q1g1"},
		{"grp1-too-few", "grp", in(aCbx("q1", "q1a3", "q1a4")), "errors=q1:groupMin@q1g1|text=Group 1: select at least 1 options"},
		{"grp2-too-few", "grp", in(aCbx("q1", "q1a1", "q1a5")), "errors=q1:groupMin@q1g2"},
		{"note-valid", "note", in(aRadioNote("q1", "q1a1", "a@b.cn")), "errors="},
		{"note-invalid", "note", in(aRadioNote("q1", "q1a1", "nope")), "errors=q1:email@q1a1"},
		{"note-required-missing", "note", in(aRadio("q1", "q1a1")), "errors=q1:required@q1a1"},
		{"note-other-option-no-note", "note", in(aRadio("q1", "q1a2")), "errors="},
		{"note-optional-empty", "noteOptional", in(aCbx("q1", "q1a1")), "errors="},
		{"note-optional-bad", "noteOptional", in(`{"quDwId":"q1","anCheckboxs":[{"optionDwId":"q1a1","otherText":"12x"}]}`), "errors=q1:digits@q1a1"},
		{"note-not-shown-not-checked", "noteOptional", in(`{"quDwId":"q1","anCheckboxs":[{"optionDwId":"q1a2","otherText":"12x"}]}`), "errors="},
		{"order-all-ranked", "order", in(aOrders("q1", "q1a1:1", "q1a2:2", "q1a3:3", "q1a4:4")), "errors="},
		{"order-partial", "order", in(aOrders("q1", "q1a1:1", "q1a2:2")), "errors=q1:orderRequired|text=Rank at least 4 options"},
		{"order-string-ranks", "order", in(`{"quDwId":"q1","anOrders":[{"optionDwId":"q1a1","orderNum":"1"},{"optionDwId":"q1a2","orderNum":"2"},{"optionDwId":"q1a3","orderNum":"3"},{"optionDwId":"q1a4","orderNum":4}]}`), "errors="},
		{"order-zero-rank-is-unranked", "order", in(aOrders("q1", "q1a1:1", "q1a2:2", "q1a3:3", "q1a4:0")), "errors=q1:orderRequired"},
		{"order-top2-ok", "orderTop", in(aOrders("q1", "q1a3:1", "q1a1:2")), "errors="},
		{"order-top2-one", "orderTop", in(aOrders("q1", "q1a3:1")), "errors=q1:orderRequired|text=Rank at least 2 options"},
		{"mfbk-all", "mfbk", in(aMFbk("q1", "q1a1=x", "q1a2=y", "q1a3=13812345678")), "errors="},
		{"mfbk-optional-blank-empty", "mfbk", in(aMFbk("q1", "q1a1=x", "q1a3=13812345678")), "errors="},
		{"mfbk-required-blank-empty", "mfbk", in(aMFbk("q1", "q1a1=x", "q1a2=y")), "errors=q1:blankRequired@q1a3|text=Blank 3 is required"},
		{"mfbk-bad-phone", "mfbk", in(aMFbk("q1", "q1a1=x", "q1a3=123")), "errors=q1:phone@q1a3"},
		{"mfbk-nothing", "mfbk", in(), "errors=q1:required"},
		{"score-all", "score", in(aScores("q1", "q1a1:1", "q1a2:0", "q1a3:5")), "errors="},
		{"score-missing-item", "score", in(aScores("q1", "q1a1:1", "q1a3:5")), "errors=q1:scoreRequired@q1a2"},
		{"score-zero-is-answer", "score", in(aScores("q1", "q1a1:0", "q1a2:0", "q1a3:0")), "errors="},
		{"mradio-all-rows", "mradio", in(aMRadio("q1", "r1:c2", "r2:c2", "r3:c3")), "errors="},
		{"mradio-row-missing", "mradio", in(aMRadio("q1", "r1:c2", "r3:c3")), "errors=q1:rowRequired@q1r2|text=Row 2 is not answered"},
		{"mradio-col-max", "mradio", in(aMRadio("q1", "r1:c1", "r2:c1", "r3:c1")), "errors=q1:colMax@q1c1|text=Column 1 - at most 2 items"},
		{"mcbx-row-min", "mcbx", in(aMCbx("q1", "r1:c1+c3")), "errors="},
		{"mcbx-row1-too-few", "mcbx", in(aMCbx("q1", "r1:c3")), "errors=q1:rowMin@q1r1|text=Row 1 - at least 2 items"},
		{"mcbx-row1-too-many", "mcbx", in(aMCbx("q1", "r1:c1+c2+c3")), "errors=q1:rowMax@q1r1"},
		{"mcbx-col3-too-few", "mcbx", in(aMCbx("q1", "r1:c1+c2")), "errors=q1:colMin@q1c3"},
		{"mcbx-optional-empty", "mcbx", in(), "errors="},
		{"mnum-ok", "mnum", in(aMFbks("q1", "r1:c1=1.5", "r2:c2=-2")), "errors="},
		{"mnum-not-number", "mnum", in(aMFbks("q1", "r1:c1=abc", "r2:c2=2")), "errors=q1:num@q1r1"},
		{"mnum-row-missing", "mnum", in(aMFbks("q1", "r1:c1=1")), "errors=q1:rowRequired@q1r2"},
		{"minput-col-email-bad", "minput", in(aMFbks("q1", "r1:c1=bad", "r2:c2=free")), "errors=q1:email@q1r1"},
		{"minput-col-email-ok", "minput", in(aMFbks("q1", "r1:c1=a@b.co", "r2:c2=free")), "errors="},
		{"mscale-all", "mscale", in(aMScales("q1", "r1:1", "r2:0", "r3:5")), "errors="},
		{"mscale-row-missing", "mscale", in(aMScales("q1", "r1:1", "r3:5")), "errors=q1:rowRequired@q1r2"},
		{"upload-ok", "upload", in(aFiles("q1", "a.pdf:1000", "b.docx:2000")), "errors="},
		{"upload-too-many", "upload", in(aFiles("q1", "a.pdf", "b.pdf", "c.pdf")), "errors=q1:fileCount|text=At most 2 files can be uploaded"},
		{"upload-too-big", "upload", in(aFiles("q1", "a.pdf:1048577")), "errors=q1:fileSize@/f/a.pdf|text=File size cannot exceed 1MB!"},
		{"upload-size-at-limit", "upload", in(aFiles("q1", "a.pdf:1048576")), "errors="},
		{"upload-wrong-type", "upload", in(aFiles("q1", "a.exe")), "errors=q1:fileType@/f/a.exe|text=File type .exe is not allowed"},
		{"upload-required", "upload", in(), "errors=q1:required"},
		{"upload-images-ok", "uploadImg", in(aFiles("q1", "A.JPG")), "errors="},
		{"upload-images-pdf", "uploadImg", in(aFiles("q1", "a.pdf")), "errors=q1:fileType@/f/a.pdf"},
		{"upload-custom-ok", "uploadCustom", in(aFiles("q1", "data.csv", "n.txt")), "errors="},
		{"upload-custom-bad", "uploadCustom", in(aFiles("q1", "n.md")), "errors=q1:fileType@/f/n.md"},
		{"upload-legacy-limit", "uploadLegacy", in(aFiles("q1", "a", "b")), "errors=q1:fileCount"},
		{"upload-default-size-20mb", "uploadLegacy", in(aFiles("q1", "a.bin:20971521")), "errors=q1:fileSize@/f/a.bin"},
		{"upload-image-type", "uploadImage", in(aFiles("q1", "a.gif")), "errors=q1:fileType@/f/a.gif"},
		{"upload-image-size", "uploadImage", in(aFiles("q1", "a.png:600000")), "errors=q1:imageSize@/f/a.png"},
		{"nps-zero-answered", "nps", in(aScale("q1", "0")), "errors=|progress=1/1/100"},
		{"nps-null-unanswered", "nps", in(`{"quDwId":"q1","anScale":{"answerScore":null}}`), "errors=q1:required"},
		{"nps-out-of-range", "nps", in(aScale("q1", "11")), "errors=q1:outOfRange|text=The value must be between 0 and 10"},
		{"nps-string-number", "nps", in(`{"quDwId":"q1","anScale":{"answerScore":"7"}}`), "errors="},
		{"slider-below", "slider", in(aScale("q1", "5")), "errors=q1:outOfRange"},
		{"slider-ok", "slider", in(aScale("q1", "15")), "errors="},
		{"nps-custom-range", "npsCustom", in(aScale("q1", "0")), "errors=q1:outOfRange"},
		{"mutual-conflict-no-click", "mutual", in(aCbx("q1", "q1a1", "q1a3")), "errors=q1:mutual"},
		{"mutual-click-exclusive", "mutual", inX(`"changed":"q1a3"`, aCbx("q1", "q1a1", "q1a2", "q1a3")), "errors=|unchecked=q1a1,q1a2"},
		{"mutual-click-other", "mutual", inX(`"changed":"q1a1"`, aCbx("q1", "q1a1", "q1a3")), "errors=|unchecked=q1a3"},
		{"mutual-alone-ok", "mutual", in(aCbx("q1", "q1a3")), "errors="},
	}
	return f
}

func logicFile() gfile {
	f := gfile{name: "logic", desc: "questionLogics GO/SHOW/SOLUTION, showBy, hideQu, hidden questions lose answers.", surveys: map[string]string{}}
	r3 := func(id string) string { return qj(id, TypeRadio, join(optList("quRadios", id, 3), req)) }
	fb := func(id string) string { return qj(id, TypeFillblank, req) }
	rule := func(typ, cg, sk string, extra string) string {
		return fmt.Sprintf(`{"dwId":"r-%s-%s","logicType":%q,"cgQuItemId":%q,"skQuId":%q%s}`, cg, sk, typ, cg, sk, extra)
	}
	withRules := func(id, typ, opts string, rules ...string) string {
		return qj(id, typ, join(opts, req, `"questionLogics":[`+join(rules...)+`]`))
	}
	f.surveys["go"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 3), rule("GO", "q1a1", "q4", "")), fb("q2"), fb("q3"), fb("q4"))
	f.surveys["goEnd"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 2), rule("1", "q1a2", "END", "")), fb("q2"), fb("q3"))
	f.surveys["show"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 3), rule("SHOW", "q1a1", "q3", ""), rule("SHOW", "q1a2", "q3", "")), fb("q2"), fb("q3"))
	f.surveys["showMulti"] = doc(withRules("q1", TypeCheckbox, optList("quCheckboxs", "q1", 3), fmt.Sprintf(`{"logicType":"2","cgQuItemId":["q1a1","q1a2"],"skQuId":["q2","q3"],"cgMode":"and"}`)), fb("q2"), fb("q3"))
	f.surveys["showOr"] = doc(withRules("q1", TypeCheckbox, optList("quCheckboxs", "q1", 3), `{"logicType":"SHOW","cgQuItemId":["q1a1","q1a2"],"skQuId":"q2"}`), fb("q2"))
	f.surveys["solution"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 2), rule("SOLUTION", "q1a1", "sol-a", ""), rule("3", "q1a2", "sol-b", "")), fb("q2"))
	f.surveys["orderGeLe"] = doc(withRules("q1", TypeOrderQu, optList("quOrderbys", "q1", 3), rule("SHOW", "q1a1", "q2", `,"geLe":"LTE","scoreNum":1`)), fb("q2"))
	f.surveys["scoreGeLe"] = doc(withRules("q1", TypeScore, optList("quScores", "q1", 2), rule("GO", "q1a1", "q3", `,"geLe":"GT","scoreNum":3`)), fb("q2"), fb("q3"))
	f.surveys["scoreLegacyGe"] = doc(withRules("q1", TypeScore, optList("quScores", "q1", 1), rule("SHOW", "q1a1", "q2", `,"geLe":"ge","scoreNum":4`)), fb("q2"))
	f.surveys["npsLT"] = doc(withRules("q1", TypeScaleNPS, "", `{"logicType":"SHOW","skQuId":"q2","geLe":"LT","scoreNum":7}`), fb("q2"))
	f.surveys["fillShow"] = doc(withRules("q1", TypeFillblank, "", `{"logicType":"SHOW","skQuId":"q2"}`), fb("q2"))
	f.surveys["uploadGo"] = doc(withRules("q1", TypeUploadFile, "", `{"logicType":"GO","skQuId":"q3"}`), fb("q2"), fb("q3"))
	f.surveys["mfbkShow"] = doc(withRules("q1", TypeMultiFillblank, optList("quMultiFillblanks", "q1", 2), rule("SHOW", "q1a2", "q2", "")), fb("q2"))
	f.surveys["chain"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 2), rule("SHOW", "q1a1", "q2", "")),
		withRules("q2", TypeRadio, optList("quRadios", "q2", 2), rule("SHOW", "q2a1", "q3", "")), fb("q3"))
	f.surveys["backward"] = doc(fb("q1"), withRules("q2", TypeRadio, optList("quRadios", "q2", 2), rule("GO", "q2a1", "q1", "")), fb("q3"))
	f.surveys["hideQu"] = doc(r3("q1"), qj("q2", TypeFillblank, `"quAttr":{"isRequired":true,"hideQu":true}`), fb("q3"))
	f.surveys["showBy"] = doc(qj("q1", TypeCheckbox, optList("quCheckboxs", "q1", 3)),
		qj("q2", TypeRadio, join(optList("quRadios", "q2", 3, `"showBy":["q1a1"]`, `"showBy":["q1a2","q1a3"]`), req)))
	f.surveys["goPaged"] = doc(withRules("q1", TypeRadio, optList("quRadios", "q1", 2), rule("GO", "q1a1", "q5", "")), fb("q2"), qj("p2", TypePageTag, ""), fb("q3"), qj("p3", TypePageTag, ""), fb("q5"))
	f.cases = []gcase{
		{"go-not-triggered", "go", in(aRadio("q1", "q1a2")), "visible=q1,q2,q3,q4|errors=q2:required,q3:required,q4:required"},
		{"go-hides-range", "go", in(aRadio("q1", "q1a1")), "visible=q1,q4|errors=q4:required|progress=1/2/50"},
		{"go-clears-hidden-answers", "go", in(aRadio("q1", "q1a1"), aFbk("q2", "x"), aFbk("q3", ""), aFbk("q4", "y")), "visible=q1,q4|cleared=q2|errors="},
		{"go-unanswered", "go", in(), "visible=q1,q2,q3,q4"},
		{"go-end", "goEnd", in(aRadio("q1", "q1a2"), aFbk("q2", "x")), "visible=q1|end=true|cleared=q2|progress=1/1/100"},
		{"go-end-not-triggered", "goEnd", in(aRadio("q1", "q1a1")), "visible=q1,q2,q3|end=false"},
		{"show-hidden-by-default", "show", in(), "visible=q1,q2|errors=q1:required,q2:required"},
		{"show-by-first-option", "show", in(aRadio("q1", "q1a1")), "visible=q1,q2,q3"},
		{"show-by-second-option", "show", in(aRadio("q1", "q1a2")), "visible=q1,q2,q3"},
		{"show-other-option-hides", "show", in(aRadio("q1", "q1a3"), aFbk("q3", "typed")), "visible=q1,q2|cleared=q3"},
		{"show-and-mode-partial", "showMulti", in(aCbx("q1", "q1a1")), "visible=q1"},
		{"show-and-mode-full", "showMulti", in(aCbx("q1", "q1a1", "q1a2")), "visible=q1,q2,q3"},
		{"show-or-mode", "showOr", in(aCbx("q1", "q1a2", "q1a3")), "visible=q1,q2"},
		{"show-or-mode-none", "showOr", in(aCbx("q1", "q1a3")), "visible=q1"},
		{"solution-a", "solution", in(aRadio("q1", "q1a1")), "solutions=sol-a"},
		{"solution-b", "solution", in(aRadio("q1", "q1a2")), "solutions=sol-b"},
		{"solution-none", "solution", in(), "solutions="},
		{"order-rank1-shows", "orderGeLe", in(aOrders("q1", "q1a1:1", "q1a2:2")), "visible=q1,q2"},
		{"order-rank2-hides", "orderGeLe", in(aOrders("q1", "q1a2:1", "q1a1:2")), "visible=q1"},
		{"score-gt-jumps", "scoreGeLe", in(aScores("q1", "q1a1:4")), "visible=q1,q3"},
		{"score-equal-no-jump", "scoreGeLe", in(aScores("q1", "q1a1:3")), "visible=q1,q2,q3"},
		{"score-legacy-ge", "scoreLegacyGe", in(aScores("q1", "q1a1:4")), "visible=q1,q2"},
		{"score-legacy-ge-below", "scoreLegacyGe", in(aScores("q1", "q1a1:3.5")), "visible=q1"},
		{"nps-lt-detractor", "npsLT", in(aScale("q1", "6")), "visible=q1,q2"},
		{"nps-lt-zero-counts", "npsLT", in(aScale("q1", "0")), "visible=q1,q2"},
		{"nps-lt-promoter", "npsLT", in(aScale("q1", "9")), "visible=q1"},
		{"nps-lt-unanswered", "npsLT", in(), "visible=q1"},
		{"fill-nonempty-shows", "fillShow", in(aFbk("q1", "0")), "visible=q1,q2"},
		{"fill-empty-string-hides", "fillShow", in(aFbk("q1", "")), "visible=q1"},
		{"upload-has-file-jumps", "uploadGo", in(aFiles("q1", "a.pdf")), "visible=q1,q3"},
		{"mfbk-filled-blank-shows", "mfbkShow", in(aMFbk("q1", "q1a2=x")), "visible=q1,q2"},
		{"mfbk-other-blank", "mfbkShow", in(aMFbk("q1", "q1a1=x")), "visible=q1"},
		{"chain-all", "chain", in(aRadio("q1", "q1a1"), aRadio("q2", "q2a1"), aFbk("q3", "x")), "visible=q1,q2,q3|cleared="},
		{"chain-cascade-clear", "chain", in(aRadio("q1", "q1a2"), aRadio("q2", "q2a1"), aFbk("q3", "x")), "visible=q1|cleared=q2,q3"},
		{"backward-go-ignored", "backward", in(aRadio("q2", "q2a1")), "visible=q1,q2,q3"},
		{"hidequ-never-visible", "hideQu", in(aFbk("q2", "x")), "visible=q1,q3|cleared=q2|errors=q1:required,q3:required"},
		{"showby-none", "showBy", in(), "hiddenOpts=q2a1,q2a2|visible=q1,q2"},
		{"showby-first", "showBy", in(aCbx("q1", "q1a1")), "hiddenOpts=q2a2"},
		{"showby-any-of", "showBy", in(aCbx("q1", "q1a3")), "hiddenOpts=q2a1"},
		{"showby-unchecks-hidden", "showBy", in(aCbx("q1", "q1a3"), aRadio("q2", "q2a1")), "hiddenOpts=q2a1|unchecked=q2a1|errors=q2:required"},
		{"showby-unlinked-stays", "showBy", in(aRadio("q2", "q2a3")), "errors="},
		{"go-paged-skips-page", "goPaged", inX(`"page":2`, aRadio("q1", "q1a1")), "page=3|pageQ=q5|visible=q1,q5"},
		{"go-paged-prev", "goPaged", inX(`"page":2,"direction":"prev"`, aRadio("q1", "q1a1")), "page=1|pageQ=q1"},
		{"go-paged-not-triggered", "goPaged", inX(`"page":2`, aRadio("q1", "q1a2")), "page=2|pageQ=q3"},
	}
	return f
}
