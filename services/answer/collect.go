package answer

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// This file holds what the collection service (services/collect) reuses from answering:
// the schedule read from surveyAttrs, the counter keys, the quota states, and the
// collection settings the gates read (schedule override, IP rules, bulk passwords).

// Schedule is the collection schedule of a published document (absolute UTC instants).
type Schedule struct {
	StartAt *time.Time
	EndAt   *time.Time
	EndNum  int
}

// ScheduleOf reads anStartTimeAttr / anEndTimeAttr / anEndNumAttr (or, for a document
// without surveyAttrs, the legacy surveyDetail fields) of d in the server time zone, exactly
// as the gates do.
func (s *Service) ScheduleOf(d *lang.Survey) Schedule {
	s.init()
	a := s.buildAttrs(d)
	var out Schedule
	if a.startOn {
		t := a.start
		out.StartAt = &t
	}
	if a.endOn {
		t := a.end
		out.EndAt = &t
	}
	out.EndNum = a.endNum
	return out
}

// QuotaCounterKey is the answer counter key of an engine quota key (QuotaHit.Key).
func QuotaCounterKey(engineKey string) string { return quotaCounterKey(engineKey) }

// PasswordCounterKey is the answer counter key counting the uses of an answer password.
func PasswordCounterKey(code string) string { return keyPwd + sha(strings.TrimSpace(code))[:16] }

// IsTotalKey reports whether a CollectionNotifier key is the survey's answer cap.
func IsTotalKey(k string) bool { return k == keyTotal }

// IsQuotaKey reports whether a CollectionNotifier key is a quota.
func IsQuotaKey(k string) bool { return strings.HasPrefix(k, keyQuota) }

// CounterSums returns the counter sums of a survey whose keys start with prefix.
func (s *Service) CounterSums(ctx context.Context, surveyID, prefix string) (map[string]int64, error) {
	s.init()
	return s.counterSums(ctx, s.DB, surveyID, prefix)
}

// AnswerCount is the number of submitted, counted answers of a survey.
func (s *Service) AnswerCount(ctx context.Context, surveyID string) (int64, error) {
	s.init()
	return s.counterSum(ctx, surveyID, keyTotal)
}

// QuotaStates returns each quota of the published document with its stored count.
func (s *Service) QuotaStates(ctx context.Context, sidOrID string) (*models.Survey, []lang.QuotaHit, error) {
	s.init()
	sv, err := s.loadSurvey(ctx, sidOrID)
	if err != nil {
		return nil, nil, err
	}
	if sv.DeletedAt != nil || sv.PublishedVersion == 0 {
		return sv, []lang.QuotaHit{}, nil
	}
	pd, err := s.published(ctx, sv)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.counterSums(ctx, s.DB, sv.ID, keyQuota)
	if err != nil {
		return nil, nil, err
	}
	counts := make(map[string]int, len(pd.quotaKeys))
	for _, k := range pd.quotaKeys {
		counts[k] = int(m[quotaCounterKey(k)])
	}
	hits := pd.eng.CheckSubmission(&lang.AnswerDoc{}, counts).Quotas
	out := make([]lang.QuotaHit, 0, len(hits))
	for _, h := range hits {
		h.Count = counts[h.Key]
		h.Full = h.Cap > 0 && h.Count >= h.Cap
		h.Matched = false
		out = append(out, h)
	}
	return sv, out, nil
}

// collectSetting reads the collection settings row of a survey (nil when none).
func (s *Service) collectSetting(ctx context.Context, surveyID string) (*models.CollectSetting, error) {
	var cs models.CollectSetting
	err := s.DB.WithContext(ctx).Where("survey_id = ?", surveyID).Take(&cs).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &cs, nil
}

// applySetting overlays the collection settings on the published attributes.
func applySetting(a attrs, cs *models.CollectSetting) attrs {
	if cs == nil {
		return a
	}
	if cs.ScheduleSet {
		a.startOn, a.endOn, a.start, a.end = false, false, time.Time{}, time.Time{}
		if cs.StartAt != nil {
			a.startOn, a.start = true, cs.StartAt.UTC()
		}
		if cs.EndAt != nil {
			a.endOn, a.end = true, cs.EndAt.UTC()
		}
		a.endNum = cs.EndNum
	}
	if strings.TrimSpace(cs.IPRules) != "" {
		var rs []ipRange
		for _, line := range strings.Split(cs.IPRules, "\n") {
			if r, ok := parseIPRange(line); ok {
				rs = append(rs, r)
			}
		}
		a.ipRanges, a.ipDeny = rs, cs.IPMode == "deny"
	}
	a.bulkPwd = cs.HasPasswords
	return a
}

// ValidIPRule reports whether one rule line is a.b.c.d, a.b.c.d/n or a.b.c.d/e.f.g.h.
func ValidIPRule(line string) bool {
	_, ok := parseIPRange(line)
	return ok
}

// bulkPassword finds an enabled bulk password of a survey (nil when none matches).
func (s *Service) bulkPassword(ctx context.Context, surveyID, code string) (*models.AnswerPassword, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return nil, nil
	}
	var p models.AnswerPassword
	err := s.DB.WithContext(ctx).Where("survey_id = ? AND code = ? AND enabled = ?", surveyID, code, true).Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}
