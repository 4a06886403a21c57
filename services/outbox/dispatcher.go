package outbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// Handler acts on one event (starts or signals its workflow). It must be idempotent: it may
// run more than once for the same event. A returned error retries the event later with
// backoff; nothing is ever dropped.
type Handler func(ctx context.Context, ev models.OutboxEvent) error

// Dispatcher claims due events in batches and runs their handlers. Several dispatchers (API
// replicas, workers) may run on one database: a claim is a lease on the rows (their DueAt
// moves to the lease's end), so a row is worked on by one dispatcher at a time, and a
// dispatcher that dies mid-way leaves its rows due again when the lease ends.
type Dispatcher struct {
	DB *gorm.DB
	// Batch is the most rows claimed per round (default 200).
	Batch int
	// Concurrency is the most handlers running at once (default 8).
	Concurrency int
	// Lease is how long claimed rows belong to this dispatcher (default 1 minute); it must
	// exceed the time a handler takes.
	Lease time.Duration
	// Poll is the interval of the recovery poll (default 2 s).
	Poll time.Duration
	// Settle and MaxSettle pace rounds while changes keep coming: a round, nudged or polled,
	// starts once no nudge came for Settle (default 50 ms), and at the latest MaxSettle
	// (default 2 s, the default Poll: no event waits longer for its round than the recovery
	// poll would make it) after it began waiting. A burst of submissions is thus dispatched
	// in full batches after it, not a round per answer (or a poll's round) competing with
	// the burst for the CPU, the database and Temporal; a lone change waits Settle.
	Settle, MaxSettle time.Duration
	// Retain is how long dispatched rows are kept before they are purged (default 7 days).
	Retain time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	mu       sync.RWMutex
	handlers map[string]Handler
	once     sync.Once
	nudge    chan struct{}
	started  time.Time    // set by init; its monotonic reading is the base of nudged
	nudged   atomic.Int64 // time of the last nudge since started, in nanoseconds (0: none yet)
	name     string
	purged   time.Time
}

// Register sets the handler of kind (call before Run).
func (d *Dispatcher) Register(kind string, h Handler) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.handlers == nil {
		d.handlers = map[string]Handler{}
	}
	d.handlers[kind] = h
}

func (d *Dispatcher) handler(kind string) Handler {
	d.mu.RLock()
	defer d.mu.RUnlock()
	return d.handlers[kind]
}

func (d *Dispatcher) init() {
	d.once.Do(func() {
		d.nudge = make(chan struct{}, 1)
		d.started = time.Now()
		var b [6]byte
		_, _ = rand.Read(b[:])
		d.name = "d-" + hex.EncodeToString(b[:])
		if d.Batch <= 0 {
			d.Batch = 200
		}
		if d.Concurrency <= 0 {
			d.Concurrency = 8
		}
		if d.Lease <= 0 {
			d.Lease = time.Minute
		}
		if d.Poll <= 0 {
			d.Poll = 2 * time.Second
		}
		if d.Retain <= 0 {
			d.Retain = 7 * 24 * time.Hour
		}
		if d.Settle <= 0 {
			d.Settle = 50 * time.Millisecond
		}
		if d.MaxSettle < d.Settle {
			d.MaxSettle = max(d.Settle, 2*time.Second)
		}
	})
}

func (d *Dispatcher) now() time.Time {
	if d.Now != nil {
		return d.Now().UTC()
	}
	return time.Now().UTC()
}

// Nudge asks for a dispatch round soon (Settle; never blocks; nudges coalesce).
func (d *Dispatcher) Nudge() {
	if d == nil {
		return
	}
	d.init()
	d.nudged.Store(int64(time.Since(d.started)))
	select {
	case d.nudge <- struct{}{}:
	default:
	}
}

// Run dispatches until ctx ends: a round after nudges settle and on every Poll (a poll
// that falls while nudges still come settles first), each round repeated while it found a
// full batch.
func (d *Dispatcher) Run(ctx context.Context) {
	d.init()
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		for {
			n, err := d.DispatchDue(ctx)
			if err != nil && ctx.Err() == nil {
				slog.Warn("outbox dispatch round failed", "err", err)
			}
			if err != nil || n < d.Batch {
				break
			}
		}
		d.purgeOld(ctx)
		select {
		case <-ctx.Done():
			return
		case <-d.nudge:
			if !d.settle(ctx) {
				return
			}
		case <-t.C:
			if d.busy() && !d.settle(ctx) {
				return
			}
		}
	}
}

// busy reports whether changes are still coming: the last nudge came less than Settle ago.
func (d *Dispatcher) busy() bool {
	d.init()
	last := d.nudged.Load()
	return last > 0 && time.Since(d.started)-time.Duration(last) < d.Settle
}

// settle waits until nudges pause for Settle, or MaxSettle has passed; false when ctx ended.
func (d *Dispatcher) settle(ctx context.Context) bool {
	deadline := time.NewTimer(d.MaxSettle)
	defer deadline.Stop()
	quiet := time.NewTimer(d.Settle)
	defer quiet.Stop()
	for {
		select {
		case <-ctx.Done():
			return false
		case <-deadline.C:
			return true
		case <-quiet.C:
			return true
		case <-d.nudge:
			quiet.Reset(d.Settle) // Go ≥ 1.23 timers: no stale tick to drain
		}
	}
}

// DispatchDue claims up to Batch due events and runs their handlers; it returns how many
// it claimed. Events of an unknown kind stay due (a newer process may know them).
func (d *Dispatcher) DispatchDue(ctx context.Context) (int, error) {
	d.init()
	rows, err := d.claim(ctx)
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	sem := make(chan struct{}, d.Concurrency)
	var wg sync.WaitGroup
	for _, ev := range rows {
		sem <- struct{}{}
		wg.Add(1)
		go func(ev models.OutboxEvent) {
			defer func() { <-sem; wg.Done() }()
			d.handle(ctx, ev)
		}(ev)
	}
	wg.Wait()
	return len(rows), nil
}

// claim leases due rows: pick candidates, then move their DueAt to the lease's end only
// where they are still due (the re-check under the UPDATE's row locks is what makes two
// dispatchers never claim the same row), then read back what this dispatcher got.
func (d *Dispatcher) claim(ctx context.Context) ([]models.OutboxEvent, error) {
	now := d.now()
	db := d.DB.WithContext(ctx)
	var ids []uint64
	if err := db.Model(&models.OutboxEvent{}).Where("done = ? AND due_at <= ?", false, now).
		Order("due_at, id").Limit(d.Batch).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
		return nil, err
	}
	lease := now.Add(d.Lease).Truncate(time.Millisecond)
	res := db.Model(&models.OutboxEvent{}).Where("id IN ? AND done = ? AND due_at <= ?", ids, false, now).
		Updates(map[string]any{"due_at": lease, "claimed_by": d.name})
	if res.Error != nil || res.RowsAffected == 0 {
		return nil, res.Error
	}
	var rows []models.OutboxEvent
	err := db.Where("id IN ? AND done = ? AND claimed_by = ? AND due_at > ?", ids, false, d.name, now).Order("id").Find(&rows).Error
	return rows, err
}

// backoff is the wait before retry n (1-based): 1 s doubling, at most 5 minutes.
func backoff(n int) time.Duration {
	return time.Duration(math.Min(float64(time.Second)*math.Pow(2, float64(min(n-1, 20))), float64(5*time.Minute)))
}

// ErrNoHandler: no handler is registered for the event's kind in this process.
var ErrNoHandler = errors.New("no handler for this kind of event")

func (d *Dispatcher) handle(ctx context.Context, ev models.OutboxEvent) {
	h := d.handler(ev.Kind)
	var err error
	if h == nil {
		err = ErrNoHandler
	} else {
		hctx, cancel := context.WithTimeout(ctx, d.Lease/2)
		err = safeCall(hctx, h, ev)
		cancel()
	}
	db := d.DB.WithContext(context.WithoutCancel(ctx))
	now := d.now()
	q := db.Model(&models.OutboxEvent{}).Where("id = ? AND claimed_by = ?", ev.ID, d.name)
	if err == nil {
		if e := q.Updates(map[string]any{"done": true, "dispatched_at": now, "claimed_by": ""}).Error; e != nil {
			slog.Warn("outbox: could not mark an event dispatched (it will be dispatched again)", "kind", ev.Kind, "key", ev.Key, "err", e)
		}
		return
	}
	n := ev.Attempts + 1
	slog.Warn("outbox event failed; will retry", "kind", ev.Kind, "key", ev.Key, "attempt", n, "err", err)
	if e := q.Updates(map[string]any{"attempts": n, "last_error": clip(err.Error(), 500),
		"due_at": now.Add(backoff(n)), "claimed_by": ""}).Error; e != nil {
		slog.Warn("outbox: could not record a failure", "kind", ev.Kind, "key", ev.Key, "err", e)
	}
}

func safeCall(ctx context.Context, h Handler, ev models.OutboxEvent) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("handler panicked")
			slog.Error("outbox handler panicked", "kind", ev.Kind, "key", ev.Key, "panic", r)
		}
	}()
	return h(ctx, ev)
}

// purgeOld deletes dispatched rows older than Retain, at most once an hour, in batches.
func (d *Dispatcher) purgeOld(ctx context.Context) {
	now := d.now()
	if now.Sub(d.purged) < time.Hour {
		return
	}
	d.purged = now
	cutoff := now.Add(-d.Retain)
	for i := 0; i < 100 && ctx.Err() == nil; i++ {
		var ids []uint64
		if err := d.DB.WithContext(ctx).Model(&models.OutboxEvent{}).Where("done = ? AND dispatched_at < ?", true, cutoff).
			Limit(1000).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
			return
		}
		if err := d.DB.WithContext(ctx).Where("id IN ?", ids).Delete(&models.OutboxEvent{}).Error; err != nil {
			return
		}
	}
}
