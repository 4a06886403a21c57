package models

import "strings"

var likeEscaper = strings.NewReplacer(`!`, `!!`, `%`, `!%`, `_`, `!_`)

// Contains is the WHERE condition "column contains v" matching v literally: the LIKE
// wildcards % and _ in v (and the escape character) are escaped with '!', which MySQL/MariaDB
// and SQLite read alike (a backslash escapes only in MySQL). Use it as
// db.Where(models.Contains("title", v)).
func Contains(column, v string) (string, string) {
	return column + " LIKE ? ESCAPE '!'", "%" + likeEscaper.Replace(v) + "%"
}

// StartsWith is the WHERE condition "column begins with v" matching v literally (see Contains).
func StartsWith(column, v string) (string, string) {
	return column + " LIKE ? ESCAPE '!'", likeEscaper.Replace(v) + "%"
}
