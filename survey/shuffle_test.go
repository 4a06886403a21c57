package survey

import (
	"reflect"
	"testing"
)

// Expected values were computed by an independent implementation using
// JavaScript Math.imul semantics.
func TestShuffleMatchesReference(t *testing.T) {
	cases := []struct {
		seed  string
		ids   []string
		fixed []bool
		want  []string
	}{
		{"ans-1|options|q2", []string{"q2a1", "q2a2", "q2a3"}, nil, []string{"q2a2", "q2a3", "q2a1"}},
		{"ans-1|options|q1", []string{"q1a1", "q1a2", "q1a3", "q1a4", "q1a5"}, []bool{false, false, false, false, true}, []string{"q1a3", "q1a1", "q1a4", "q1a2", "q1a5"}},
		{"ans-1|questions|1", []string{"q1", "q2", "q3", "q4", "q5"}, []bool{false, false, true, true, false}, []string{"q2", "q5", "q3", "q4", "q1"}},
		{"ans-1|rows|q6", []string{"q6r1", "q6r2", "q6r3", "q6r4"}, nil, []string{"q6r2", "q6r4", "q6r3", "q6r1"}},
	}
	for _, c := range cases {
		if got := ShuffleIDs(c.seed, c.ids, c.fixed); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.seed, got, c.want)
		}
	}
	if FNV1a32("") != 2166136261 || FNV1a32("a") != 0xe40c292c {
		t.Errorf("FNV-1a wrong: %x", FNV1a32("a"))
	}
}

func TestRound2LikeJS(t *testing.T) {
	for x, want := range map[float64]float64{1.005: 1, 2.675: 2.68, -1.005: -1, 0.125: 0.13, -0.125: -0.12, 33.333333: 33.33, -0.001: 0} {
		if got := Round2(x); got != want {
			t.Errorf("Round2(%v) = %v, want %v", x, got, want)
		}
	}
}

func TestPageMinTimeAndVote(t *testing.T) {
	if m := PageMinTime(90, 2); m == nil || m.Key != "pageMinTime" || m.Text != "Current page answering time 1.5 minutes is less than the page minimum of 2 minutes" {
		t.Fatalf("PageMinTime: %+v", m)
	}
	if PageMinTime(120, 2) != nil || PageMinTime(1, 0) != nil {
		t.Fatal("PageMinTime should pass")
	}
	if c, p := VotePercent(2, 6, true); c != 3 || p != 42.86 {
		t.Fatalf("VotePercent = %d %v", c, p)
	}
}
