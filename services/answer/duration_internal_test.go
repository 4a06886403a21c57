package answer

import (
	"encoding/json"
	"testing"
	"time"
)

func TestAnswerDurationIgnoresBrowserTimeZone(t *testing.T) {
	shanghai := time.FixedZone("CST", 8*3600)
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	raw := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	cases := []struct {
		name           string
		bg, end, total json.RawMessage
		want           time.Duration
	}{
		{"total time wins", raw("2026-11-21 01:59:00"), raw("2026-11-21 02:00:00"), raw(90500), 90500 * time.Millisecond},
		// A browser in UTC sends wall-clock strings of its own zone: end − bg is still 60 s,
		// where now − bg read in Shanghai would have been 8 hours.
		{"browser wall clock in another zone", raw("2026-11-21 09:59:00"), raw("2026-11-21 10:00:00"), nil, time.Minute},
		{"epoch milliseconds", raw(now.Add(-2 * time.Minute).UnixMilli()), nil, nil, 2 * time.Minute},
		{"start only, server zone", raw("2026-11-21 17:55:00"), nil, nil, 5 * time.Minute},
		{"end before start", raw("2026-11-21 10:00:00"), raw("2026-11-21 09:00:00"), nil, 0},
		{"longer than a week", raw("2026-11-01 10:00:00"), raw("2026-11-21 10:00:00"), nil, 0},
		{"negative total falls back to dates", raw("2026-11-21 09:59:30"), raw("2026-11-21 10:00:00"), raw(-5), 30 * time.Second},
		{"nothing readable", raw("soon"), nil, nil, 0},
		{"missing", nil, nil, nil, 0},
	}
	for _, c := range cases {
		if got := answerDuration(c.bg, c.end, c.total, shanghai, now); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
