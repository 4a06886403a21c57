package collect

import "strings"

func trim(v string) string { return strings.TrimSpace(v) }
