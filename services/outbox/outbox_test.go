package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	. "dwsurvey/services/outbox"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)} }

func forEachDriver(t *testing.T, f func(t *testing.T, db *gorm.DB)) {
	for _, drv := range testenv.Drivers {
		t.Run(drv, func(t *testing.T) { f(t, testenv.DB(t, drv)) })
	}
}

func pending(t *testing.T, db *gorm.DB) int64 {
	return testenv.Count(t, db, &models.OutboxEvent{}, "done = ?", false)
}

func TestAddIsPartOfTheTransaction(t *testing.T) {
	forEachDriver(t, func(t *testing.T, db *gorm.DB) {
		c := newClock()
		boom := errors.New("the change failed")
		err := db.Transaction(func(tx *gorm.DB) error {
			if err := Add(tx, c.Now(), Event{Kind: "k", Key: "rolled-back", Payload: map[string]int{"a": 1}}); err != nil {
				t.Fatal(err)
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("transaction: %v", err)
		}
		if n := testenv.Count(t, db, &models.OutboxEvent{}); n != 0 {
			t.Fatalf("a rolled back change left %d events", n)
		}
		for i := 0; i < 2; i++ { // the same event twice is stored once
			if err := db.Transaction(func(tx *gorm.DB) error {
				return Add(tx, c.Now(), Event{Kind: "k", Key: "a1", Payload: map[string]int{"a": i}}, Event{Kind: "other", Key: "a1"})
			}); err != nil {
				t.Fatal(err)
			}
		}
		if n := pending(t, db); n != 2 {
			t.Fatalf("pending = %d, want 2 (one per kind and key)", n)
		}
		var ev models.OutboxEvent
		db.Where("kind = ? AND entity_key = ?", "k", "a1").Take(&ev)
		var p map[string]int
		if err := Decode(ev, &p); err != nil || p["a"] != 0 {
			t.Fatalf("payload %q (%v): the first write wins", ev.Payload, err)
		}
		if err := Add(db, c.Now(), Event{Kind: "", Key: "x"}); err == nil {
			t.Fatal("an event without a kind was accepted")
		}
	})
}

func TestDispatchRunsEachEventAndRetriesFailures(t *testing.T) {
	forEachDriver(t, func(t *testing.T, db *gorm.DB) {
		c := newClock()
		var evs []Event
		for i := 0; i < 25; i++ {
			evs = append(evs, Event{Kind: "ok", Key: fmt.Sprint("e", i)})
		}
		evs = append(evs, Event{Kind: "flaky", Key: "f"}, Event{Kind: "unknown", Key: "u"})
		if err := Add(db, c.Now(), evs...); err != nil {
			t.Fatal(err)
		}
		d := &Dispatcher{DB: db, Now: c.Now, Batch: 10}
		var ok sync.Map
		var okCalls, flakyCalls atomic.Int32
		d.Register("ok", func(ctx context.Context, ev models.OutboxEvent) error {
			okCalls.Add(1)
			ok.Store(ev.Key, true)
			return nil
		})
		d.Register("flaky", func(ctx context.Context, ev models.OutboxEvent) error {
			if flakyCalls.Add(1) < 3 {
				return errors.New("temporal unavailable")
			}
			return nil
		})
		for round := 0; round < 5; round++ {
			if _, err := d.DispatchDue(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if okCalls.Load() != 25 {
			t.Fatalf("ok handler ran %d times for 25 events", okCalls.Load())
		}
		var f models.OutboxEvent
		db.Where("entity_key = ?", "f").Take(&f)
		if f.Done || f.Attempts != 1 || f.LastError != "temporal unavailable" || !f.DueAt.After(c.Now()) {
			t.Fatalf("after one failure: %+v", f)
		}
		st, err := ReadStats(context.Background(), db, c.Now().Add(10*time.Second))
		if err != nil || st.Pending != 2 || st.Retrying != 2 || st.ByKind["flaky"] != 1 || st.OldestPendingSeconds != 10 {
			t.Fatalf("stats %+v (%v)", st, err)
		}
		c.Add(time.Second) // the first retry is due after 1 s
		d.DispatchDue(context.Background())
		db.Where("entity_key = ?", "f").Take(&f)
		if f.Done || f.Attempts != 2 {
			t.Fatalf("after the second failure: %+v", f)
		}
		c.Add(time.Second) // not yet: the second retry waits 2 s
		d.DispatchDue(context.Background())
		if flakyCalls.Load() != 2 {
			t.Fatalf("retried before its backoff: %d calls", flakyCalls.Load())
		}
		c.Add(time.Second)
		d.DispatchDue(context.Background())
		db.Where("entity_key = ?", "f").Take(&f)
		if !f.Done || f.DispatchedAt == nil {
			t.Fatalf("third attempt succeeded but the event is %+v", f)
		}
		var u models.OutboxEvent
		db.Where("entity_key = ?", "u").Take(&u)
		if u.Done || !errors.Is(ErrNoHandler, ErrNoHandler) || u.LastError != ErrNoHandler.Error() {
			t.Fatalf("an event of an unknown kind must stay due: %+v", u)
		}
	})
}

// A dispatcher that stops answering after claiming (its handler hangs, its process dies)
// leaves its rows to the others when the lease ends, not before; its late completion
// changes nothing.
func TestLeaseOfADeadDispatcher(t *testing.T) {
	forEachDriver(t, func(t *testing.T, db *gorm.DB) {
		c := newClock()
		Add(db, c.Now(), Event{Kind: "ok", Key: "a"}, Event{Kind: "ok", Key: "b"})
		entered, release := make(chan struct{}, 2), make(chan struct{})
		stuck := &Dispatcher{DB: db, Now: c.Now, Lease: time.Minute}
		stuck.Register("ok", func(context.Context, models.OutboxEvent) error { entered <- struct{}{}; <-release; return nil })
		done := make(chan struct{})
		go func() { stuck.DispatchDue(context.Background()); close(done) }()
		<-entered
		<-entered
		var calls atomic.Int32
		live := &Dispatcher{DB: db, Now: c.Now, Lease: time.Minute}
		live.Register("ok", func(context.Context, models.OutboxEvent) error { calls.Add(1); return nil })
		live.DispatchDue(context.Background())
		if calls.Load() != 0 {
			t.Fatal("a leased row was taken by another dispatcher")
		}
		c.Add(61 * time.Second)
		live.DispatchDue(context.Background())
		if calls.Load() != 2 || pending(t, db) != 0 {
			t.Fatalf("after the lease: %d calls, %d pending", calls.Load(), pending(t, db))
		}
		close(release)
		<-done
		if n := testenv.Count(t, db, &models.OutboxEvent{}, "done = ? AND claimed_by = ?", true, ""); n != 2 {
			t.Fatalf("%d rows done and released", n)
		}
	})
}

// Two dispatchers on one database: every event handled exactly once while they run
// together (each row claimed by one of them).
func TestConcurrentDispatchersShareTheWork(t *testing.T) {
	forEachDriver(t, func(t *testing.T, db *gorm.DB) {
		var evs []Event
		for i := 0; i < 600; i++ {
			evs = append(evs, Event{Kind: "ok", Key: fmt.Sprint("e", i)})
		}
		if err := Add(db, time.Now(), evs...); err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		seen := map[string]int{}
		h := func(ctx context.Context, ev models.OutboxEvent) error {
			mu.Lock()
			seen[ev.Key]++
			mu.Unlock()
			return nil
		}
		var wg sync.WaitGroup
		for i := 0; i < 2; i++ {
			d := &Dispatcher{DB: db, Batch: 50}
			d.Register("ok", h)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					n, err := d.DispatchDue(context.Background())
					if err != nil {
						t.Error(err)
						return
					}
					if n == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		if len(seen) != 600 {
			t.Fatalf("%d of 600 events handled", len(seen))
		}
		for k, n := range seen {
			if n != 1 {
				t.Fatalf("event %s handled %d times", k, n)
			}
		}
		if p := pending(t, db); p != 0 {
			t.Fatalf("%d still pending", p)
		}
	})
}

func TestRunDispatchesOnNudgeAndPurgesOldRows(t *testing.T) {
	db := testenv.DB(t, "sqlite")
	got := make(chan string, 10)
	d := &Dispatcher{DB: db, Poll: time.Hour, Retain: time.Hour}
	d.Register("ok", func(ctx context.Context, ev models.OutboxEvent) error { got <- ev.Key; return nil })
	old := time.Now().Add(-3 * time.Hour)
	db.Create(&models.OutboxEvent{Kind: "ok", Key: "old", Done: true, DueAt: old, CreatedAt: old, DispatchedAt: &old})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go d.Run(ctx)
	time.Sleep(50 * time.Millisecond) // the first round found nothing; the poll is an hour away
	Add(db, time.Now(), Event{Kind: "ok", Key: "new"})
	d.Nudge()
	select {
	case k := <-got:
		if k != "new" {
			t.Fatalf("dispatched %q", k)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a nudge did not dispatch the new event")
	}
	if n := testenv.Count(t, db, &models.OutboxEvent{}, "entity_key = ?", "old"); n != 0 {
		t.Fatal("a dispatched row older than Retain was kept")
	}
}

func TestNudgesOfABurstSettleIntoRoundsAfterIt(t *testing.T) {
	db := testenv.DB(t, "sqlite")
	var mu sync.Mutex
	var handledAt []time.Time
	d := &Dispatcher{DB: db, Poll: time.Hour, Settle: 100 * time.Millisecond, MaxSettle: 5 * time.Second}
	d.Register("ok", func(ctx context.Context, ev models.OutboxEvent) error {
		mu.Lock()
		handledAt = append(handledAt, time.Now())
		mu.Unlock()
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go d.Run(ctx)
	time.Sleep(50 * time.Millisecond) // the first round found nothing
	// a burst: an event and a nudge every 10 ms for 400 ms (nudges closer than Settle)
	for i := 0; i < 40; i++ {
		Add(db, time.Now(), Event{Kind: "ok", Key: fmt.Sprint("b", i)})
		d.Nudge()
		time.Sleep(10 * time.Millisecond)
	}
	burstEnd := time.Now()
	deadline := time.Now().Add(5 * time.Second)
	for pending(t, db) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if p := pending(t, db); p != 0 {
		t.Fatalf("%d events still pending after the burst settled", p)
	}
	cancel() // the first dispatcher stops: the second one alone sees the next events
	mu.Lock()
	defer mu.Unlock()
	for _, at := range handledAt {
		if at.Before(burstEnd) {
			t.Fatalf("an event was dispatched %v before the burst ended (the nudges had not settled)", burstEnd.Sub(at))
		}
	}
	ctx, cancel2 := context.WithCancel(context.Background())
	defer cancel2()

	// MaxSettle bounds the wait when nudges never pause
	d2 := &Dispatcher{DB: db, Poll: time.Hour, Settle: 100 * time.Millisecond, MaxSettle: 300 * time.Millisecond}
	first := make(chan time.Time, 100)
	d2.Register("ok2", func(ctx context.Context, ev models.OutboxEvent) error { first <- time.Now(); return nil })
	go d2.Run(ctx)
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	stop := time.After(3 * time.Second)
	for i := 0; ; i++ {
		select {
		case at := <-first:
			if at.Sub(start) > 2*time.Second {
				t.Fatalf("first dispatch %v after the first nudge; MaxSettle is 300 ms", at.Sub(start))
			}
			return
		case <-stop:
			t.Fatal("nudges that never pause starved the dispatch")
		default:
		}
		Add(db, time.Now(), Event{Kind: "ok2", Key: fmt.Sprint("c", i)})
		d2.Nudge()
		time.Sleep(10 * time.Millisecond)
	}
}

// The pacing rule while changes keep coming: rounds, whether nudged or polled, start at
// most once per MaxSettle (a poll that falls inside a stream of nudges settles like a nudge),
// and with the default MaxSettle a stream shorter than the recovery poll is dispatched after it.
func TestRoundsArePacedWhileNudgesKeepComing(t *testing.T) {
	stream := func(t *testing.T, db *gorm.DB, d *Dispatcher, kind string, length time.Duration) (time.Time, time.Time) {
		t.Helper()
		start := time.Now()
		for i := 0; time.Since(start) < length; i++ {
			if err := Add(db, time.Now(), Event{Kind: kind, Key: fmt.Sprint(kind, i)}); err != nil {
				t.Fatal(err)
			}
			d.Nudge()
			time.Sleep(10 * time.Millisecond)
		}
		end := time.Now()
		deadline := end.Add(10 * time.Second)
		for pending(t, db) > 0 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if p := pending(t, db); p != 0 {
			t.Fatalf("%d events still pending after the stream", p)
		}
		return start, end
	}
	run := func(d *Dispatcher) context.CancelFunc {
		ctx, cancel := context.WithCancel(context.Background())
		go d.Run(ctx)
		time.Sleep(50 * time.Millisecond) // the first round found nothing
		return cancel
	}

	t.Run("polls inside a stream", func(t *testing.T) {
		db := testenv.DB(t, "sqlite")
		d := &Dispatcher{DB: db, Poll: 10 * time.Millisecond, Settle: 100 * time.Millisecond, MaxSettle: 250 * time.Millisecond}
		d.Register("p", func(ctx context.Context, ev models.OutboxEvent) error { return nil })
		cancel := run(d)
		defer cancel()
		start, end := stream(t, db, d, "p", 2*time.Second)
		// the rows one round claims share their lease's end: one due_at per round
		var leases []time.Time
		db.Model(&models.OutboxEvent{}).Where("dispatched_at < ?", end.UTC()).Distinct("due_at").Order("due_at").Pluck("due_at", &leases)
		if limit := int(end.Sub(start)/d.MaxSettle) + 1; len(leases) > limit {
			t.Fatalf("%d rounds during a %v stream of nudges; at most %d (one per MaxSettle %v, polls every %v included)",
				len(leases), end.Sub(start).Round(time.Millisecond), limit, d.MaxSettle, d.Poll)
		}
		if len(leases) == 0 {
			t.Fatal("nothing was dispatched while the stream lasted longer than MaxSettle")
		}
		for i := 1; i < len(leases); i++ {
			if gap := leases[i].Sub(leases[i-1]); gap < d.Settle {
				t.Fatalf("two rounds %v apart during the stream (a poll did not wait for the nudges to settle): %v", gap, leases)
			}
		}
	})

	t.Run("defaults", func(t *testing.T) {
		db := testenv.DB(t, "sqlite")
		// Settle longer than a scheduling hiccup of a loaded CI machine; MaxSettle is the default
		d := &Dispatcher{DB: db, Poll: 5 * time.Second, Settle: 300 * time.Millisecond}
		var mu sync.Mutex
		var first time.Time
		d.Register("q", func(ctx context.Context, ev models.OutboxEvent) error {
			mu.Lock()
			if first.IsZero() {
				first = time.Now()
			}
			mu.Unlock()
			return nil
		})
		cancel := run(d)
		defer cancel()
		_, end := stream(t, db, d, "q", time.Second)
		mu.Lock()
		defer mu.Unlock()
		if first.Before(end) {
			t.Fatalf("a 1 s stream of nudges was dispatched into %v before its end; the default MaxSettle is the poll's 2 s", end.Sub(first).Round(time.Millisecond))
		}
	})
}
