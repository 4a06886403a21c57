package survey

import (
	"bufio"
	"bytes"
	"encoding/json"

	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"dwsurvey/survey/dsl"
)

// TestDifferentialTS is the Go-vs-TypeScript differential run: random expressions (every
// function, the empty-text rules, argument errors), random regex patterns with random
// subjects, and random piped texts over the piping vector surveys are evaluated by both
// engines, which must agree on every one (values, error messages and positions, renderings).
// The TypeScript side is console/src/survey/difftool.ts, bundled with the console's esbuild
// and run with node; the test is skipped when either is missing. DIFF_SEED picks another
// seed, DIFF_N another count (default 3000 of each kind; half the expressions are one call).
func TestDifferentialTS(t *testing.T) {
	if testing.Short() {
		t.Skip("differential run skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	esbuild, _ := filepath.Abs("../console/node_modules/.bin/esbuild")
	if err != nil {
		t.Skip("node not found")
	}
	if _, err := os.Stat(esbuild); err != nil {
		t.Skip("console/node_modules not installed (esbuild missing)")
	}
	tool := filepath.Join(t.TempDir(), "difftool.mjs")
	out, err := exec.Command(esbuild, "../console/src/survey/difftool.ts", "--bundle", "--platform=node", "--format=esm",
		"--log-level=error", "--outfile="+tool).CombinedOutput()
	if err != nil {
		t.Fatalf("esbuild: %v\n%s", err, out)
	}
	seed := int64(20250615)
	if s := os.Getenv("DIFF_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	n := 3000
	if s := os.Getenv("DIFF_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	g := &diffGen{r: rand.New(rand.NewSource(seed))}

	var pf PipeVectorFile
	b, err := os.ReadFile(filepath.Join(pipeVectorDir, "piping.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &pf); err != nil {
		t.Fatal(err)
	}
	var surveyNames []string
	for k := range pf.Surveys {
		surveyNames = append(surveyNames, k)
	}
	sortStrings(surveyNames)

	type job struct {
		in   map[string]any
		want any
	}
	var jobs []job
	for i := 0; i < n; i++ { // expressions
		expr, vars, today := g.program()
		jobs = append(jobs, job{map[string]any{"k": "expr", "expr": expr, "vars": vars, "today": today}, goExpr(expr, vars, today)})
	}
	for i := 0; i < n; i++ { // regex patterns
		pat := g.pattern()
		subs := []string{}
		for k := 0; k < 4; k++ {
			subs = append(subs, g.subject())
		}
		jobs = append(jobs, job{map[string]any{"k": "regex", "pattern": pat, "subjects": subs}, goRegex(pat, subs)})
	}
	for i := 0; i < n; i++ { // piped texts
		name := surveyNames[g.r.Intn(len(surveyNames))]
		answers := g.answers(pf.Inputs["all"])
		var lang []LangItem
		if g.r.Intn(3) == 0 {
			lang = pf.Languages[[]string{"en", "zh"}[g.r.Intn(2)]]
		}
		mode := []string{"text", "html", "url"}[g.r.Intn(3)]
		text := g.pipeText(mode)
		var sv any
		_ = json.Unmarshal(pf.Surveys[name], &sv)
		jobs = append(jobs, job{map[string]any{"k": "pipe", "survey": sv, "answers": answers, "lang": lang, "mode": mode, "text": text},
			goPipe(t, pf.Surveys[name], answers, lang, mode, text)})
	}

	var stdin bytes.Buffer
	enc := json.NewEncoder(&stdin)
	enc.SetEscapeHTML(false)
	for _, j := range jobs {
		if err := enc.Encode(j.in); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, tool)
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(res))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	i, bad, kinds := 0, 0, map[string]int{}
	for sc.Scan() {
		if i >= len(jobs) {
			t.Fatal("more answers than programs")
		}
		var got any
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		kinds[jobs[i].in["k"].(string)]++
		if m, ok := jobs[i].want.(map[string]any); ok && m["err"] != nil {
			kinds[jobs[i].in["k"].(string)+"-err"]++
		}
		if !reflect.DeepEqual(got, jobs[i].want) {
			bad++
			if bad <= 15 {
				in, _ := json.Marshal(jobs[i].in)
				w, _ := json.Marshal(jobs[i].want)
				if len(in) > 600 {
					in = append(in[:300], "…"...)
				}
				t.Errorf("disagreement on %s\n   Go: %s\n   TS: %s", in, w, sc.Bytes())
			}
		}
		i++
	}
	if i != len(jobs) {
		t.Fatalf("node answered %d of %d programs\n%s", i, len(jobs), stderr.String())
	}
	t.Logf("seed %d: %d expressions (%d refused by the parser), %d patterns (%d refused), %d piped texts; %d disagreements",
		seed, kinds["expr"], kinds["expr-err"], kinds["regex"], kinds["regex-err"], kinds["pipe"], bad)
}

func sortStrings(l []string) {
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j] < l[j-1]; j-- {
			l[j], l[j-1] = l[j-1], l[j]
		}
	}
}

// jsonValue round-trips a value through JSON, as the TypeScript answer is read.
func jsonValue(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

func goExpr(expr string, vars map[string]any, today string) any {
	e, err := dsl.ParseExpr(expr)
	if err != nil {
		return jsonValue(map[string]any{"err": err.Error()})
	}
	env := dsl.MapEnv{}
	for k, v := range vars {
		env[k] = dsl.FromJSON(jsonValue(v))
	}
	var r dsl.Value
	if today == "-" {
		r = dsl.Eval(e, env)
	} else {
		r = dsl.Eval(e, todayEnv{env, today})
	}
	return jsonValue(map[string]any{"v": r.JSON()})
}

type todayEnv struct {
	dsl.MapEnv
	today string
}

func (e todayEnv) Today() string { return e.today }

func goRegex(pat string, subs []string) any {
	if err := dsl.CheckPattern(pat); err != nil {
		return jsonValue(map[string]any{"err": err.Error()})
	}
	var m []bool
	for _, s := range subs {
		m = append(m, dsl.MatchPattern(pat, s))
	}
	return jsonValue(map[string]any{"m": m})
}

func goPipe(t *testing.T, doc json.RawMessage, answers []any, lang []LangItem, mode, text string) any {
	s, _, err := Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(map[string]any{"answers": answers, "today": "2025-06-15"})
	var in Input
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	v := NewPiper(s, lang).With(NewEngine(s).Evaluate(in).Answers)
	var out string
	switch mode {
	case "html":
		out = v.HTML(text)
	case "url":
		out = v.URL(text)
	default:
		out = v.Text(text)
	}
	return jsonValue(map[string]any{"s": out})
}

// diffGen makes random programs.
type diffGen struct{ r *rand.Rand }

func (g *diffGen) pick(l ...string) string { return l[g.r.Intn(len(l))] }

var diffFuncs = func() []string {
	var l []string
	for k := range dsl.Functions {
		l = append(l, k)
	}
	sortStrings(l)
	return l
}()

var diffStrings = []string{"", "0", "12", "-3.5", " 7 ", "1e3", "abc", "Hello World", "2024-02-29", "1990-06-15", "2000-01-31 08:30",
	"2024/3/7", "2024年3月7日", "2023-02-29", "中文ABC", "ß", "İ", "ǅ", "  padded  ", "a\"b", "x\ny", "true", "FALSE", "😀", "d", "m", "y"}

var diffPatterns = []string{"", "^a+$", "[0-9]+", "^\\d{3}-\\d{4}$", "(ab|cd)*", "^(?:x){2,3}$", "a.b", "\\bw", "[^a-z]", "[\\w\\-]+",
	"(a+)+", "a\\s", "(?=a)", "[]", "a{1001}", "\\1", "[z-a]", "a**", "^*", "colou?r", "^[一-龥]+$", "\\.", "a|", "()", "[a-]", "x{2,}"}

func (g *diffGen) literal() string {
	switch g.r.Intn(6) {
	case 0:
		return g.pick("0", "1", "2", "3", "7", "10", "0.5", "1.005", "2.175", "100", "1e21", "0.1", "1024", "64", ".5")
	case 1:
		return strconv.Quote(diffStrings[g.r.Intn(len(diffStrings))])
	case 2:
		return g.pick("true", "false", "empty")
	case 3:
		return "[" + g.pick("", "1", "1, 2", `"a", "b"`, `1, "x", true`) + "]"
	}
	return g.pick("a", "b", "c", "d", "e", "f", "g")
}

func (g *diffGen) expr(depth int) string {
	if depth <= 0 || g.r.Intn(4) == 0 {
		return g.literal()
	}
	switch g.r.Intn(7) {
	case 0, 1:
		return g.call(depth - 1)
	case 2:
		return g.expr(depth-1) + " " + g.pick("+", "-", "*", "/", "%", "+", "-") + " " + g.expr(depth-1)
	case 3:
		return g.expr(depth-1) + " " + g.pick("=", "!=", "<", "<=", ">", ">=") + " " + g.expr(depth-1)
	case 4:
		return g.expr(depth-1) + " " + g.pick("and", "or") + " " + g.expr(depth-1)
	case 5:
		return g.pick("not ", "-") + g.expr(depth-1)
	}
	return "(" + g.expr(depth-1) + ")"
}

func (g *diffGen) call(depth int) string {
	name := diffFuncs[g.r.Intn(len(diffFuncs))]
	if g.r.Intn(40) == 0 {
		name = "nofunc"
	}
	ar := dsl.Functions[name]
	lo, hi := ar[0], ar[1]
	if hi < 0 {
		hi = lo + 3
	}
	n := lo + g.r.Intn(hi-lo+1)
	if g.r.Intn(15) == 0 {
		n += g.pick2(-1, 1)
		if n < 0 {
			n = 0
		}
	}
	var args []string
	for i := 0; i < n; i++ {
		switch {
		case name == "regex" && i == 1 && g.r.Intn(4) > 0:
			args = append(args, strconv.Quote(g.pattern()))
		case name == "dateDiff" && i == 2 && g.r.Intn(4) > 0:
			args = append(args, strconv.Quote(g.pick("d", "m", "y", "w")))
		case (name == "age" || name == "year" || name == "month" || name == "day" || name == "dateDiff") && g.r.Intn(2) == 0:
			args = append(args, g.pick(`"1990-06-15"`, `"2000-02-29"`, `today()`, `"2024-12-31 23:59"`, `"2024-02-30"`, "d", "e"))
		default:
			args = append(args, g.expr(depth))
		}
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

func (g *diffGen) pick2(a, b int) int {
	if g.r.Intn(2) == 0 {
		return a
	}
	return b
}

func (g *diffGen) value() any {
	switch g.r.Intn(8) {
	case 0:
		return nil
	case 1:
		return []float64{0, 1, -2.5, 7, 1e21, 0.1}[g.r.Intn(6)]
	case 2:
		return g.r.Intn(2) == 0
	case 3:
		return []any{1.0, "2", "x"}[:g.r.Intn(4)]
	}
	return diffStrings[g.r.Intn(len(diffStrings))]
}

func (g *diffGen) program() (string, map[string]any, string) {
	vars := map[string]any{}
	for _, k := range []string{"a", "b", "c", "d", "e", "f"} {
		if g.r.Intn(5) > 0 {
			vars[k] = g.value()
		}
	}
	today := g.pick("2025-06-15", "2024-02-29", "2025-01-01", "-")
	if g.r.Intn(2) == 0 {
		// half the programs are one call whose value is compared as it is: inside and/or, not
		// or a comparison most results are hidden (0 is true), so a function computing a wrong
		// number would rarely show
		return g.call(g.r.Intn(3)), vars, today
	}
	return g.expr(1 + g.r.Intn(4)), vars, today
}

func (g *diffGen) pattern() string {
	if g.r.Intn(3) == 0 {
		return diffPatterns[g.r.Intn(len(diffPatterns))]
	}
	const alpha = "ab.()[]^$|*+?{}0123,\\-dwsbB:你x"
	rs := []rune(alpha)
	var b strings.Builder
	for k := 1 + g.r.Intn(10); k > 0; k-- {
		b.WriteRune(rs[g.r.Intn(len(rs))])
	}
	return b.String()
}

func (g *diffGen) subject() string {
	const alpha = "aab b-0123_x\n你.,"
	rs := []rune(alpha)
	var b strings.Builder
	for k := g.r.Intn(12); k > 0; k-- {
		b.WriteRune(rs[g.r.Intn(len(rs))])
	}
	return b.String()
}

// answers keeps a random subset of the "all" input's answers and sometimes replaces a text
// answer with a hostile or odd one.
func (g *diffGen) answers(all json.RawMessage) []any {
	var in struct {
		Answers []map[string]any `json:"answers"`
	}
	_ = json.Unmarshal(all, &in)
	out := []any{}
	for _, a := range in.Answers {
		if g.r.Intn(3) == 0 {
			continue
		}
		if fb, ok := a["anFbk"].(map[string]any); ok && g.r.Intn(3) == 0 {
			fb["answer"] = g.pick(`<img src=x onerror=alert(1)>`, `"q" & 'a'`, "", "  ", "x\ny", "中文", "{Q1}", "a%20b")
		}
		out = append(out, a)
	}
	return out
}

func (g *diffGen) pipeText(mode string) string {
	frags := []string{"{Q1}", "{Q2}", "{Q3|friend}", "{nick}", "{Q4}", "{Q9R1}", "{Q9}", "{Q10C2}", "{Q11R1C1}", "{Q16R2}", "{Q2A3}",
		"{Q22|-}", "{Q24}", "{Q99}", "{{", "}", "{", "{ Q1 }", "{Q1|", "{Q1|a\nb}", "<b>", "</b>", `<a href="{Q1}">`, "&amp;", "&#123;",
		"?x=", "&y=", "#", " ", "text", "中文", "\n", "https://x.test/p", "{age_years}", "{Q5A2}", "{Q6}", "{Q7}", "{Q12}", "{Q13}"}
	var b strings.Builder
	for k := 1 + g.r.Intn(8); k > 0; k-- {
		b.WriteString(frags[g.r.Intn(len(frags))])
	}
	if mode == "url" && g.r.Intn(2) == 0 {
		return "https://x.test/p?" + b.String()
	}
	return b.String()
}
