package survey

import "fmt"

// solutionFile pins which solutions SOLUTION rules and `solution` statements choose (the
// server stores them as anSolutionIds; an-solution shows their texts): each trigger kind,
// and/or over checkboxes, several rules adding in document order without repeats, the
// opposite effect when a rule stops matching, and no solution from a question logic hid.
func solutionFile() gfile {
	f := gfile{name: "solution", desc: "SOLUTION rules and solution statements: triggers per type, and/or, order and repeats, hidden triggers.", surveys: map[string]string{}}
	rule := func(cg, sk, extra string) string {
		return fmt.Sprintf(`{"logicType":"SOLUTION","cgQuItemId":%s,"skQuId":%q%s}`, cg, sk, extra)
	}
	with := func(id, typ, opts string, rules ...string) string {
		return qj(id, typ, join(opts, `"questionLogics":[`+join(rules...)+`]`))
	}
	fb := func(id string) string { return qj(id, TypeFillblank, "") }
	f.surveys["multi"] = doc(
		with("q1", TypeCheckbox, optList("quCheckboxs", "q1", 3), rule(`["q1a1","q1a2"]`, "both", `,"cgMode":"and"`), rule(`["q1a2","q1a3"]`, "any", "")),
		with("q2", TypeScore, optList("quScores", "q2", 1), rule(`["q2a1"]`, "high", `,"geLe":"GTE","scoreNum":4`)),
		with("q3", TypeOrderQu, optList("quOrderbys", "q3", 2), rule(`["q3a2"]`, "any", `,"geLe":"LT","scoreNum":2`)),
		with("q4", TypeFillblank, "", `{"logicType":"3","skQuId":"wrote"}`),
	)
	f.surveys["hidden"] = doc(
		qj("q1", TypeRadio, join(optList("quRadios", "q1", 2), `"questionLogics":[{"logicType":"GO","cgQuItemId":["q1a1"],"skQuId":"q3"}]`)),
		with("q2", TypeRadio, optList("quRadios", "q2", 2), rule(`["q2a1"]`, "from-q2", "")),
		fb("q3"),
	)
	f.surveys["dsl"] = dslDoc(`if Q1A1 then solution "dsl-a"`+"\n"+`if Q2 > 3 then solution "dsl-b"`,
		with("q1", TypeRadio, optList("quRadios", "q1", 2), rule(`["q1a1"]`, "rule-a", "")),
		qj("q2", TypeFillblank, `"quAttr":{"inputAttr":{"commonAttr":{"checkType":"NUM"}}}`),
	)
	f.cases = []gcase{
		{"and-needs-all", "multi", in(aCbx("q1", "q1a1")), "solutions="},
		{"and-and-or", "multi", in(aCbx("q1", "q1a1", "q1a2")), "solutions=both,any"},
		{"or-one", "multi", in(aCbx("q1", "q1a3")), "solutions=any"},
		{"score-gte", "multi", in(aScores("q2", "q2a1:4")), "solutions=high"},
		{"score-below", "multi", in(aScores("q2", "q2a1:3")), "solutions="},
		{"order-lt-and-repeat", "multi", in(aCbx("q1", "q1a3"), aOrders("q3", "q3a2:1", "q3a1:2")), "solutions=any"},
		{"order-not-lt", "multi", in(aOrders("q3", "q3a1:1", "q3a2:2")), "solutions="},
		{"fillblank-and-all", "multi", in(aCbx("q1", "q1a1", "q1a2"), aScores("q2", "q2a1:5"), aFbk("q4", "x")), "solutions=both,any,high,wrote"},
		{"fillblank-empty", "multi", in(aFbk("q4", "")), "solutions="},
		{"trigger-visible", "hidden", in(aRadio("q1", "q1a2"), aRadio("q2", "q2a1")), "solutions=from-q2"},
		{"trigger-hidden-by-go", "hidden", in(aRadio("q1", "q1a1"), aRadio("q2", "q2a1")), "solutions="},
		{"dsl-and-rule", "dsl", in(aRadio("q1", "q1a1"), aFbk("q2", "4")), "solutions=rule-a,dsl-a,dsl-b"},
		{"dsl-number-below", "dsl", in(aRadio("q1", "q1a2"), aFbk("q2", "3")), "solutions="},
	}
	return f
}
