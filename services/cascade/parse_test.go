package cascade

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"dwsurvey/services/importer"
)

func labels(t *Tree) string {
	var b strings.Builder
	for _, r := range t.Rows {
		fmt.Fprintf(&b, "%s<%s:%s=%s L%d S%d %v>", "", r.ParentID, r.ItemID, r.Label, r.Level, r.Sort, r.Leaf)
	}
	return b.String()
}

func mustParse(t *testing.T) func(*Tree, Issues) *Tree {
	return func(tree *Tree, is Issues) *Tree {
		t.Helper()
		if is != nil {
			t.Fatalf("issues: %v", is)
		}
		return tree
	}
}

func refused(t *testing.T) func(*Tree, Issues) func(string) {
	return func(tree *Tree, is Issues) func(string) {
		return func(want string) {
			t.Helper()
			if tree != nil || is == nil {
				t.Fatalf("want refusal %q, got a tree", want)
			}
			if !strings.Contains(is.Error(), want) {
				t.Fatalf("issues %q do not mention %q", is.Error(), want)
			}
		}
	}
}

func TestParseJSONShapes(t *testing.T) {
	nested := `[{"label":"Asia","children":[{"label":"China","value":"CN","children":[{"name":"Beijing"}]},{"label":"Japan"}]},{"label":"Europe","itemId":"eu"}]`
	want := "<:n1=Asia L1 S0 false><:eu=Europe L1 S1 true><n1:n2=China L2 S0 false><n1:n3=Japan L2 S1 true><n2:n4=Beijing L3 S0 true>"
	for name, doc := range map[string]string{
		"array":           nested,
		"jsonData":        `{"jsonData":` + nested + `}`,
		"children":        `{"children":` + nested + `}`,
		"data.jsonData":   `{"resultCode":200,"data":{"id":"x","jsonData":` + nested + `}}`,
		"jsonData text":   `{"jsonData":` + string(must(json.Marshal(nested))) + `}`,
		"byte order mark": "\xef\xbb\xbf" + nested,
	} {
		tree := mustParse(t)(ParseJSON([]byte(doc)))
		if got := labels(tree); got != want || tree.Levels != 3 {
			t.Errorf("%s: %s (levels %d)\nwant %s", name, got, tree.Levels, want)
		}
	}
	// values default to labels; codes and numeric ids are read as text
	tree := mustParse(t)(ParseJSON([]byte(`[{"name":"北京市","code":110000,"id":11}]`)))
	if r := tree.Rows[0]; r.Value != "110000" || r.ItemID != "11" || r.Label != "北京市" {
		t.Fatalf("row %+v", r)
	}
}

func TestParseJSONFlat(t *testing.T) {
	doc := `[{"id":"1","pid":"0","label":"A"},{"id":"2","parentId":"1","label":"A1"},{"id":"3","parentId":"1","label":"A2"},{"id":"4","parentId":null,"label":"B"}]`
	tree := mustParse(t)(ParseJSON([]byte(doc)))
	if got := labels(tree); got != "<:1=A L1 S0 false><:4=B L1 S1 true><1:2=A1 L2 S0 true><1:3=A2 L2 S1 true>" {
		t.Fatalf("flat: %s", got)
	}
	for doc, want := range map[string]string{
		`[{"id":"a","parentId":"b","label":"A"},{"id":"b","parentId":"c","label":"B"},{"id":"c","parentId":"a","label":"C"}]`: "the parent ids form a cycle: a → b → c → a",
		`[{"id":"r","label":"R","parentId":""},{"id":"s","parentId":"s","label":"S"}]`:                                        "the parent ids form a cycle: s → s",
		`[{"id":"a","label":"A","parentId":""},{"id":"a","parentId":"","label":"B"}]`:                                         `the id "a" appears twice`,
		`[{"id":"a","label":"A","parentId":"zz"}]`:                                                                            `the parent "zz" of item "a" does not exist`,
		`[{"label":"A","parentId":""}]`:                                                                                       "has no id",
	} {
		refused(t)(ParseJSON([]byte(doc)))(want)
	}
}

func TestParseJSONRefusals(t *testing.T) {
	deep := func(levels int) string {
		s := `{"label":"leaf"}`
		for i := levels - 1; i > 0; i-- {
			s = fmt.Sprintf(`{"label":"l%d","children":[%s]}`, i, s)
		}
		return "[" + s + "]"
	}
	tree := mustParse(t)(ParseJSON([]byte(deep(MaxLevels))))
	if tree.Levels != MaxLevels {
		t.Fatalf("levels %d", tree.Levels)
	}
	big := bytes.Repeat([]byte(" "), MaxFileBytes+1)
	copy(big, `[{"label":"a"}]`)
	for name, c := range map[string]struct{ doc, want string }{
		"21 levels":      {deep(MaxLevels + 1), "deeper than 20 levels"},
		"50 levels":      {deep(50), "the tree is deeper than 20 levels"},
		"10 MB":          {string(big), "larger than 10 MB"},
		"syntax":         {"[{\"label\":\"a\"},\n{\"label\": }]", "line 2: invalid JSON"},
		"not a tree":     {`{"foo":1}`, "not a list of items"},
		"number":         {`42`, "not a list of items"},
		"empty list":     {`[]`, "no items"},
		"no label":       {`[{"value":"x"}]`, "level 1: an item has no label"},
		"sibling values": {`[{"label":"A","children":[{"label":"x","value":"1"},{"label":"y","value":"1"}]}]`, `level 2 under "A": two items have the value "1"`},
		"duplicate ids":  {`[{"label":"A","itemId":"k"},{"label":"B","children":[{"label":"C","itemId":"k"}]}]`, `the id "k" appears twice`},
		"long label":     {`[{"label":"` + strings.Repeat("x", MaxLabelChars+1) + `"}]`, "longer than 200 characters"},
		"label type":     {`[{"label":{"a":1}}]`, "expected a text or a number"},
	} {
		tree, is := ParseJSON([]byte(c.doc))
		if tree != nil || !strings.Contains(is.Error(), c.want) {
			t.Errorf("%s: issues %q, want %q", name, is.Error(), c.want)
		}
	}
	// Node count bound: a flat list just over MaxNodes.
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i <= MaxNodes; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"label":"%d"}`, i)
	}
	b.WriteString("]")
	if _, is := ParseJSON([]byte(b.String())); !strings.Contains(is.Error(), "more than 50000 items") {
		t.Fatalf("too many nodes: %v", is)
	}
}

func TestParseXLSX(t *testing.T) {
	x := func(rows [][]string) []byte { return must(importer.WriteXLSX(rows)) }
	tree := mustParse(t)(ParseXLSX(x([][]string{
		{"Level 1", "Level 2", "Level 3"},
		{"浙江省", "杭州市", "西湖区"},
		{"浙江省", "杭州市", "上城区"},
		{"浙江省", "宁波市"},
		{},
		{"江苏省", "南京市", "玄武区"},
	})))
	if got := labels(tree); got != "<:n1=浙江省 L1 S0 false><:n2=江苏省 L1 S1 false><n1:n3=杭州市 L2 S0 false><n1:n4=宁波市 L2 S1 true>"+
		"<n3:n5=西湖区 L3 S0 true><n3:n6=上城区 L3 S1 true><n2:n7=南京市 L2 S0 false><n7:n8=玄武区 L3 S0 true>" || tree.Levels != 3 {
		t.Fatalf("xlsx tree: %s", got)
	}
	// without a header row the first row is data
	if tree := mustParse(t)(ParseXLSX(x([][]string{{"A", "B"}}))); len(tree.Rows) != 2 {
		t.Fatalf("rows %d", len(tree.Rows))
	}
	wide := make([]string, MaxLevels+1)
	for i := range wide {
		wide[i] = "x"
	}
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"gap":        {x([][]string{{"A", "", "C"}}), "row 1: column B is empty but a later column is not"},
		"too deep":   {x([][]string{{"A"}, wide}), "row 2: the tree is deeper than 20 levels"},
		"not a file": {[]byte("hello"), "not an Excel .xlsx workbook"},
		"empty":      {x([][]string{{"Level 1"}}), "no items"},
	} {
		tree, is := ParseXLSX(c.data)
		if tree != nil || !strings.Contains(is.Error(), c.want) {
			t.Errorf("%s: %q, want %q", name, is.Error(), c.want)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
