package survey

import (
	"regexp"
	"strings"
)

// Check type patterns. Every pattern is written in the common subset of Go
// RE2 and JavaScript regular expressions (no \s, no \u escapes; CJK is the
// literal range 一-龥, i.e. U+4E00..U+9FA5). The TypeScript engine uses the
// same source text.
var checkPatterns = map[string]string{
	"EMAIL":      `^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$`,
	"STRCN":      `^[一-龥]+$`,
	"NUM":        `^[+-]?([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]+)?$`,
	"DIGITS":     `^[0-9]+$`,
	"TEL":        `^((0[0-9]{2,3}-?)?[0-9]{7,8}(-[0-9]{1,6})?|[48]00-?[0-9]{3}-?[0-9]{4})$`,
	"PHONE":      `^1[3-9][0-9]{9}$`,
	"DATE":       `^[0-9]{4}([-/][0-9]{1,2}([-/][0-9]{1,2}([ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)?)?)?$`,
	"TIME":       `^([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$`,
	"DATETIME":   `^[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}[ T]([01]?[0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$`,
	"IDENT_CODE": `^([0-9]{15}|[0-9]{17}[0-9xX])$`,
	"ZIPCODE":    `^[0-9]{6}$`,
	"URL":        `^(https?|ftp)://[^ \t\r\n/$.?#][^ \t\r\n]*$`,
}

var compiledChecks = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for k, p := range checkPatterns {
		m[k] = regexp.MustCompile(p)
	}
	return m
}()

// checkKeys maps canonical check types to message keys.
var checkKeys = map[string]string{
	"EMAIL": "email", "UNSTRCN": "unstrcn", "STRCN": "strcn", "NUM": "num", "DIGITS": "digits",
	"TEL": "tel", "PHONE": "phone", "TEL_PHONE": "telPhone", "DATE": "date", "TIME": "time",
	"DATETIME": "datetime", "IDENT_CODE": "identCode", "ZIPCODE": "zipcode", "URL": "url", "CUSTOM": "custom",
}

// NormCheckType maps a checkType (any known spelling) to its canonical
// name; "" means no format check (NO, empty, unknown).
func NormCheckType(t string) string {
	t = strings.ToUpper(strings.TrimSpace(t))
	switch t {
	case "PHONENUM":
		return "PHONE"
	case "IDENTCODE":
		return "IDENT_CODE"
	case "TELE_PHONE_NUM":
		return "TEL_PHONE"
	case "REGEX":
		return "CUSTOM"
	}
	if _, ok := checkKeys[t]; ok {
		return t
	}
	return ""
}

// CheckText tests a non-empty text against a canonical check type. For
// CUSTOM the pattern is regex (an invalid or empty pattern accepts).
func CheckText(checkType, text, regex string) bool {
	switch checkType {
	case "":
		return true
	case "UNSTRCN":
		return !compiledChecks["STRCN"].MatchString(text)
	case "TEL_PHONE":
		return compiledChecks["TEL"].MatchString(text) || compiledChecks["PHONE"].MatchString(text)
	case "CUSTOM":
		if regex == "" {
			return true
		}
		re, err := regexp.Compile(regex)
		if err != nil {
			return true
		}
		return re.MatchString(text)
	}
	re, ok := compiledChecks[checkType]
	return !ok || re.MatchString(text)
}
