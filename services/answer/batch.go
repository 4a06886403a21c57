package answer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/outbox"
)

// Group commit of submissions (docs/benchmarks.md). New submitted answers of one survey
// that arrive while another batch of that survey is being written are gathered (up to
// batchMax; a second writer lingers batchLinger so that they can join) and stored in ONE
// transaction:
//
//   - the cap keys of the batch (answer cap, quotas, password counts; slot 0) are locked
//     with one upsert and their totals read once, then each submission is admitted in
//     arrival order against those counts (a refused one gets its own 407/403/quota outcome);
//   - the admitted answer rows are written with one multi-row INSERT;
//   - applyAnswerExtras runs per stored answer inside the transaction, its counter deltas
//     and answer items go to a deltaSink instead of the database;
//   - the counter deltas of the whole batch (one slot for the batch) are merged into one
//     upsert, the items into one multi-row INSERT.
//
// When the batch transaction fails (a duplicate answerDwId from a concurrent retry, a
// deadlock that outlives the retries, any other error) every submission of the batch is
// written on its own with commitOne, so one bad submission never fails the others.
const (
	batchMax      = 64
	batchInFlight = 2 // batches of one survey written at the same time
	batchLinger   = time.Millisecond
)

// saveJob is one submission ready to be written (after the gates and the engine).
type saveJob struct {
	row      *models.Answer
	existing *models.Answer
	captcha  string
	capped   []cappedKey // sorted by key
	plain    []string    // sorted, deduplicated
	agg      *Aggregate
	events   []outbox.Event // written with the answer (events.go)
	rows     []any          // created with the answer (events.go, SubmitRows)
	ua       string
	hash     string
	pd       *pubDoc

	// cached: the fast path's survey rows, re-checked in the batch transaction; redo: the
	// submission must be decided again on the full path (survey changed, answer id stored).
	cached *gateEntry
	redo   bool

	out  *SaveOutcome
	full []string
	err  error
	done chan struct{}
}

// gateEntry is a cached survey row with its collection settings (fast path only).
type gateEntry struct {
	sv    *models.Survey
	cs    *models.CollectSetting
	stamp string
	exp   time.Time
	stale atomic.Bool
}

const gateCacheTTL = 2 * time.Second

// gateStamp is what the gates read from the survey row and the collection settings.
func gateStamp(sv *models.Survey, cs *models.CollectSetting) string {
	b, _ := json.Marshal(struct {
		ID, Sid   string
		State     int
		Version   int
		DeletedAt *time.Time
		CS        *models.CollectSetting
	}{sv.ID, sv.Sid, sv.State, sv.PublishedVersion, sv.DeletedAt, cs})
	return string(b)
}

// cachedGateRows returns the survey (by id or sid) and its collection settings from the
// cache, read again after gateCacheTTL or once a batch found them changed. nil: no survey.
func (s *Service) cachedGateRows(ctx context.Context, sidOrID string) (*gateEntry, error) {
	s.init()
	if v, ok := s.gateCache.Load(sidOrID); ok {
		e := v.(*gateEntry)
		if !e.stale.Load() && time.Now().Before(e.exp) {
			return e, nil
		}
	}
	sv, err := s.loadSurvey(ctx, sidOrID)
	if errors.Is(err, models.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	cs, err := s.collectSetting(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	e := &gateEntry{sv: sv, cs: cs, stamp: gateStamp(sv, cs), exp: time.Now().Add(gateCacheTTL)}
	s.gateCache.Store(sidOrID, e)
	return e, nil
}

// batchable: new submitted answers without a captcha to consume take the group commit.
func (j *saveJob) batchable() bool {
	return j.row.SaveStatus == models.AnswerSubmitted && j.existing == nil && j.captcha == ""
}

type batcher struct {
	s        *Service
	surveyID string
	mu       sync.Mutex
	queue    []*saveJob
	running  int
}

func (s *Service) batcherFor(surveyID string) *batcher {
	s.init()
	if b, ok := s.batchers.Load(surveyID); ok {
		return b.(*batcher)
	}
	b, _ := s.batchers.LoadOrStore(surveyID, &batcher{s: s, surveyID: surveyID})
	return b.(*batcher)
}

// enqueue hands j to the survey's batcher and waits for its outcome. The write goes on
// even when ctx ends (the caller may have gone; the answer is stored exactly once).
func (s *Service) enqueue(j *saveJob) {
	j.done = make(chan struct{})
	b := s.batcherFor(j.row.SurveyID)
	b.mu.Lock()
	b.queue = append(b.queue, j)
	start := b.running < batchInFlight
	if start {
		b.running++
	}
	b.mu.Unlock()
	if start {
		go b.loop()
	}
	<-j.done
}

func (b *batcher) loop() {
	for {
		// linger only while another batch of the survey is being written (the submissions
		// arriving meanwhile join this one); a lone submission goes at once
		b.mu.Lock()
		linger := len(b.queue) < batchMax && b.running > 1
		b.mu.Unlock()
		if linger {
			time.Sleep(batchLinger)
		}
		b.mu.Lock()
		n := min(len(b.queue), batchMax)
		if n == 0 {
			b.running--
			b.mu.Unlock()
			return
		}
		jobs := make([]*saveJob, n)
		copy(jobs, b.queue)
		b.queue = append(b.queue[:0], b.queue[n:]...)
		b.mu.Unlock()
		b.s.commitBatch(jobs)
		for _, j := range jobs {
			close(j.done)
		}
	}
}

var errBatchDuplicate = errors.New("duplicate answer in batch")

// commitBatch writes jobs in one transaction (retried on deadlock), else one by one.
func (s *Service) commitBatch(jobs []*saveJob) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	defer func() { // never leave the callers waiting: the full path decides (and reports) it
		if r := recover(); r != nil {
			slog.Error("answer batch panicked", "survey", jobs[0].row.SurveyID, "panic", r)
			for _, j := range jobs {
				j.redo = true
			}
		}
	}()
	for attempt := 0; attempt < 3; attempt++ {
		err := s.tryBatch(ctx, jobs, rand.IntN(slots))
		if err == nil {
			return
		}
		if !isDeadlock(err) {
			break
		}
		time.Sleep(time.Duration(1+rand.IntN(5*(attempt+1))) * time.Millisecond)
	}
	for _, j := range jobs { // one by one: on the full path (Save redoes it)
		j.redo = true
	}
}

// tryBatch is the batch transaction; it sets out/full of every job only when it commits.
func (s *Service) tryBatch(ctx context.Context, jobs []*saveJob, slot int) error {
	outs := make([]*SaveOutcome, len(jobs))
	fulls := make([][]string, len(jobs))
	var redos []bool
	sink := &deltaSink{cells: map[counterCell]int64{}}
	surveyID := jobs[0].row.SurveyID
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		redos = make([]bool, len(jobs))
		// 1. cap keys: lock (slot 0 rows, sorted), read the totals, admit in arrival order
		var capKeys []string
		seen := map[string]bool{}
		for _, j := range jobs {
			for _, c := range j.capped {
				if !seen[c.key] {
					seen[c.key] = true
					capKeys = append(capKeys, c.key)
				}
			}
		}
		sort.Strings(capKeys)
		counts := map[string]int64{}
		if len(capKeys) > 0 {
			cells := make([]counterDelta, len(capKeys))
			for i, k := range capKeys {
				cells[i] = counterDelta{counterCell{k, 0}, 0}
			}
			if err := upsertCounters(tx, s.mysql, surveyID, cells); err != nil {
				return err
			}
			var sums []struct {
				CKey string `gorm:"column:ckey"`
				N    int64  `gorm:"column:n"`
			}
			if err := tx.Model(&models.AnswerCounter{}).Select("ckey, SUM(cnt) AS n").Where("survey_id = ? AND ckey IN ?", surveyID, capKeys).
				Group("ckey").Scan(&sums).Error; err != nil {
				return err
			}
			for _, sm := range sums {
				counts[sm.CKey] = sm.N
			}
		}
		// 2. fast path re-checks (consistent reads after the cap rows were read): the cached
		// survey rows unchanged, no answer stored with the answer id
		redo := make([]bool, len(jobs))
		checked := map[*gateEntry]bool{}
		var dwIDs []string
		for i, j := range jobs {
			e := j.cached
			if e == nil {
				continue
			}
			ok, done := checked[e]
			if !done {
				var sv models.Survey
				if err := tx.Where("id = ?", e.sv.ID).Take(&sv).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
					return err
				} else if err == nil {
					var cs models.CollectSetting
					var csp *models.CollectSetting
					if err := tx.Where("survey_id = ?", sv.ID).Take(&cs).Error; err == nil {
						csp = &cs
					} else if !errors.Is(err, gorm.ErrRecordNotFound) {
						return err
					}
					ok = gateStamp(&sv, csp) == e.stamp
				}
				if !ok {
					e.stale.Store(true)
				}
				checked[e] = ok
			}
			if !ok {
				redo[i] = true
			} else {
				dwIDs = append(dwIDs, j.row.AnswerDwID)
			}
		}
		if len(dwIDs) > 0 {
			var stored []string
			if err := tx.Model(&models.Answer{}).Where("survey_id = ? AND answer_dw_id IN ?", surveyID, dwIDs).
				Pluck("answer_dw_id", &stored).Error; err != nil {
				return err
			}
			if len(stored) > 0 {
				in := map[string]bool{}
				for _, d := range stored {
					in[d] = true
				}
				for i, j := range jobs {
					if j.cached != nil && in[j.row.AnswerDwID] {
						redo[i] = true
					}
				}
			}
		}
		// 3. admission in arrival order
		var rows []*models.Answer
		var admitted []*saveJob
		seenDw := map[string]bool{}
		for i, j := range jobs {
			if redo[i] || seenDw[j.row.AnswerDwID] { // the same answer id twice in a batch: the full path replays
				redos[i] = true
				continue
			}
			seenDw[j.row.AnswerDwID] = true
			var refused *SaveOutcome
			for _, c := range j.capped {
				if counts[c.key]+1 > int64(c.cap) {
					refused = c.refusal(j.pd)
					break
				}
			}
			if refused != nil {
				outs[i] = refused
				continue
			}
			for _, c := range j.capped {
				counts[c.key]++
				if counts[c.key] == int64(c.cap) {
					fulls[i] = append(fulls[i], c.key)
				}
			}
			j.row.CountedSlot = slot
			j.row.CountedKeys = countedKeys(j.capped, j.plain, slot)
			rows = append(rows, j.row)
			admitted = append(admitted, j)
			outs[i] = okOutcome(j.row)
		}
		if len(rows) == 0 {
			return nil
		}
		// 4. the answer rows, with their device and overview keys
		extras := make([]map[string]int64, len(admitted))
		for i, j := range admitted {
			extras[i] = s.prepareAnswerExtras(j.row, j.ua, j.agg)
		}
		if err := tx.Create(&rows).Error; err != nil {
			if isDuplicate(err) {
				return errBatchDuplicate
			}
			return err
		}
		// 5. per answer extras, their counter deltas and items into the sink
		stx := tx.WithContext(context.WithValue(ctx, sinkKey{}, sink))
		for i, j := range admitted {
			if err := s.applyAnswerExtras(stx, j.row, extras[i], j.agg); err != nil {
				return err
			}
		}
		// 6. merged counters: the sink's deltas (sums, overview keys), then the +1 keys
		if err := upsertCounters(tx, s.mysql, surveyID, sink.sorted()); err != nil {
			return err
		}
		plus := map[counterCell]int64{}
		for _, j := range admitted {
			for _, c := range j.capped {
				plus[counterCell{c.key, 0}]++
			}
			for _, k := range j.plain {
				plus[counterCell{k, slot}]++
			}
		}
		if err := upsertCounters(tx, s.mysql, surveyID, sortCells(plus)); err != nil {
			return err
		}
		if len(sink.items) > 0 {
			if err := tx.CreateInBatches(sink.items, 500).Error; err != nil {
				return err
			}
		}
		var events []outbox.Event
		for _, j := range admitted {
			events = append(events, j.events...)
			if err := createRows(tx, j.rows); err != nil {
				return err
			}
		}
		return outbox.Add(tx, s.now(), events...)
	})
	if err != nil {
		return err
	}
	for i, j := range jobs {
		j.out, j.full, j.err, j.redo = outs[i], fulls[i], nil, redos[i]
	}
	return nil
}

// deltaSink collects the counter deltas and answer items that ApplyAggregate and
// AdjustCounters would write, while a batch transaction runs applyAnswerExtras.
type deltaSink struct {
	mu    sync.Mutex
	cells map[counterCell]int64
	items []models.AnswerItem
}

type counterCell struct {
	key  string
	slot int
}

type counterDelta struct {
	cell counterCell
	n    int64
}

type sinkKey struct{}

// sinkOf returns the batch sink of tx (nil outside a batch).
func sinkOf(tx *gorm.DB) *deltaSink {
	if tx == nil || tx.Statement == nil || tx.Statement.Context == nil {
		return nil
	}
	d, _ := tx.Statement.Context.Value(sinkKey{}).(*deltaSink)
	return d
}

func (d *deltaSink) add(slot int, inc map[string]int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for k, v := range inc {
		if v != 0 {
			d.cells[counterCell{k, slot}] += v
		}
	}
}

func (d *deltaSink) addItems(items []models.AnswerItem) {
	d.mu.Lock()
	d.items = append(d.items, items...)
	d.mu.Unlock()
}

func (d *deltaSink) sorted() []counterDelta { return sortCells(d.cells) }

// sortCells orders cells by key then slot (the lock order of every counter write).
func sortCells(m map[counterCell]int64) []counterDelta {
	out := make([]counterDelta, 0, len(m))
	for c, n := range m {
		if n != 0 {
			out = append(out, counterDelta{c, n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].cell.key != out[j].cell.key {
			return out[i].cell.key < out[j].cell.key
		}
		return out[i].cell.slot < out[j].cell.slot
	})
	return out
}

// upsertCounters adds each delta to its (key, slot) row with one multi-row upsert. A zero
// delta creates the row when missing and, on MySQL/MariaDB, locks it (the cap check).
func upsertCounters(tx *gorm.DB, mysql bool, surveyID string, cells []counterDelta) error {
	if len(cells) == 0 {
		return nil
	}
	var b strings.Builder
	args := make([]any, 0, len(cells)*4)
	b.WriteString("INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES ")
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?)")
		args = append(args, surveyID, c.cell.key, c.cell.slot, c.n)
	}
	if mysql {
		b.WriteString(" ON DUPLICATE KEY UPDATE cnt = cnt + VALUES(cnt)")
	} else {
		b.WriteString(" ON CONFLICT(survey_id, ckey, slot) DO UPDATE SET cnt = cnt + excluded.cnt")
	}
	return tx.Exec(b.String(), args...).Error
}
