package ratelimit_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"dwsurvey/internal/testenv"
	"dwsurvey/services/ratelimit"
)

func TestLimiterWindowsAndConcurrency(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := testenv.DB(t, driver)
			var clock testenv.Clock
			l := &ratelimit.Limiter{DB: db, Now: clock.Now}
			const window = 10 * time.Minute
			// Concurrent hits are all counted (single upsert).
			var wg sync.WaitGroup
			for i := 0; i < 8; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := l.Hit(ctx, "k", window); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			if b, _, err := l.Blocked(ctx, "k", 9, window); err != nil || b {
				t.Fatalf("8 hits blocked at limit 9: %v %v", b, err)
			}
			b, wait, err := l.Blocked(ctx, "k", 8, window)
			if err != nil || !b || wait <= 0 || wait > window {
				t.Fatalf("8 hits not blocked at limit 8: %v %v %v", b, wait, err)
			}
			// The window ends: not blocked, and the next hit starts a new window at 1.
			clock.Advance(window + time.Second)
			if b, _, _ := l.Blocked(ctx, "k", 8, window); b {
				t.Fatal("still blocked after the window")
			}
			if err := l.Hit(ctx, "k", window); err != nil {
				t.Fatal(err)
			}
			if b, _, _ := l.Blocked(ctx, "k", 2, window); b {
				t.Fatal("old hits counted in the new window")
			}
			if b, _, _ := l.Blocked(ctx, "k", 1, window); !b {
				t.Fatal("new window lost its hit")
			}
			if err := l.Reset(ctx, "k"); err != nil {
				t.Fatal(err)
			}
			if b, _, _ := l.Blocked(ctx, "k", 1, window); b {
				t.Fatal("blocked after reset")
			}
			if b, _, _ := l.Blocked(ctx, "other", 1, window); b {
				t.Fatal("keys are not independent")
			}
		})
	}
}
