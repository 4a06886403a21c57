package answer

import (
	"encoding/json"
	"strconv"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// KeyTextPrefix is the per-question count of fill-blank values (tx:<quDwId>), a derived
// sum of the aggregate like ns: (not in counted_keys).
const KeyTextPrefix = "tx:"

// Release says which counts RemoveFromStats takes back.
type Release int

const (
	// ReleaseStats (edit): statistics keys, sums and items.
	ReleaseStats Release = iota
	// ReleaseScreen (review fail): statistics and the overview keys (day, source,
	// device, province, duration); the cap and quota counts stay taken.
	ReleaseScreen
	// ReleaseAll (delete): everything, cap and quota counts included.
	ReleaseAll
)

// SetTime stamps the items of g with the answer's submit time (ix_item_opt, ix_item_text).
func (g *Aggregate) SetTime(t time.Time) {
	if g == nil {
		return
	}
	tt := t
	for i := range g.Items {
		g.Items[i].AnDate = &tt
	}
}

// AddToStats puts a counted-again answer (review pass on a screened answer) back into
// every aggregate inside tx: statistics and overview keys (+1, recorded in counted_keys),
// sums, duration and items. It returns the new counted_keys JSON.
func (s *Service) AddToStats(tx *gorm.DB, a *models.Answer, device string, qtypes map[string]string) (string, error) {
	s.init()
	g := StoredAggregate(a, qtypes)
	var ks []string
	_ = json.Unmarshal([]byte(a.CountedKeys), &ks)
	inc := map[string]int64{}
	for _, k := range append(append([]string{}, g.Keys...), models.AnswerMetaKeys(a, device, s.Loc)...) {
		inc[k]++
		ks = append(ks, strconv.Itoa(a.CountedSlot)+"|"+k)
	}
	if err := AdjustCounters(tx, s.mysql, a.SurveyID, a.CountedSlot, inc); err != nil {
		return "", err
	}
	if a.DurationMs != 0 {
		if err := AdjustCounters(tx, s.mysql, a.SurveyID, a.CountedSlot, map[string]int64{models.MetaKeyDur: a.DurationMs}); err != nil {
			return "", err
		}
	}
	if err := ApplyAggregate(tx, s.mysql, a.SurveyID, a.CountedSlot, g, 1); err != nil {
		return "", err
	}
	b, _ := json.Marshal(ks)
	return string(b), nil
}

// KeptAfterScreen is the counted_keys JSON of a screened answer: only the cap and quota
// keys (statistics and overview keys were released).
func KeptAfterScreen(countedKeys string) string {
	var ks []string
	_ = json.Unmarshal([]byte(countedKeys), &ks)
	keep := []string{}
	for _, sk := range ks {
		_, key, _ := cutKey(sk)
		if !IsStatsKey(key) && !models.IsMetaKey(key) {
			keep = append(keep, sk)
		}
	}
	b, _ := json.Marshal(keep)
	return string(b)
}

func cutKey(sk string) (string, string, bool) {
	for i := 0; i < len(sk); i++ {
		if sk[i] == '|' {
			return sk[:i], sk[i+1:], true
		}
	}
	return "", sk, false
}
