package analysis

import (
	"testing"

	lang "dwsurvey/survey"
)

// Option titles of reports and cross tables come from the plain text of optionTitleObj (what the
// designer and the answer page show), then optionTitle, then optionName.
func TestOptTitle(t *testing.T) {
	cases := []struct {
		o    *lang.Option
		want string
	}{
		{&lang.Option{OptionTitle: "Tom &amp; Jerry", OptionTitleObj: &lang.Text{DwHTML: "<b>Tom &amp; Jerry</b>", DwText: "Tom & Jerry"}}, "Tom & Jerry"},
		{&lang.Option{OptionTitleObj: &lang.Text{DwHTML: "<p>Apple</p>", DwText: " Apple "}}, "Apple"},
		{&lang.Option{OptionTitle: "Pear", OptionTitleObj: &lang.Text{DwText: "  "}}, "Pear"},
		{&lang.Option{OptionName: "Plum"}, "Plum"},
	}
	for i, c := range cases {
		if got := optTitle(c.o); got != c.want {
			t.Errorf("case %d: %q, want %q", i, got, c.want)
		}
	}
}
