// Package outbox is the product's one way to start or signal a Temporal workflow because of
// a database change: the event is written in the change's own transaction (Add), and a
// Dispatcher hands it to its kind's Handler after commit.
//
// Guarantees:
//   - nothing is lost: an event committed with its change stays due until a handler
//     succeeded on it (a crash after commit is recovered by the next dispatch round);
//   - nothing waits: requests only write rows and Nudge; Temporal is called by dispatchers
//     (one in every API process for latency, one in every worker for recovery);
//   - at least once: a handler may run more than once for an event (two dispatchers, a
//     lease that ran out, a crash after the start): handlers must be idempotent, which
//     starting a workflow whose ID derives from the entity is (a second start finds it).
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

// Event is an event to write: Kind selects the handler, Key names the entity (unique per
// kind: a second event with the same kind and key is dropped), Payload is marshalled to JSON.
type Event struct {
	Kind    string
	Key     string
	Payload any
}

// Nudger is told that events were committed (a dispatcher; nil-safe through Nudge).
type Nudger interface{ Nudge() }

// Nudge tells n, when set, that events were committed.
func Nudge(n Nudger) {
	if n != nil {
		n.Nudge()
	}
}

// Add writes events in tx (the transaction of the change that causes them), due at now.
// Duplicates (same kind and key) are ignored.
func Add(tx *gorm.DB, now time.Time, events ...Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := make([]models.OutboxEvent, 0, len(events))
	now = now.UTC()
	for _, e := range events {
		if e.Kind == "" || e.Key == "" || len(e.Kind) > 32 || len(e.Key) > 160 {
			return fmt.Errorf("outbox: bad event kind %q key %q", e.Kind, e.Key)
		}
		payload := ""
		if e.Payload != nil {
			b, err := json.Marshal(e.Payload)
			if err != nil {
				return fmt.Errorf("outbox: payload of %s %s: %w", e.Kind, e.Key, err)
			}
			payload = string(b)
		}
		rows = append(rows, models.OutboxEvent{Kind: e.Kind, Key: e.Key, Payload: payload, DueAt: now, CreatedAt: now})
	}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 500).Error
}

// Decode unmarshals an event's payload into v.
func Decode(ev models.OutboxEvent, v any) error {
	if ev.Payload == "" {
		return fmt.Errorf("outbox: %s %s has no payload", ev.Kind, ev.Key)
	}
	return json.Unmarshal([]byte(ev.Payload), v)
}

// Stats is the state of the outbox for the workflow monitor.
type Stats struct {
	// Pending events are written and not yet dispatched.
	Pending int64 `json:"pending"`
	// Retrying of those failed at least once (LastError tells why).
	Retrying int64 `json:"retrying"`
	// OldestPendingSeconds is the age of the oldest pending event (0 when none).
	OldestPendingSeconds int64 `json:"oldestPendingSeconds"`
	// LastError is the most recent failure of a pending event ("" when none).
	LastError string `json:"lastError,omitempty"`
	// ByKind counts the pending events per kind.
	ByKind map[string]int64 `json:"byKind"`
}

// ReadStats reads the outbox's state at now.
func ReadStats(ctx context.Context, db *gorm.DB, now time.Time) (Stats, error) {
	st := Stats{ByKind: map[string]int64{}}
	var rows []struct {
		Kind     string
		N        int64
		Retrying int64
	}
	q := db.WithContext(ctx).Model(&models.OutboxEvent{}).Where("done = ?", false).
		Select("kind, COUNT(*) AS n, SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END) AS retrying").Group("kind")
	if err := q.Scan(&rows).Error; err != nil {
		return st, err
	}
	for _, r := range rows {
		st.ByKind[r.Kind] = r.N
		st.Pending += r.N
		st.Retrying += r.Retrying
	}
	if st.Pending > 0 {
		var oldest models.OutboxEvent
		if err := db.WithContext(ctx).Where("done = ?", false).Order("id").Limit(1).Take(&oldest).Error; err != nil {
			return st, err
		}
		st.OldestPendingSeconds = int64(max(0, now.Sub(oldest.CreatedAt).Seconds()))
	}
	if st.Retrying > 0 {
		var last models.OutboxEvent
		if err := db.WithContext(ctx).Where("done = ? AND attempts > 0", false).Order("id DESC").Limit(1).Take(&last).Error; err == nil {
			st.LastError = last.LastError
		}
	}
	return st, nil
}

// clip shortens s to at most n bytes without splitting a character.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
