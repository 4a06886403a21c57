package survey

import (
	"encoding/json"
	"fmt"
)

func dslDoc(program string, qs ...string) string {
	b, _ := json.Marshal(program)
	return docWith(`"dwDsl":`+string(b), qs...)
}

func dslFile() gfile {
	f := gfile{name: "dsl", desc: "Condition-language statements: show, hide, goto, assign, validate, solution, mutex, quotas; empty versus zero.", surveys: map[string]string{}}
	r := func(id string, n int) string { return qj(id, TypeRadio, optList("quRadios", id, n)) }
	c := func(id string, n int) string { return qj(id, TypeCheckbox, optList("quCheckboxs", id, n)) }
	t := func(id string) string { return qj(id, TypeFillblank, "") }
	tv := func(id, name string) string {
		return qj(id, TypeFillblank, fmt.Sprintf(`"varAtrrs":{"customName":%q}`, name))
	}
	f.surveys["issueExample"] = dslDoc("if (Q1A1 and Q2 > 60) or (Q1A2 and Q2 > 50) then show Q3", r("q1", 2), t("q2"), t("q3"))
	f.surveys["hide"] = dslDoc("if Q1 = 2 then hide Q2\nhide Q3", r("q1", 2), t("q2"), t("q3"), t("q4"))
	f.surveys["goto"] = dslDoc("if Q1A1 then goto Q4\nif Q1A2 then goto END", r("q1", 3), t("q2"), t("q3"), t("q4"))
	f.surveys["assign"] = dslDoc("assign Q3 = Q1 + Q2\nif Q3 > 10 then show Q4", t("q1"), t("q2"), t("q3"), t("q4"))
	f.surveys["assignCond"] = dslDoc("if Q1A1 then assign Q2 = \"yes\"\nif Q1A2 then assign Q2 = 2 * 21", r("q1", 3), t("q2"))
	f.surveys["validate"] = dslDoc(`validate Q1 + Q2 = 100 "Q1 and Q2 must add up to 100" on Q2`, qj("q1", TypeFillblank, req), qj("q2", TypeFillblank, req))
	f.surveys["validateDefault"] = dslDoc(`validate Q1 <= Q2 "min must not exceed max"`, t("q1"), t("q2"))
	f.surveys["solution"] = dslDoc(`if Q1A1 then solution "s1"`+"\n"+`if count(Q2) >= 2 then solution "s2"`, r("q1", 2), c("q2", 3))
	f.surveys["mutex"] = dslDoc("mutex Q1A1, Q1A2 with Q1A4", c("q1", 4))
	f.surveys["mutexCross"] = dslDoc("mutex Q1A1 with Q2A1, Q2A2", c("q1", 2), c("q2", 2))
	f.surveys["quota"] = dslDoc("set Q1A1 quota = 50\nset Q2A1 and Q2A2 quota = 100\nset Q1A1 and Q2A2 quota = 30", r("q1", 2), c("q2", 3))
	f.surveys["quotaBlock"] = docWith(`"logicDsl":{"quotaDsls":["set Q1A2 quota = 1"]}`, r("q1", 2))
	f.surveys["emptyZero"] = dslDoc("if Q1 = empty then show Q3\nif Q1 = 0 then show Q4\nif Q1 then show Q5", t("q1"), t("q2"), t("q3"), t("q4"), t("q5"))
	f.surveys["npsZero"] = dslDoc("if Q1 < 7 then show Q2\nif empty(Q1) then show Q3", qj("q1", TypeScaleNPS, ""), t("q2"), t("q3"))
	f.surveys["vars"] = dslDoc("if age >= 18 and city = \"Hangzhou\" then show Q3", tv("q1", "age"), tv("q2", "city"), t("q3"))
	f.surveys["count"] = dslDoc("if count(Q1) >= 2 then show Q2\nif contains(Q1, 3) then hide Q3", c("q1", 3), t("q2"), t("q3"))
	f.surveys["customValue"] = dslDoc(`if Q1 = "yes" then show Q2`, qj("q1", TypeRadio, `"quRadios":[{"dwId":"q1a1","valueAtrrs":{"customValue":"yes"}},{"dwId":"q1a2","valueAtrrs":{"customValue":"no"}}]`), t("q2"))
	f.surveys["optionShow"] = dslDoc("if Q1A1 then show Q2A2\nif Q1A2 then hide Q2A1", r("q1", 2), qj("q2", TypeCheckbox, optList("quCheckboxs", "q2", 3)))
	f.surveys["matrix"] = dslDoc("if Q1R1 = 2 then show Q2\nif Q1R2C1 then show Q3\nif Q1C3 >= 2 then show Q4", qj("q1", TypeMatrixRadio, rowsCols("q1", 2, 3, nil, nil)), t("q2"), t("q3"), t("q4"))
	f.surveys["orderRank"] = dslDoc("if Q1A2 = 1 then show Q2", qj("q1", TypeOrderQu, optList("quOrderbys", "q1", 3)), t("q2"))
	f.surveys["scoreSum"] = dslDoc("assign Q2 = Q1\nif Q1A1 > Q1A2 then show Q3", qj("q1", TypeScore, optList("quScores", "q1", 2)), t("q2"), t("q3"))
	f.surveys["blockShow"] = doc(r("q1", 2), qj("q2", TypeFillblank, `"logicDsl":{"showDsl":"if Q1A1 then show Q2"}`))
	f.surveys["blockGoto"] = doc(qj("q1", TypeRadio, join(optList("quRadios", "q1", 2), `"logicDsl":{"gotoDsl":"if Q1A2 then goto Q4"}`)), t("q2"), t("q3"), t("q4"))
	f.surveys["strings"] = dslDoc("if Q1 = \"10\" then show Q2\nif Q1 > 9 then show Q3\nif Q1 + 1 = 11 then show Q4", t("q1"), t("q2"), t("q3"), t("q4"))
	f.surveys["textCompare"] = dslDoc("if Q1 > \"b\" then show Q2", t("q1"), t("q2"))
	f.surveys["notHidden"] = dslDoc("if not Q1A1 then hide Q2", r("q1", 2), t("q2"))
	f.surveys["ast"] = docWith(`"dwDslAst":{"stmts":[{"kind":"if","pos":{"line":1,"col":1},"cond":{"type":"ref","pos":{"line":1,"col":4},"ref":{"name":"Q1A1","q":1,"a":1}},"then":{"kind":"hide","pos":{"line":1,"col":14},"targets":[{"name":"Q2","q":2}]}}]}`, r("q1", 2), t("q2"))
	f.cases = []gcase{
		{"example-a1-61", "issueExample", in(aRadio("q1", "q1a1"), aFbk("q2", "61")), "visible=q1,q2,q3"},
		{"example-a1-60", "issueExample", in(aRadio("q1", "q1a1"), aFbk("q2", "60")), "visible=q1,q2"},
		{"example-a2-51", "issueExample", in(aRadio("q1", "q1a2"), aFbk("q2", "51")), "visible=q1,q2,q3"},
		{"example-a2-50", "issueExample", in(aRadio("q1", "q1a2"), aFbk("q2", "50"), aFbk("q3", "lost")), "visible=q1,q2|cleared=q3"},
		{"example-text-not-number", "issueExample", in(aRadio("q1", "q1a1"), aFbk("q2", "abc")), "visible=q1,q2"},
		{"example-empty", "issueExample", in(), "visible=q1,q2"},
		{"hide-when-2", "hide", in(aRadio("q1", "q1a2")), "visible=q1,q4"},
		{"hide-not-when-1", "hide", in(aRadio("q1", "q1a1")), "visible=q1,q2,q4"},
		{"goto-q4", "goto", in(aRadio("q1", "q1a1"), aFbk("q2", "x")), "visible=q1,q4|cleared=q2"},
		{"goto-end", "goto", in(aRadio("q1", "q1a2")), "visible=q1|end=true"},
		{"goto-none", "goto", in(aRadio("q1", "q1a3")), "visible=q1,q2,q3,q4|end=false"},
		{"assign-sum", "assign", in(aFbk("q1", "4"), aFbk("q2", "7")), "assign=q3=11|visible=q1,q2,q3,q4"},
		{"assign-small", "assign", in(aFbk("q1", "4"), aFbk("q2", "6")), "assign=q3=10|visible=q1,q2,q3"},
		{"assign-empty-plus-number", "assign", in(aFbk("q1", "4")), "assign=q3=4"},
		{"assign-empty-both", "assign", in(), "assign=q3=null"},
		{"assign-overrides-typed", "assign", in(aFbk("q1", "1"), aFbk("q2", "2"), aFbk("q3", "99")), "assign=q3=3|visible=q1,q2,q3"},
		{"assign-string-concat", "assign", in(aFbk("q1", "a"), aFbk("q2", "1")), `assign=q3="a1"`},
		{"assign-decimals", "assign", in(aFbk("q1", "0.1"), aFbk("q2", "0.2")), "assign=q3=0.3"},
		{"assign-cond-yes", "assignCond", in(aRadio("q1", "q1a1")), `assign=q2="yes"`},
		{"assign-cond-number", "assignCond", in(aRadio("q1", "q1a2")), "assign=q2=42"},
		{"assign-cond-cleared", "assignCond", in(aRadio("q1", "q1a3"), aFbk("q2", "old")), "assign=q2=null"},
		{"validate-holds", "validate", in(aFbk("q1", "40"), aFbk("q2", "60")), "hints=|errors="},
		{"validate-fails", "validate", in(aFbk("q1", "40"), aFbk("q2", "50")), "hints=q2:Q1 and Q2 must add up to 100|errors=q2:validateRule|progress=1/2/50"},
		{"validate-not-yet-answered", "validate", in(), "hints=|errors=q1:required,q2:required"},
		{"validate-one-answered", "validate", in(aFbk("q1", "40")), "hints=q2:Q1 and Q2 must add up to 100|errors=q2:required"},
		{"validate-default-targets", "validateDefault", in(aFbk("q1", "9"), aFbk("q2", "3")), "hints=q1:min must not exceed max,q2:min must not exceed max|errors=q1:validateRule,q2:validateRule"},
		{"validate-default-ok", "validateDefault", in(aFbk("q1", "3"), aFbk("q2", "3")), "hints="},
		{"solution-dsl", "solution", in(aRadio("q1", "q1a1"), aCbx("q2", "q2a1", "q2a3")), "solutions=s1,s2"},
		{"solution-dsl-one", "solution", in(aCbx("q2", "q2a1")), "solutions="},
		{"mutex-conflict", "mutex", in(aCbx("q1", "q1a1", "q1a4")), "errors=q1:mutex"},
		{"mutex-click-left", "mutex", inX(`"changed":"q1a2"`, aCbx("q1", "q1a2", "q1a4")), "errors=|unchecked=q1a4"},
		{"mutex-click-right", "mutex", inX(`"changed":"q1a4"`, aCbx("q1", "q1a1", "q1a2", "q1a4")), "errors=|unchecked=q1a1,q1a2"},
		{"mutex-same-side-ok", "mutex", in(aCbx("q1", "q1a1", "q1a2", "q1a3")), "errors="},
		{"mutex-cross-question", "mutexCross", inX(`"changed":"q1a1"`, aCbx("q1", "q1a1"), aCbx("q2", "q2a2")), "unchecked=q2a2"},
		{"mutex-cross-conflict", "mutexCross", in(aCbx("q1", "q1a1"), aCbx("q2", "q2a1")), "errors=q2:mutex"},
		{"quota-none-matched", "quota", inX(`"quotaCounts":{"q1a1":50}`, aRadio("q1", "q1a2")), "quotas=Q1A1:false:false,Q2A1 and Q2A2:false:false,Q1A1 and Q2A2:false:false|errors="},
		{"quota-single-room", "quota", inX(`"quotaCounts":{"q1a1":49}`, aRadio("q1", "q1a1")), "quotas=Q1A1:true:false,Q2A1 and Q2A2:false:false,Q1A1 and Q2A2:false:false"},
		{"quota-single-full", "quota", inX(`"quotaCounts":{"q1a1":50}`, aRadio("q1", "q1a1")), "quotas=Q1A1:true:true,Q2A1 and Q2A2:false:false,Q1A1 and Q2A2:false:false|errors=q1:quotaFull"},
		{"quota-joint-either", "quota", inX(`"quotaCounts":{"q2a1+q2a2":100}`, aCbx("q2", "q2a2")), "quotas=Q1A1:false:false,Q2A1 and Q2A2:true:true,Q1A1 and Q2A2:false:false|errors=q2:quotaFull"},
		{"quota-joint-other-option", "quota", inX(`"quotaCounts":{"q2a1+q2a2":100}`, aCbx("q2", "q2a3")), "quotas=Q1A1:false:false,Q2A1 and Q2A2:false:false,Q1A1 and Q2A2:false:false"},
		{"quota-cross-both", "quota", inX(`"quotaCounts":{"q1a1+q2a2":30}`, aRadio("q1", "q1a1"), aCbx("q2", "q2a2")), "quotas=Q1A1:true:false,Q2A1 and Q2A2:true:false,Q1A1 and Q2A2:true:true|errors=q1:quotaFull"},
		{"quota-cross-one-side", "quota", inX(`"quotaCounts":{"q1a1+q2a2":30}`, aCbx("q2", "q2a2")), "quotas=Q1A1:false:false,Q2A1 and Q2A2:true:false,Q1A1 and Q2A2:false:false"},
		{"quota-block-cap-1-first", "quotaBlock", in(aRadio("q1", "q1a2")), "quotas=Q1A2:true:false"},
		{"quota-block-cap-1-second", "quotaBlock", inX(`"quotaCounts":{"q1a2":1}`, aRadio("q1", "q1a2")), "quotas=Q1A2:true:true|errors=q1:quotaFull"},
		{"empty-unanswered", "emptyZero", in(), "visible=q1,q2,q3"},
		{"empty-string", "emptyZero", in(aFbk("q1", "")), "visible=q1,q2,q3"},
		{"zero-string", "emptyZero", in(aFbk("q1", "0")), "visible=q1,q2,q4,q5"},
		{"zero-padded", "emptyZero", in(aFbk("q1", "0.0")), "visible=q1,q2,q4,q5"},
		{"text-answer", "emptyZero", in(aFbk("q1", "x")), "visible=q1,q2,q5"},
		{"nps-zero-is-below-7", "npsZero", in(aScale("q1", "0")), "visible=q1,q2"},
		{"nps-unanswered-is-empty", "npsZero", in(), "visible=q1,q3"},
		{"vars-match", "vars", in(aFbk("q1", "18"), aFbk("q2", "Hangzhou")), "visible=q1,q2,q3"},
		{"vars-young", "vars", in(aFbk("q1", "17"), aFbk("q2", "Hangzhou")), "visible=q1,q2"},
		{"count-two", "count", in(aCbx("q1", "q1a1", "q1a2")), "visible=q1,q2,q3"},
		{"count-contains-3", "count", in(aCbx("q1", "q1a1", "q1a3")), "visible=q1,q2"},
		{"count-one", "count", in(aCbx("q1", "q1a2")), "visible=q1,q3"},
		{"custom-value-yes", "customValue", in(aRadio("q1", "q1a1")), "visible=q1,q2"},
		{"custom-value-no", "customValue", in(aRadio("q1", "q1a2")), "visible=q1"},
		{"option-show-target-hidden", "optionShow", in(), "hiddenOpts=q2a2"},
		{"option-show-target-shown", "optionShow", in(aRadio("q1", "q1a1")), "hiddenOpts="},
		{"option-hide-unchecks", "optionShow", in(aRadio("q1", "q1a2"), aCbx("q2", "q2a1", "q2a2", "q2a3")), "hiddenOpts=q2a1,q2a2|unchecked=q2a1,q2a2"},
		{"matrix-row-col", "matrix", in(aMRadio("q1", "r1:c2", "r2:c1")), "visible=q1,q2,q3"},
		{"matrix-col-count", "matrix", in(aMRadio("q1", "r1:c3", "r2:c3")), "visible=q1,q4"},
		{"order-rank-1", "orderRank", in(aOrders("q1", "q1a2:1", "q1a1:2")), "visible=q1,q2"},
		{"order-rank-2", "orderRank", in(aOrders("q1", "q1a1:1", "q1a2:2")), "visible=q1"},
		{"score-sum-assign", "scoreSum", in(aScores("q1", "q1a1:4", "q1a2:2")), "assign=q2=6|visible=q1,q2,q3"},
		{"score-zero-assign", "scoreSum", in(aScores("q1", "q1a1:0", "q1a2:0")), "assign=q2=0|visible=q1,q2"},
		{"block-show", "blockShow", in(aRadio("q1", "q1a1")), "visible=q1,q2"},
		{"block-show-hidden", "blockShow", in(aRadio("q1", "q1a2")), "visible=q1"},
		{"block-goto-owner-trigger", "blockGoto", in(aRadio("q1", "q1a2")), "visible=q1,q4"},
		{"strings-numeric", "strings", in(aFbk("q1", "10")), "visible=q1,q2,q3,q4"},
		{"strings-numeric-spaces", "strings", in(aFbk("q1", " 10 ")), "visible=q1,q2,q3,q4"},
		{"strings-text", "strings", in(aFbk("q1", "ten")), `visible=q1`},
		{"text-compare-code-points", "textCompare", in(aFbk("q1", "c")), "visible=q1,q2"},
		{"text-compare-upper-is-lower", "textCompare", in(aFbk("q1", "B")), "visible=q1"},
		{"text-compare-a", "textCompare", in(aFbk("q1", "a")), "visible=q1"},
		{"not-unanswered-hides", "notHidden", in(), "visible=q1"},
		{"not-answered-shows", "notHidden", in(aRadio("q1", "q1a1")), "visible=q1,q2"},
		{"stored-ast-used", "ast", in(aRadio("q1", "q1a1"), aFbk("q2", "x")), "visible=q1|cleared=q2"},
	}
	return f
}
