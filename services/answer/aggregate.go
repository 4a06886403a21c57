package answer

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// Statistics aggregates of one submitted, non-test answer (docs/api-results.md). The +1
// keys live in answer_counters next to total/quota (same slot, same transaction):
//
//	sub              valid submitted non-test answers
//	qu:<qu>          answered count of a question
//	opt:<option>     choice counts (radio, checkbox, image, group, yes/no)
//	mr:<row>:<col>   matrix radio cells; mc:<row>:<col> matrix checkbox cells
//	nc:<id>          count of numeric values of an option/row (question for scale/slider)
//	nps:<qu>:p|s|d   NPS promoters (9-10), passives (7-8), detractors (0-6)
//
// ns:<id> keys hold the SUM of numeric values in thousandths (added with +v, not +1; they
// are not in answers.counted_keys). MIN and MAX are read from answer_items (indexed).
const (
	KeySub      = models.CounterSubmitted
	keyNumCount = "nc:"
	KeyNumSum   = "ns:"
	keyNPS      = "nps:"
	keyMR       = "mr:"
	keyMC       = "mc:"
)

// StatsKeyPrefixes are the counter keys that belong to the statistics (an answer's
// other counted keys - total, quota, password - are about caps).
var StatsKeyPrefixes = []string{KeySub, keyQu, keyOpt, keyMR, keyMC, keyNumCount, keyNPS}

// IsStatsKey reports whether a counter key is a statistics aggregate.
func IsStatsKey(k string) bool {
	if k == KeySub {
		return true
	}
	for _, p := range StatsKeyPrefixes[1:] {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// Aggregate is what one answer adds to the statistics.
type Aggregate struct {
	Keys  []string         // +1 counter keys, sorted and deduplicated
	Sums  map[string]int64 // ns:<id> -> thousandths
	Items []models.AnswerItem
}

// Milli converts a value to the thousandths stored in ns: counters.
func Milli(v float64) int64 { return int64(math.Round(v * 1000)) }

// BuildAggregate computes the aggregate of effective answers. qtypes maps question dwId to
// its type (NPS needs it); it is the ONE place that decides what is counted.
func BuildAggregate(surveyID, answerID string, qtypes map[string]string, answers []*lang.AnQuestion) *Aggregate {
	g := &Aggregate{Sums: map[string]int64{}}
	keys := []string{KeySub}
	seq := 0
	item := func(kind, qu, opt, col string, num *float64, text string) {
		seq++
		g.Items = append(g.Items, models.AnswerItem{SurveyID: surveyID, QuDwID: clip(qu, 64), AnswerID: answerID, Seq: seq,
			Kind: kind, OptDwID: clip(opt, 64), ColDwID: clip(col, 64), NumValue: num, Text: clip(text, 500)})
	}
	numeric := func(qu, id string, v float64) {
		keys = append(keys, keyNumCount+id)
		g.Sums[KeyNumSum+id] += Milli(v)
		vv := v
		item("n", qu, id, "", &vv, "")
	}
	for _, a := range answers {
		if a == nil {
			continue
		}
		q := string(a.QuDwID)
		if q == "" {
			continue
		}
		keys = append(keys, keyQu+q)
		if a.AnRadio != nil && a.AnRadio.OptionDwID != "" {
			keys = append(keys, keyOpt+string(a.AnRadio.OptionDwID))
			item("c", q, string(a.AnRadio.OptionDwID), "", nil, string(a.AnRadio.OtherText))
		}
		for _, o := range a.AnCheckboxs {
			if o != nil && o.OptionDwID != "" {
				keys = append(keys, keyOpt+string(o.OptionDwID))
				item("c", q, string(o.OptionDwID), "", nil, string(o.OtherText))
			}
		}
		for _, m := range a.AnMatrixRadios {
			if m != nil {
				keys = append(keys, keyMR+string(m.RowDwID)+":"+string(m.ColDwID))
				item("m", q, string(m.RowDwID), string(m.ColDwID), nil, "")
			}
		}
		for _, m := range a.AnMatrixCheckboxes {
			if m == nil {
				continue
			}
			for _, c := range m.RowAnCheckboxs {
				if c != nil {
					keys = append(keys, keyMC+string(m.RowDwID)+":"+string(c.ColDwID))
					item("m", q, string(m.RowDwID), string(c.ColDwID), nil, "")
				}
			}
		}
		for _, sc := range a.AnScores {
			if sc != nil && sc.OptionDwID != "" {
				numeric(q, string(sc.OptionDwID), float64(sc.AnswerScore))
			}
		}
		for _, o := range a.AnOrders {
			if o != nil && o.OptionDwID != "" {
				numeric(q, string(o.OptionDwID), float64(o.OrderNum))
			}
		}
		for _, m := range a.AnMatrixScales {
			if m != nil && m.RowDwID != "" {
				numeric(q, string(m.RowDwID), float64(m.AnswerScore))
			}
		}
		if a.AnScale != nil && a.AnScale.AnswerScore != nil {
			v := float64(*a.AnScale.AnswerScore)
			numeric(q, q, v)
			if qtypes[q] == lang.TypeScaleNPS {
				switch {
				case v >= 9:
					keys = append(keys, keyNPS+q+":p")
				case v >= 7:
					keys = append(keys, keyNPS+q+":s")
				default:
					keys = append(keys, keyNPS+q+":d")
				}
			}
		}
		if a.AnFbk != nil && a.AnFbk.Answer != "" {
			item("t", q, "", "", nil, string(a.AnFbk.Answer))
			g.Sums[KeyTextPrefix+q]++
		}
		for _, m := range a.AnMFbks {
			if m != nil && m.Answer != "" {
				item("t", q, string(m.OptionDwID), "", nil, string(m.Answer))
				g.Sums[KeyTextPrefix+q]++
			}
		}
	}
	for i, k := range keys {
		keys[i] = clip(k, 160)
	}
	sort.Strings(keys)
	g.Keys = dedupe(keys)
	for k, v := range g.Sums {
		if v == 0 {
			delete(g.Sums, k)
		}
	}
	return g
}

// ApplyAggregate adds (sign +1) or subtracts (sign -1) the sums and items of g in tx. The +1
// keys are applied by the caller (bump on submit; AdjustCounters on delete and edit).
func ApplyAggregate(tx *gorm.DB, mysql bool, surveyID string, slot int, g *Aggregate, sign int) error {
	if g == nil {
		return nil
	}
	if d := sinkOf(tx); d != nil && sign > 0 { // group commit (batch.go): written once per batch
		d.add(slot, g.Sums)
		d.addItems(g.Items)
		return nil
	}
	if len(g.Sums) > 0 {
		inc := make(map[string]int64, len(g.Sums))
		for k, v := range g.Sums {
			inc[k] = int64(sign) * v
		}
		if err := AdjustCounters(tx, mysql, surveyID, slot, inc); err != nil {
			return err
		}
	}
	if sign > 0 {
		if len(g.Items) > 0 {
			return tx.CreateInBatches(g.Items, 200).Error
		}
		return nil
	}
	if len(g.Items) > 0 {
		return tx.Where("answer_id = ?", g.Items[0].AnswerID).Delete(&models.AnswerItem{}).Error
	}
	return nil
}

// AdjustCounters adds inc[key] to each key's row in slot (sorted keys, one upsert per key:
// negative values on rows that exist, as every decrement follows an increment).
func AdjustCounters(tx *gorm.DB, mysql bool, surveyID string, slot int, inc map[string]int64) error {
	if d := sinkOf(tx); d != nil { // group commit (batch.go): merged into one upsert per batch
		d.add(slot, inc)
		return nil
	}
	keys := make([]string, 0, len(inc))
	for k, v := range inc {
		if v != 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return nil
	}
	var b strings.Builder
	args := make([]any, 0, len(keys)*4)
	b.WriteString("INSERT INTO answer_counters (survey_id, ckey, slot, cnt) VALUES ")
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?)")
		args = append(args, surveyID, k, slot, inc[k])
	}
	if mysql {
		b.WriteString(" ON DUPLICATE KEY UPDATE cnt = cnt + VALUES(cnt)")
	} else {
		b.WriteString(" ON CONFLICT(survey_id, ckey, slot) DO UPDATE SET cnt = cnt + excluded.cnt")
	}
	return tx.Exec(b.String(), args...).Error
}

// DeviceClass is the coarse device of a user agent: mobile, tablet or desktop ("" unknown).
func DeviceClass(ua string) string {
	u := strings.ToLower(ua)
	switch {
	case u == "":
		return ""
	case strings.Contains(u, "ipad") || strings.Contains(u, "tablet") || (strings.Contains(u, "android") && !strings.Contains(u, "mobile")):
		return "tablet"
	case strings.Contains(u, "mobi") || strings.Contains(u, "iphone") || strings.Contains(u, "android") || strings.Contains(u, "micromessenger"):
		return "mobile"
	default:
		return "desktop"
	}
}

// prepareAnswerExtras fills what an answer row carries besides the submission, before the
// row is written (so saving needs no second UPDATE): the device class and, for a counted
// answer (g != nil), the overview keys (day, source, device, province) appended to
// counted_keys with the row's slot. It returns their counter deltas (+1 each and the
// duration sum in ms), nil when the answer is not counted. Not idempotent: call it once per
// attempt, after counted_keys has been reset.
func (s *Service) prepareAnswerExtras(row *models.Answer, ua string, g *Aggregate) map[string]int64 {
	d := DeviceClass(ua)
	row.Device = d
	if g == nil {
		return nil
	}
	var ks []string
	_ = json.Unmarshal([]byte(row.CountedKeys), &ks)
	inc := map[string]int64{}
	for _, k := range models.AnswerMetaKeys(row, d, s.Loc) {
		inc[k]++
		ks = append(ks, strconv.Itoa(row.CountedSlot)+"|"+k)
	}
	inc[models.MetaKeyDur] += row.DurationMs
	b, _ := json.Marshal(ks)
	row.CountedKeys = string(b)
	return inc
}

// applyAnswerExtras runs inside the save transaction after the row is written: the overview
// deltas of prepareAnswerExtras, then the sums and items of the answer's aggregate.
func (s *Service) applyAnswerExtras(tx *gorm.DB, row *models.Answer, inc map[string]int64, g *Aggregate) error {
	if g == nil {
		return nil
	}
	if err := AdjustCounters(tx, s.mysql, row.SurveyID, row.CountedSlot, inc); err != nil {
		return err
	}
	g.SetTime(row.EndAnDate)
	return ApplyAggregate(tx, s.mysql, row.SurveyID, row.CountedSlot, g, 1)
}

// StoredAggregate rebuilds the aggregate of a stored answer from its document (the same
// function as at submit time, so it subtracts exactly what was added).
func StoredAggregate(a *models.Answer, qtypes map[string]string) *Aggregate {
	g := BuildAggregate(a.SurveyID, a.ID, qtypes, storedAnswers(a.Document))
	g.SetTime(a.EndAnDate)
	return g
}

// storedAnswers are the effective answers of a stored answer document.
func storedAnswers(document string) []*lang.AnQuestion {
	var doc struct {
		AnQuestions []*lang.AnQuestion `json:"anQuestions"`
	}
	_ = json.Unmarshal([]byte(document), &doc)
	return doc.AnQuestions
}

// Counted reports whether an answer row is in the statistics.
func Counted(a *models.Answer) bool {
	return a.SaveStatus == models.AnswerSubmitted && a.IsTest == 0 && a.IsEff == 1 && a.DeletedAt == nil
}

// QuestionTypes returns quDwId -> quType of a published version of a survey.
func (s *Service) QuestionTypes(ctx context.Context, sv *models.Survey, version int) (map[string]string, *lang.Survey, error) {
	s.init()
	c := *sv
	c.PublishedVersion = version
	pd, err := s.published(ctx, &c)
	if err != nil {
		return nil, nil, err
	}
	return pd.qtypes, pd.doc, nil
}

// RemoveFromStats subtracts an answer from the aggregates inside tx, as far as rel says:
// the counters of its counted_keys (statistics keys always; overview keys from
// ReleaseScreen on; cap/quota keys with ReleaseAll), and - when the answer is counted
// (valid, non-test) - its sums and items (and the duration sum from ReleaseScreen on).
// A screened answer's counted_keys hold only cap/quota keys, so deleting it later
// releases just those.
func (s *Service) RemoveFromStats(tx *gorm.DB, a *models.Answer, qtypes map[string]string, rel Release) error {
	s.init()
	var ks []string
	_ = json.Unmarshal([]byte(a.CountedKeys), &ks)
	dec := map[int]map[string]int64{}
	for _, sk := range ks {
		slot, key, ok := strings.Cut(sk, "|")
		if !ok {
			continue
		}
		switch {
		case IsStatsKey(key):
		case models.IsMetaKey(key):
			if rel < ReleaseScreen {
				continue
			}
		default:
			if rel < ReleaseAll {
				continue
			}
		}
		n := atoi(slot)
		if dec[n] == nil {
			dec[n] = map[string]int64{}
		}
		dec[n][key]--
	}
	slots := make([]int, 0, len(dec))
	for n := range dec {
		slots = append(slots, n)
	}
	sort.Ints(slots)
	for _, n := range slots {
		if err := AdjustCounters(tx, s.mysql, a.SurveyID, n, dec[n]); err != nil {
			return err
		}
	}
	if a.IsTest != 0 || a.IsEff != 1 {
		return nil
	}
	if rel >= ReleaseScreen && a.DurationMs != 0 {
		if err := AdjustCounters(tx, s.mysql, a.SurveyID, a.CountedSlot, map[string]int64{models.MetaKeyDur: -a.DurationMs}); err != nil {
			return err
		}
	}
	g := StoredAggregate(a, qtypes)
	if err := ApplyAggregate(tx, s.mysql, a.SurveyID, a.CountedSlot, g, -1); err != nil {
		return err
	}
	// items are keyed by answer: remove any left (even when the document had none)
	return tx.Where("answer_id = ?", a.ID).Delete(&models.AnswerItem{}).Error
}

// EditAnswer is the owner's edit of a submitted answer (the caller checked access):
// re-validation by the engine of the answer's version, then in one transaction the old
// aggregates are removed, the document replaced and the new aggregates added.
func (s *Service) EditAnswer(ctx context.Context, answerID string, answerJSON []byte) (*models.Answer, []lang.Message, error) {
	s.init()
	ad, err := lang.ParseAnswer(answerJSON)
	var shape *lang.ShapeError
	if errors.As(err, &shape) {
		return nil, nil, models.Invalid("The answer cannot be read: %s", shape.Msg)
	}
	if err != nil {
		return nil, nil, models.Invalid("The answer is not valid JSON: %v", err)
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Where("id = ? AND deleted_at IS NULL", answerID).Take(&a).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil, models.ErrNotFound
		}
		return nil, nil, err
	}
	if a.SaveStatus != models.AnswerSubmitted {
		return nil, nil, models.Invalid("Only submitted answers can be edited")
	}
	sv, err := s.loadSurvey(ctx, a.SurveyID)
	if err != nil {
		return nil, nil, err
	}
	c := *sv
	c.PublishedVersion = a.SurveyVersion
	pd, err := s.published(ctx, &c)
	if err != nil {
		return nil, nil, err
	}
	read, unreadable := pd.eng.ReadAnswers(ad.AnQuestions)
	if unreadable = append(unreadable, unsafeFiles(read)...); len(unreadable) > 0 {
		return nil, unreadable, nil
	}
	r := pd.eng.CheckSubmission(&lang.AnswerDoc{AnQuestions: read}, nil)
	var errs []lang.Message
	for _, e := range r.Errors {
		if e.Key != "quotaFull" {
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		return nil, errs, nil
	}
	answers := r.Answers
	if answers == nil {
		answers = []*lang.AnQuestion{}
	}
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur models.Answer
		if err := tx.Where("id = ? AND deleted_at IS NULL", a.ID).Take(&cur).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return models.ErrNotFound
			}
			return err
		}
		counted := Counted(&cur)
		var ks []string
		_ = json.Unmarshal([]byte(cur.CountedKeys), &ks)
		if counted {
			if err := s.RemoveFromStats(tx, &cur, pd.qtypes, ReleaseStats); err != nil {
				return err
			}
		}
		// hand scores given to questions that are still answered stay (the total is
		// recomputed from every question's score)
		answers = lang.CarryHandScores(storedAnswers(cur.Document), answers, pd.manual)
		merged, err := lang.MarshalCanonical(map[string]any{"anQuestions": answers, "anSolutionIds": r.Solutions})
		if err != nil {
			return err
		}
		cur.Document = string(merged)
		cur.SumScore = lang.AnswerTotal(answers)
		cur.QuNum = len(answers)
		cur.UpdatedAt = now
		keep := []string{}
		for _, sk := range ks {
			if _, key, _ := strings.Cut(sk, "|"); !IsStatsKey(key) {
				keep = append(keep, sk)
			}
		}
		if counted {
			g := BuildAggregate(cur.SurveyID, cur.ID, pd.qtypes, answers)
			g.SetTime(cur.EndAnDate)
			inc := map[string]int64{}
			for _, k := range g.Keys {
				inc[k] = 1
				keep = append(keep, strconv.Itoa(cur.CountedSlot)+"|"+k)
			}
			if err := AdjustCounters(tx, s.mysql, cur.SurveyID, cur.CountedSlot, inc); err != nil {
				return err
			}
			if err := ApplyAggregate(tx, s.mysql, cur.SurveyID, cur.CountedSlot, g, 1); err != nil {
				return err
			}
		}
		b, _ := json.Marshal(keep)
		cur.CountedKeys = string(b)
		a = cur
		return tx.Model(&models.Answer{}).Where("id = ?", cur.ID).Updates(map[string]any{"document": cur.Document,
			"export_copy": lang.AppendExportCopy(nil, answers), "sum_score": cur.SumScore, "qu_num": cur.QuNum, "counted_keys": cur.CountedKeys, "updated_at": now}).Error
	})
	if err != nil {
		return nil, nil, err
	}
	return &a, nil, nil
}

var _ = time.Second
