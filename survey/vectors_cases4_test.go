package survey

import "fmt"

func pagingFile() gfile {
	f := gfile{name: "paging", desc: "Pages split at PAGETAG; empty pages are skipped in the direction of travel; page-scoped errors.", surveys: map[string]string{}}
	fb := func(id string) string { return qj(id, TypeFillblank, req) }
	pg := func(id string) string { return qj(id, TypePageTag, "") }
	show := func(target string) string {
		return fmt.Sprintf(`"questionLogics":[{"logicType":"SHOW","cgQuItemId":"q1a1","skQuId":%q}]`, target)
	}
	// Page 1: q1; page 2: q2 (shown only by q1a1); page 3: q3; page 4: q4 (shown only by q1a1).
	f.surveys["four"] = doc(qj("q1", TypeRadio, join(optList("quRadios", "q1", 2), req, `"questionLogics":[{"logicType":"SHOW","cgQuItemId":"q1a1","skQuId":["q2","q4"]}]`)),
		pg("p2"), fb("q2"), pg("p3"), fb("q3"), pg("p4"), qj("q4", TypeParagraph, ""), fb("q5"))
	f.surveys["leading"] = doc(pg("p1"), fb("q1"), pg("p2"), fb("q2"))
	f.surveys["paragraphOnly"] = doc(fb("q1"), pg("p2"), qj("q2", TypeParagraph, ""), pg("p3"), fb("q3"))
	f.surveys["lastEmpty"] = doc(qj("q1", TypeRadio, join(optList("quRadios", "q1", 2), req, show("q2"))), pg("p2"), fb("q2"))
	f.surveys["firstEmpty"] = doc(qj("q0", TypeFillblank, `"quAttr":{"hideQu":true}`), pg("p2"), fb("q1"))
	f.cases = []gcase{
		{"page1", "four", inX(`"page":1`), "page=1|pageQ=q1|errors=q1:required"},
		{"page2-shown", "four", inX(`"page":2`, aRadio("q1", "q1a1")), "page=2|pageQ=q2|errors=q2:required"},
		{"page2-skipped-next", "four", inX(`"page":2,"direction":"next"`, aRadio("q1", "q1a2")), "page=3|pageQ=q3|errors=q3:required"},
		{"page2-skipped-prev", "four", inX(`"page":2,"direction":"prev"`, aRadio("q1", "q1a2")), "page=1|pageQ=q1|errors="},
		{"page3", "four", inX(`"page":3`, aRadio("q1", "q1a2"), aFbk("q3", "x")), "page=3|pageQ=q3|errors="},
		{"page4-paragraph-hidden-but-q5", "four", inX(`"page":4`, aRadio("q1", "q1a2")), "page=4|pageQ=q5|errors=q5:required"},
		{"page4-with-paragraph", "four", inX(`"page":4`, aRadio("q1", "q1a1")), "page=4|pageQ=q4,q5"},
		{"past-last-page", "four", inX(`"page":5`), "page=5|pageQ="},
		{"whole-survey", "four", in(aRadio("q1", "q1a2")), "page=0|pageQ=|errors=q3:required,q5:required"},
		{"page-count", "four", inX(`"page":1`), "page=1"},
		{"leading-pagetag", "leading", inX(`"page":1`), "page=1|pageQ=q1"},
		{"leading-pagetag-page2", "leading", inX(`"page":2`), "page=2|pageQ=q2"},
		{"paragraph-only-page-skipped", "paragraphOnly", inX(`"page":2`), "page=3|pageQ=q3"},
		{"paragraph-only-page-prev", "paragraphOnly", inX(`"page":2,"direction":"prev"`), "page=1|pageQ=q1"},
		{"last-page-empty-goes-to-submit", "lastEmpty", inX(`"page":2`, aRadio("q1", "q1a2")), "page=3|pageQ="},
		{"last-page-shown", "lastEmpty", inX(`"page":2`, aRadio("q1", "q1a1")), "page=2|pageQ=q2"},
		{"first-page-empty-prev-searches-forward", "firstEmpty", inX(`"page":1,"direction":"prev"`), "page=2|pageQ=q1"},
		{"first-page-empty-next", "firstEmpty", inX(`"page":1`), "page=2|pageQ=q1"},
	}
	return f
}

func scoreFile() gfile {
	f := gfile{name: "score", desc: "Exam keys, option scores, full-or-partial formula, totals, progress, votes, shuffling.", surveys: map[string]string{}}
	exam := `"surveyType":"exam"`
	f.surveys["exam"] = docWith(exam,
		qj("q1", TypeRadio, join(optList("quRadios", "q1", 3, "", `"isRight":1`, ""), `"quAttr":{"isRequired":true,"scoreAttr":{"maxScore":5}}`)),
		qj("q2", TypeCheckbox, join(optList("quCheckboxs", "q2", 4, `"isRight":1`, `"isRight":1`, `"isRight":1`, ""), `"quAttr":{"scoreAttr":{"maxScore":9,"scoreFormula":"part"}}`)),
		qj("q3", TypeCheckbox, join(optList("quCheckboxs", "q3", 3, `"isRight":1,"scoreNum":2`, `"isRight":1,"scoreNum":2`, ""), `"quAttr":{"scoreAttr":{"scoreFormula":"all"}}`)),
		qj("q4", TypeFillblank, ""))
	f.surveys["plain"] = doc(
		qj("q1", TypeRadio, optList("quRadios", "q1", 3, `"scoreNum":1`, `"scoreNum":3`, `"scoreNum":5`)),
		qj("q2", TypeCheckbox, optList("quCheckboxs", "q2", 3, `"scoreNum":2`, `"scoreNum":-1`, `"scoreNum":2.5`)),
		qj("q3", TypeRadio, optList("quRadios", "q3", 2)))
	f.surveys["hiddenScore"] = docWith(exam,
		qj("q1", TypeRadio, join(optList("quRadios", "q1", 2), `"questionLogics":[{"logicType":"GO","cgQuItemId":"q1a1","skQuId":"END"}]`)),
		qj("q2", TypeRadio, join(optList("quRadios", "q2", 2, `"isRight":1`), `"quAttr":{"scoreAttr":{"maxScore":10}}`)))
	f.surveys["progress"] = doc(
		qj("q1", TypeFillblank, req), qj("q2", TypeFillblank, req), qj("q3", TypeFillblank, req),
		qj("q4", TypeFillblank, ""), qj("q5", TypeParagraph, req), qj("q6", TypeFillblank, `"quAttr":{"isRequired":true,"inputAttr":{"commonAttr":{"checkType":"EMAIL"}}}`))
	f.surveys["vote"] = docWith(`"surveyType":"vote"`,
		qj("q1", TypeRadio, `"anCount":6,"quRadios":[{"dwId":"q1a1","anCount":2},{"dwId":"q1a2","anCount":4},{"dwId":"q1a3"}]`))
	f.surveys["shuffle"] = docWith(`"surveyAttrs":{"examAttr":{"shuffle":{"question":true,"option":true}}}`,
		qj("q1", TypeRadio, optList("quRadios", "q1", 5, "", "", "", "", `"optionAttr":{"fixed":true}`)),
		qj("q2", TypeCheckbox, optList("quCheckboxs", "q2", 4)),
		qj("q3", TypeParagraph, ""),
		qj("q4", TypeFillblank, `"quAttr":{"shuffleAttr":{"fixed":true}}`),
		qj("q5", TypeFillblank, ""),
		qj("p2", TypePageTag, ""),
		qj("q6", TypeMatrixRadio, join(rowsCols("q6", 4, 3, nil, nil), `"quAttr":{"shuffleAttr":{"option":"no","row":"yes","col":"yes"}}`)),
		qj("q7", TypeFillblank, ""))
	f.surveys["noShuffle"] = doc(qj("q1", TypeRadio, optList("quRadios", "q1", 3)), qj("q2", TypeRadio, join(optList("quRadios", "q2", 3), `"quAttr":{"shuffleAttr":{"option":"yes"}}`)))
	f.cases = []gcase{
		{"exam-all-right", "exam", in(aRadio("q1", "q1a2"), aCbx("q2", "q2a1", "q2a2", "q2a3"), aCbx("q3", "q3a1", "q3a2")), "score=18/18|qscores=q1:5/5:right,q2:9/9:right,q3:4/4:right"},
		{"exam-radio-wrong", "exam", in(aRadio("q1", "q1a1")), "qscores=q1:0/5:wrong,q2:0/9:wrong,q3:0/4:wrong|score=0/18"},
		{"exam-part-two-of-three", "exam", in(aCbx("q2", "q2a1", "q2a3")), "qscores=q1:0/5:wrong,q2:6/9:part,q3:0/4:wrong"},
		{"exam-part-one-of-three", "exam", in(aCbx("q2", "q2a2")), "qscores=q1:0/5:wrong,q2:3/9:part,q3:0/4:wrong"},
		{"exam-part-wrong-chosen", "exam", in(aCbx("q2", "q2a1", "q2a4")), "qscores=q1:0/5:wrong,q2:0/9:wrong,q3:0/4:wrong"},
		{"exam-all-formula-partial-is-zero", "exam", in(aCbx("q3", "q3a1")), "qscores=q1:0/5:wrong,q2:0/9:wrong,q3:0/4:wrong"},
		{"exam-all-formula-extra-wrong", "exam", in(aCbx("q3", "q3a1", "q3a2", "q3a3")), "qscores=q1:0/5:wrong,q2:0/9:wrong,q3:0/4:wrong"},
		{"plain-scores", "plain", in(aRadio("q1", "q1a3"), aCbx("q2", "q2a1", "q2a2", "q2a3")), "score=8.5/9.5|qscores=q1:5/5:,q2:3.5/4.5:"},
		{"plain-empty", "plain", in(), "score=0/9.5"},
		{"hidden-question-not-scored", "hiddenScore", in(aRadio("q1", "q1a1"), aRadio("q2", "q2a1")), "score=0/0|cleared=q2"},
		{"visible-question-scored", "hiddenScore", in(aRadio("q1", "q1a2"), aRadio("q2", "q2a1")), "score=10/10"},
		{"progress-none", "progress", in(), "progress=0/4/0"},
		{"progress-one-third", "progress", in(aFbk("q1", "a")), "progress=1/4/25"},
		{"progress-optional-not-counted", "progress", in(aFbk("q4", "a")), "progress=0/4/0"},
		{"progress-invalid-not-complete", "progress", in(aFbk("q1", "a"), aFbk("q6", "bad")), "progress=1/4/25"},
		{"progress-three", "progress", in(aFbk("q1", "a"), aFbk("q2", "b"), aFbk("q6", "a@b.cn")), "progress=3/4/75"},
		{"vote-no-selection", "vote", in(), "votes=q1a1:2:28.57,q1a2:4:57.14,q1a3:0:0"},
		{"vote-own-selection", "vote", in(aRadio("q1", "q1a3")), "votes=q1a1:2:28.57,q1a2:4:57.14,q1a3:1:14.29"},
		{"vote-own-on-leader", "vote", in(aRadio("q1", "q1a2")), "votes=q1a1:2:28.57,q1a2:5:71.43,q1a3:0:0"},
		{"shuffle-off-without-seed", "shuffle", in(), "order="},
		{"no-shuffle-switches", "noShuffle", inX(`"seed":"ans-1"`), `order={"questions":["q1","q2"],"options":{"q2":["q2a2","q2a3","q2a1"]},"rows":{},"cols":{}}`},
	}
	for _, seed := range []string{"ans-1", "ans-2", "5b3c8f7e-0000-4000-8000-000000000001", "", "种子"} {
		if seed == "" {
			continue
		}
		f.cases = append(f.cases, gcase{"shuffle-seed-" + seed, "shuffle", inX(fmt.Sprintf(`"seed":%q`, seed)), ""})
	}
	return f
}
