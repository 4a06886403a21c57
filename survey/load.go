package survey

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// Issue is a problem found in a document. Path names the element, for
// example "questions[3].quRadios[1]". Severity is "error" or "warning".
type Issue struct {
	Path     string `json:"path"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Severity string `json:"severity"`
}

func (i Issue) String() string { return i.Severity + " " + i.Path + ": " + i.Message }

// Issue codes.
const (
	IssueUnknownType   = "unknownType"
	IssueUnknownChild  = "unknownChildType"
	IssueMissingDwID   = "missingDwId"
	IssueDuplicateDwID = "duplicateDwId"
	IssueMissingTarget = "missingTarget"
	IssueLimits        = "impossibleLimits"
	IssueDsl           = "dslError"
)

// Parse decodes a survey document and checks it. The error is non-nil only
// when the bytes are not a JSON document of the right shape; every other
// problem is reported as an Issue. Parse also accepts the document wrapped
// as a JSON string (surveyJsonText).
func Parse(data []byte) (*Survey, []Issue, error) {
	t := bytes.TrimSpace(data)
	if len(t) > 0 && t[0] == '"' {
		var inner string
		if err := json.Unmarshal(t, &inner); err != nil {
			return nil, nil, err
		}
		t = []byte(inner)
	}
	var s Survey
	if err := json.Unmarshal(t, &s); err != nil {
		return nil, nil, fmt.Errorf("survey: %w", err)
	}
	return &s, Check(&s), nil
}

// Check runs the load checks on a document: unknown types, missing and
// duplicate dwIds, rules pointing at missing questions or options,
// impossible limits and condition-language errors.
func Check(s *Survey) []Issue {
	var out []Issue
	add := func(sev, path, code, format string, args ...any) {
		out = append(out, Issue{Path: path, Code: code, Message: fmt.Sprintf(format, args...), Severity: sev})
	}
	known := map[string]bool{}
	for _, t := range KnownTypes {
		known[t] = true
	}
	seen := map[string]string{}
	see := func(id Str, path string) {
		if id == "" {
			add("error", path, IssueMissingDwID, "missing dwId")
			return
		}
		if prev, dup := seen[string(id)]; dup {
			add("error", path, IssueDuplicateDwID, "duplicate dwId %q (first at %s)", id, prev)
			return
		}
		seen[string(id)] = path
	}
	lists := func(q *Question) []struct {
		name string
		l    []*Option
	} {
		return []struct {
			name string
			l    []*Option
		}{{"quRadios", q.QuRadios}, {"quCheckboxs", q.QuCheckboxs}, {"quScores", q.QuScores},
			{"quOrderbys", q.QuOrderbys}, {"quMultiFillblanks", q.QuMultiFillblanks},
			{"quRows", q.QuRows}, {"quCols", q.QuCols}}
	}
	for i, q := range s.Questions {
		p := fmt.Sprintf("questions[%d]", i)
		if q == nil {
			add("error", p, IssueUnknownType, "null question")
			continue
		}
		if !known[string(q.QuType)] {
			add("error", p, IssueUnknownType, "unknown question type %q", q.QuType)
		}
		if q.QuType == TypeComponent {
			ok := false
			for _, c := range KnownChildTypes {
				ok = ok || strings.EqualFold(string(q.ChildType), c)
			}
			if !ok {
				add("error", p+".childType", IssueUnknownChild, "unknown component child type %q", q.ChildType)
			}
		}
		see(q.DwID, p)
		for _, l := range lists(q) {
			for j, o := range l.l {
				op := fmt.Sprintf("%s.%s[%d]", p, l.name, j)
				if o == nil {
					add("error", op, IssueMissingDwID, "null option")
					continue
				}
				see(o.DwID, op)
				for k, g := range o.GroupOptions {
					see(g.DwID, fmt.Sprintf("%s.groupOptions[%d]", op, k))
				}
				if o.OptionAttr != nil && o.OptionAttr.MinAn > 0 && o.OptionAttr.MaxAn > 0 && o.OptionAttr.MinAn > o.OptionAttr.MaxAn {
					add("error", op+".optionAttr", IssueLimits, "minAn %v is above maxAn %v", o.OptionAttr.MinAn, o.OptionAttr.MaxAn)
				}
				checkInput(o.InputAttr, op+".inputAttr", add)
			}
		}
		if q.MinLimit > 0 && q.MaxLimit > 0 && q.MinLimit > q.MaxLimit {
			add("error", p, IssueLimits, "minLimit %v is above maxLimit %v", q.MinLimit, q.MaxLimit)
		}
		if a := q.QuAttr; a != nil {
			checkInput(a.InputAttr, p+".quAttr.inputAttr", add)
			if a.ScaleAttr != nil && a.ScaleAttr.Min != nil && a.ScaleAttr.Max != nil && *a.ScaleAttr.Min > *a.ScaleAttr.Max {
				add("error", p+".quAttr.scaleAttr", IssueLimits, "min %v is above max %v", *a.ScaleAttr.Min, *a.ScaleAttr.Max)
			}
			if a.SliderAttr != nil && a.SliderAttr.Min != nil && a.SliderAttr.Max != nil && *a.SliderAttr.Min > *a.SliderAttr.Max {
				add("error", p+".quAttr.sliderAttr", IssueLimits, "min %v is above max %v", *a.SliderAttr.Min, *a.SliderAttr.Max)
			}
			if o := a.OrderQuAttr; o != nil && o.MaxTopNum > 0 && o.TopNum > o.MaxTopNum {
				add("error", p+".quAttr.orderQuAttr", IssueLimits, "topNum %v is above maxTopNum %v", o.TopNum, o.MaxTopNum)
			}
		}
	}
	// Rules: targets must exist.
	ix := NewIndex(s)
	for i, q := range s.Questions {
		if q == nil {
			continue
		}
		for j, r := range q.QuestionLogics {
			p := fmt.Sprintf("questions[%d].questionLogics[%d]", i, j)
			if r == nil {
				continue
			}
			for _, id := range r.CgQuItemID {
				if ref, ok := ix.Opt[id]; !ok || ref.Q != i {
					add("error", p+".cgQuItemId", IssueMissingTarget, "trigger option %q is not an option of this question", id)
				}
			}
			lt := LogicKind(string(r.LogicType))
			if lt == "" {
				add("error", p+".logicType", IssueUnknownType, "unknown logicType %q", r.LogicType)
			}
			if lt == "SOLUTION" {
				continue
			}
			for _, id := range r.SkQuID {
				if isEndTarget(id) && lt == "GO" {
					continue
				}
				if _, ok := ix.ByID[id]; !ok {
					add("error", p+".skQuId", IssueMissingTarget, "target question %q does not exist", id)
				}
			}
		}
		for j, o := range q.Options() {
			for _, id := range o.ShowBy {
				if _, ok := ix.Opt[id]; !ok {
					add("error", fmt.Sprintf("questions[%d].options[%d].showBy", i, j), IssueMissingTarget, "showBy option %q does not exist", id)
				}
			}
		}
	}
	out = append(out, checkDsl(s, ix)...)
	out = append(out, checkPipes(s)...)
	return out
}

func checkInput(ia *InputAttr, path string, add func(sev, path, code, format string, args ...any)) {
	if ia == nil {
		return
	}
	if c := ia.CommonAttr; c != nil && c.Minlength > 0 && c.Maxlength > 0 && c.Minlength > c.Maxlength {
		add("error", path+".commonAttr", IssueLimits, "minlength %v is above maxlength %v", c.Minlength, c.Maxlength)
	}
	if n := ia.NumAttr; n != nil && n.Min > 0 && n.Max > 0 && n.Min > n.Max {
		add("error", path+".numAttr", IssueLimits, "min %v is above max %v", n.Min, n.Max)
	}
}

// LogicKind normalises a questionLogics logicType: GO, SHOW, SOLUTION or "".
func LogicKind(t string) string {
	switch strings.ToUpper(strings.TrimSpace(t)) {
	case "1", "GO", "JUMP":
		return "GO"
	case "2", "SHOW":
		return "SHOW"
	case "3", "SOLUTION":
		return "SOLUTION"
	}
	return ""
}

func isEndTarget(id string) bool {
	switch strings.ToUpper(id) {
	case "END", "END1", "END2":
		return true
	}
	return false
}

// AssignDwIDs gives every question, option, row, column and group without
// a dwId a new random one. It returns how many ids it assigned.
func AssignDwIDs(s *Survey) int {
	n := 0
	fix := func(id *Str) {
		if *id == "" {
			*id = Str(newID())
			n++
		}
	}
	for _, q := range s.Questions {
		if q == nil {
			continue
		}
		fix(&q.DwID)
		for _, l := range [][]*Option{q.QuRadios, q.QuCheckboxs, q.QuScores, q.QuOrderbys, q.QuMultiFillblanks, q.QuRows, q.QuCols} {
			for _, o := range l {
				if o == nil {
					continue
				}
				fix(&o.DwID)
				for _, g := range o.GroupOptions {
					fix(&g.DwID)
				}
			}
		}
		for _, r := range q.QuestionLogics {
			if r != nil {
				fix(&r.DwID)
			}
		}
	}
	return n
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// MarshalCanonical encodes a document in the canonical form: the model's
// field order, empty fields omitted, no HTML escaping, no indentation.
// Loading and marshalling twice gives identical bytes.
func MarshalCanonical(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Clone deep-copies a document through its canonical JSON.
func (s *Survey) Clone() *Survey {
	b, err := MarshalCanonical(s)
	if err != nil {
		panic(err)
	}
	var c Survey
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	return &c
}

// StripSecrets returns a copy of the document safe for respondents: the
// answer password (anPwdAttr.anPwdCode, surveyDetail.ruleCode) and the exam
// answer keys (isRight flags, option scores when the question has an answer
// key or the survey is an exam, solution texts, SOLUTION rules) are removed.
func StripSecrets(s *Survey) *Survey {
	c := s.Clone()
	if c.SurveyAttrs != nil && c.SurveyAttrs.AnPwdAttr != nil {
		c.SurveyAttrs.AnPwdAttr.AnPwdCode = ""
	}
	if c.SurveyDetail != nil {
		c.SurveyDetail.RuleCode = ""
	}
	exam := strings.EqualFold(string(c.SurveyType), "exam")
	for _, q := range c.Questions {
		if q == nil {
			continue
		}
		q.Solution = nil
		keyed := exam
		for _, o := range q.Options() {
			keyed = keyed || bool(o.IsRight)
		}
		for _, o := range q.Options() {
			o.IsRight = false
			if keyed {
				o.ScoreNum = 0
			}
		}
		var rules []*QuestionLogic
		for _, r := range q.QuestionLogics {
			if r != nil && LogicKind(string(r.LogicType)) != "SOLUTION" {
				rules = append(rules, r)
			}
		}
		q.QuestionLogics = rules
	}
	return c
}
