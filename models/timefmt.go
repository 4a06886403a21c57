package models

import (
	"strings"
	"sync/atomic"
	"time"
)

// DateTimeLayout is the JSON date format of the API ("yyyy-MM-dd HH:mm:ss").
const DateTimeLayout = "2006-01-02 15:04:05"

var displayLoc atomic.Pointer[time.Location]

// SetDisplayLocation sets the zone used by FormatTime/ParseTime; called once at start-up.
func SetDisplayLocation(loc *time.Location) { displayLoc.Store(loc) }

// DisplayLocation is the configured server zone (UTC until set).
func DisplayLocation() *time.Location {
	if l := displayLoc.Load(); l != nil {
		return l
	}
	return time.UTC
}

// FormatTime renders t in the server zone; the zero time renders as "".
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(DisplayLocation()).Format(DateTimeLayout)
}

// FormatTimePtr is FormatTime for optional times.
func FormatTimePtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return FormatTime(*t)
}

// ParseTime accepts "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd" (server zone) or ISO 8601.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{DateTimeLayout, "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, DisplayLocation()); err == nil {
			return t, nil
		}
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	return time.Time{}, Invalid("Invalid date %q: use yyyy-MM-dd HH:mm:ss", s)
}
