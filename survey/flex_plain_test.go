package survey

import (
	"encoding/json"
	"testing"
)

// Str's fast path returns what encoding/json returns, and leaves every string that needs
// decoding to it.
func TestStrPlainFastPathMatchesEncodingJSON(t *testing.T) {
	for _, in := range []string{`""`, `"abc"`, `"中文 text"`, `"a\"b"`, `"a\\b"`, `"\u4e2d"`, `"tab\tx"`, "\"bad\xff\"", `"emoji 😀"`, `" spaced "`} {
		var want string
		wantErr := json.Unmarshal([]byte(in), &want)
		var got Str
		gotErr := got.UnmarshalJSON([]byte(in))
		if (wantErr != nil) != (gotErr != nil) || (wantErr == nil && string(got) != want) {
			t.Errorf("%q: got %q (%v), encoding/json %q (%v)", in, got, gotErr, want, wantErr)
		}
	}
}
