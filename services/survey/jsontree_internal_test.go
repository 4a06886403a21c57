package survey

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The tree reads every JSON text as encoding/json does (values, escapes, invalid UTF-8, lone
// surrogates, numbers) and writes it back with the keys in their order.
func FuzzParseTree(f *testing.F) {
	for _, seed := range []string{
		`{"b":1,"a":[true,false,null,"x"],"c":{"z":"","y":-0.50e+2}}`,
		`"esc \" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 \ud800 \udc00x \u2028"`,
		"\"bad \xff utf8 \xe2\x82\"", `[]`, `{}`, ` [ 1 , 2 ] `, `{"a":1,"a":2}`, `1e2`, `"<b>&amp;</b>"`,
		`{"dup":1,"k":2,"dup":3}`, `[{"a":[[[]]]}]`, `{"a"}`, `[1,]`, `01`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var want any
		wantErr := json.Unmarshal([]byte(text), &want)
		tree, err := parseTree([]byte(text))
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("parseTree(%q) error %v, encoding/json %v", text, err, wantErr)
		}
		if err != nil {
			return
		}
		var got any
		if err := json.Unmarshal([]byte(treeText(tree)), &got); err != nil {
			t.Fatalf("treeText(%q) = %q is not JSON: %v", text, treeText(tree), err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: read back %#v, encoding/json %#v", text, got, want)
		}
	})
}

func TestTreeKeepsKeyOrderAndNumbers(t *testing.T) {
	in := `{"z":1.50,"a":{"y":-0,"b":1e2},"m":[{"q":"","p":null}],"dwPlaceholder":"请输入"}`
	tree, err := parseTree([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if out := treeText(tree); out != in {
		t.Fatalf("written back %s\nwant         %s", out, in)
	}
	if _, err := documentTree([]byte(`[1]`)); err == nil || !strings.Contains(err.Error(), "object") {
		t.Fatalf("a non-object document: %v", err)
	}
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	if _, err := parseTree([]byte(deep)); err == nil {
		t.Fatal("nesting deeper than encoding/json allows was read")
	}
}
