package survey

import (
	"fmt"
	"strings"
)

// fixesFile pins the cross-check fixes between the Go and TypeScript
// engines (stored ASTs after question moves, mutex error placement, hidden
// items dropped from answers, null answer entries, regex dot and \s, number
// text canonicalisation, string pages, the default maxlength).
func fixesFile() gfile {
	f := gfile{name: "fixes", desc: "Cross-check fixes: stored dwDslAst re-resolved by dwId after moves, stale dwIds inert, mutex error placement, hidden rows/scores/blanks dropped, null answer entries, RE2 dot and \\s, JS number text, string pages, default maxlength 119.", surveys: map[string]string{}}
	pos := `"pos":{"line":1,"col":1}`
	ref := func(fields string) string { return `{` + fields + `}` }
	refX := func(fields string) string { return `{"type":"ref",` + pos + `,"ref":{` + fields + `}}` }
	ifHide := func(cond, target string) string {
		return `{"kind":"if",` + pos + `,"cond":` + cond + `,"then":{"kind":"hide",` + pos + `,"targets":[` + target + `]}}`
	}
	ast := func(stmts ...string) string { return `"dwDslAst":{"stmts":[` + strings.Join(stmts, ",") + `]}` }
	radio := func(id string, opts ...string) string {
		var p []string
		for _, o := range opts {
			p = append(p, fmt.Sprintf(`{"dwId":%q}`, o))
		}
		return qj(id, TypeRadio, `"quRadios":[`+strings.Join(p, ",")+`]`)
	}
	fb := func(id string) string { return qj(id, TypeFillblank, "") }

	// The AST was stored when the order was q1 (options q1a1, q1a2), q2, q3:
	// "if Q1A1 then hide Q3". The questions and options were moved since.
	moved := ast(ifHide(refX(`"name":"Q1A1","q":1,"a":1,"quDwId":"q1","itemDwId":"q1a1"`), ref(`"name":"Q3","q":3,"quDwId":"q3"`)))
	f.surveys["astMoved"] = docWith(moved, fb("q3"), radio("q1", "q1a2", "q1a1"), fb("q2"))
	// Q2 of the stored AST was deleted; the new Q2 is another question.
	f.surveys["badAstDeleted"] = docWith(ast(ifHide(refX(`"name":"Q1A1","q":1,"a":1,"quDwId":"q1","itemDwId":"q1a1"`), ref(`"name":"Q2","q":2,"quDwId":"gone"`))),
		radio("q1", "q1a1", "q1a2"), fb("q2"))
	// A deleted option: the rule must not fall back to option number 1.
	f.surveys["badAstDeletedOption"] = docWith(ast(ifHide(refX(`"name":"Q1A1","q":1,"a":1,"quDwId":"q1","itemDwId":"gone"`), ref(`"name":"Q2","q":2,"quDwId":"q2"`))),
		radio("q1", "q1a1", "q1a2"), fb("q2"))
	// A question reference carrying a stale itemDwId of another kind.
	f.surveys["astStaleItem"] = docWith(ast(ifHide(refX(`"name":"Q1","q":1,"quDwId":"q1","itemDwId":"q1a1"`), ref(`"name":"Q2","q":2,"quDwId":"q2"`))),
		radio("q1", "q1a1", "q1a2"), fb("q2"))
	// A variable whose stored question was deleted, while the name now
	// belongs to another question.
	f.surveys["badAstVarDeleted"] = docWith(ast(ifHide(refX(`"name":"age","var":true,"quDwId":"gone"`), ref(`"name":"Q2","q":2,"quDwId":"q2"`))),
		qj("q1", TypeFillblank, `"varAtrrs":{"customName":"age"}`), fb("q2"))
	// A variable renamed since: the stored dwId still finds the question.
	f.surveys["astVarRenamed"] = docWith(ast(ifHide(refX(`"name":"age","var":true,"quDwId":"q1"`), ref(`"name":"Q2","q":2,"quDwId":"q2"`))),
		qj("q1", TypeFillblank, `"varAtrrs":{"customName":"years"}`), fb("q2"))
	// assign to a deleted question (stale stored AST).
	f.surveys["badAstAssign"] = docWith(ast(`{"kind":"assign",`+pos+`,"target":{"name":"total","var":true,"quDwId":"gone"},"value":{"type":"num",`+pos+`,"num":5}}`),
		fb("q1"), fb("q2"))
	// mutex whose first "with" option does not exist, after a leading PAGETAG.
	f.surveys["badMutexPagetag"] = docWith(`"dwDsl":"mutex Q1A1 with Q2A9, Q2A1"`, qj("p1", TypePageTag, ""),
		qj("q1", TypeCheckbox, optList("quCheckboxs", "q1", 2)), qj("q2", TypeCheckbox, optList("quCheckboxs", "q2", 2)))
	// Hidden matrix rows, score items and blanks (showBy q1a1).
	sb := `"showBy":["q1a1"]`
	f.surveys["hiddenItems"] = doc(radio("q1", "q1a1", "q1a2"),
		qj("q2", TypeMatrixRadio, rowsCols("q2", 2, 2, []string{"", sb}, nil)),
		qj("q3", TypeScore, optList("quScores", "q3", 2, "", sb)),
		qj("q4", TypeMultiFillblank, optList("quMultiFillblanks", "q4", 2, "", sb)),
		qj("q5", TypeMatrixCheckbox, rowsCols("q5", 2, 2, []string{"", sb}, nil)),
		qj("q6", TypeMatrixInput, rowsCols("q6", 2, 1, []string{"", sb}, nil)),
		qj("q7", TypeMatrixScale, rowsCols("q7", 2, 0, []string{"", sb}, nil)))
	// Null entries in answer arrays.
	f.surveys["nulls"] = doc(qj("q1", TypeCheckbox, join(optList("quCheckboxs", "q1", 2), req)),
		qj("q2", TypeUploadFile, `"quAttr":{"uploadAttr":{"fileLimit":1}}`),
		qj("q3", TypeMatrixCheckbox, join(rowsCols("q3", 1, 2, nil, nil), req)))
	// Custom regexes: RE2's dot matches \r, U+2028 and U+2029; \s is ASCII.
	f.surveys["regexDot"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"CUSTOM","regex":"^a.b$"}}}`))
	f.surveys["regexSpace"] = doc(qj("q1", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"CUSTOM","regex":"^a\\sb[\\s]c$"}}}`))
	// A customValue written as the JSON number 1.50.
	f.surveys["numberText"] = docWith(`"dwDsl":"assign Q2 = Q1\nif Q1 = \"1.5\" then hide Q3"`,
		qj("q1", TypeRadio, `"quRadios":[{"dwId":"q1a1","valueAtrrs":{"customValue":1.50}},{"dwId":"q1a2","valueAtrrs":{"customValue":1e2}}]`), fb("q2"), fb("q3"))
	f.surveys["pages"] = doc(qj("q1", TypeFillblank, req), qj("p2", TypePageTag, ""), qj("q2", TypeFillblank, req))
	f.surveys["maxlen"] = doc(fb("q1"), qj("q2", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"maxlength":200}}}`),
		qj("q3", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"maxlength":0,"minlength":2}}}`))

	long := func(n int) string { return strings.Repeat("x", n) }
	f.cases = []gcase{
		{"ast-moved-follows-dwids", "astMoved", in(aRadio("q1", "q1a1")), "visible=q1,q2|cleared="},
		{"ast-moved-other-option", "astMoved", in(aRadio("q1", "q1a2"), aFbk("q3", "x")), "visible=q3,q1,q2"},
		{"ast-deleted-question-is-inert", "badAstDeleted", in(aRadio("q1", "q1a1"), aFbk("q2", "x")), "visible=q1,q2|cleared="},
		{"ast-deleted-option-is-inert", "badAstDeletedOption", in(aRadio("q1", "q1a1")), "visible=q1,q2"},
		{"ast-question-ref-drops-stale-item", "astStaleItem", in(aRadio("q1", "q1a2")), "visible=q1"},
		{"ast-deleted-variable-is-inert", "badAstVarDeleted", in(aFbk("q1", "30")), "visible=q1,q2"},
		{"ast-renamed-variable-follows-dwid", "astVarRenamed", in(aFbk("q1", "30")), "visible=q1"},
		{"ast-assign-to-deleted-question-ignored", "badAstAssign", in(aFbk("q1", "a")), "assign=|errors="},
		{"mutex-error-on-resolvable-option-question", "badMutexPagetag", in(aCbx("q1", "q1a1"), aCbx("q2", "q2a1")), "errors=q2:mutex"},
		{"mutex-changed-still-unchecks", "badMutexPagetag", inX(`"changed":"q1a1"`, aCbx("q1", "q1a1"), aCbx("q2", "q2a1")), "errors=|unchecked=q2a1"},
		{"hidden-rows-scores-blanks-dropped", "hiddenItems", in(aRadio("q1", "q1a2"), aMRadio("q2", "r1:c1", "r2:c2"), aScores("q3", "q3a1:3", "q3a2:4"),
			aMFbk("q4", "q4a1=x", "q4a2=y"), aMCbx("q5", "r1:c1", "r2:c2"), aMFbks("q6", "r1:c1=a", "r2:c1=b"), aMScales("q7", "r1:3", "r2:4")),
			"hiddenOpts=q2r2,q3a2,q4a2,q5r2,q6r2,q7r2|unchecked=q2r2,q3a2,q4a2,q5r2,q6r2,q7r2"},
		{"hidden-items-shown-kept", "hiddenItems", in(aRadio("q1", "q1a1"), aMRadio("q2", "r1:c1", "r2:c2"), aScores("q3", "q3a1:3", "q3a2:4")),
			"hiddenOpts=|unchecked="},
		{"null-checkbox-entry-only-is-empty", "nulls", in(`{"quDwId":"q1","anCheckboxs":[null]}`, `{"quDwId":"q3","anMatrixCheckboxes":[{"rowDwId":"q3r1","rowAnCheckboxs":[null,{"colDwId":"q3c1"}]}]}`),
			"errors=q1:required"},
		{"null-entries-dropped", "nulls", in(`{"quDwId":"q1","anCheckboxs":[null,{"optionDwId":"q1a1"},null]}`,
			`{"quDwId":"q2","anUploadFiles":[null,{"filePath":"/f/a.pdf","fileName":"a.pdf","fileSize":10}]}`,
			`{"quDwId":"q3","anMatrixCheckboxes":[null,{"rowDwId":"q3r1","rowAnCheckboxs":[null,{"colDwId":"q3c2"}]}]}`), "errors="},
		{"null-answers-and-matrix-null-row", "nulls", `{"answers":[null,{"quDwId":"q3","anMatrixCheckboxes":[null]}]}`, "errors=q1:required,q3:required"},
		{"regex-dot-matches-cr", "regexDot", in(aFbk("q1", "a\rb")), "errors="},
		{"regex-dot-matches-u2028", "regexDot", in(aFbk("q1", "a\u2028b")), "errors="},
		{"regex-dot-matches-u2029", "regexDot", in(aFbk("q1", "a\u2029b")), "errors="},
		{"regex-dot-not-newline", "regexDot", in(aFbk("q1", "a\nb")), "errors=q1:custom"},
		{"regex-space-ascii", "regexSpace", in(aFbk("q1", "a\tb\rc")), "errors="},
		{"regex-space-not-nbsp", "regexSpace", in(aFbk("q1", "a\u00a0b c")), "errors=q1:custom"},
		{"regex-space-class-not-vtab", "regexSpace", in(`{"quDwId":"q1","anFbk":{"answer":"a b\u000bc"}}`), "errors=q1:custom"},
		{"number-text-as-js", "numberText", in(aRadio("q1", "q1a1")), `assign=q2="1.5"|visible=q1,q2`},
		{"number-text-exponent", "numberText", in(aRadio("q1", "q1a2")), `assign=q2="100"|visible=q1,q2,q3`},
		{"page-numeric-string", "pages", `{"page":"2","answers":[]}`, "page=2|pageQ=q2|errors=q2:required"},
		{"page-numeric-string-spaces", "pages", `{"page":" 1 ","answers":[]}`, "page=1|pageQ=q1|errors=q1:required"},
		{"page-other-string-is-0", "pages", `{"page":"two","answers":[]}`, "page=0|errors=q1:required,q2:required"},
		{"page-fraction-is-0", "pages", `{"page":1.5,"answers":[]}`, "page=0|errors=q1:required,q2:required"},
		{"page-bool-is-0", "pages", `{"page":true,"answers":[]}`, "page=0|errors=q1:required,q2:required"},
		{"page-whole-float", "pages", `{"page":2.0,"answers":[]}`, "page=2|pageQ=q2"},
		{"maxlength-default-119-ok", "maxlen", in(aFbk("q1", long(119))), "errors="},
		{"maxlength-default-119-over", "maxlen", in(aFbk("q1", long(120))), "errors=q1:maxLength|text=Enter at most 119 characters"},
		{"maxlength-default-counts-code-points", "maxlen", in(aFbk("q1", strings.Repeat("字", 119))), "errors="},
		{"maxlength-set-wins", "maxlen", in(aFbk("q2", long(150))), "errors="},
		{"maxlength-zero-is-default", "maxlen", in(aFbk("q3", long(120))), "errors=q3:maxLength"},
	}
	return f
}
