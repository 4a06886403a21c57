package answer

import (
	"gorm.io/gorm"

	"dwsurvey/models"
)

// Verdict applies a review verdict (models.VerifyPass or VerifyFail) to the statistics of an
// answer row read and locked in tx (device: its device column). A fail on a valid answer
// screens it out: is_eff 0, its statistics and overview counts subtracted (cap and quota
// counts stay taken); a pass on a screened answer counts it again. Test answers only change
// is_eff. It returns the answer columns to update (is_eff, counted_keys; none when nothing
// changes) and whether the statistics changed. The caller writes handle_state and notes.
func (s *Service) Verdict(tx *gorm.DB, cur *models.Answer, device string, qt map[string]string, value int) (map[string]any, bool, error) {
	s.init()
	upd := map[string]any{}
	switch {
	case value == models.VerifyFail && cur.IsEff == 1:
		if cur.IsTest == 0 {
			if err := s.RemoveFromStats(tx, cur, qt, ReleaseScreen); err != nil {
				return nil, false, err
			}
			upd["counted_keys"] = KeptAfterScreen(cur.CountedKeys)
		}
		upd["is_eff"] = 0
		return upd, true, nil
	case value == models.VerifyPass && cur.IsEff != 1:
		if cur.IsTest == 0 {
			cur.IsEff = 1
			ck, err := s.AddToStats(tx, cur, device, qt)
			if err != nil {
				return nil, false, err
			}
			upd["counted_keys"] = ck
		}
		upd["is_eff"] = 1
		return upd, true, nil
	}
	return upd, false, nil
}
