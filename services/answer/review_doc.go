package answer

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// ReviewDocument is the survey document for the review page of one answer
// (an/review/:sid/:answerId, an-solution/:answerId). It applies the access rule of
// get-survey-answer.do (resume token, the respondent, or survey staff with data rights)
// instead of the respondent gates: a logged-in owner reviewing an answer is not refused by
// the per-browser or per-IP limits, the collection window or the answer password. The
// document is the published version the answer was made against, stripped of secrets.
func (s *Service) ReviewDocument(ctx context.Context, rd Reader, answerID string) (*SurveyJSON, error) {
	v, err := s.GetAnswer(ctx, rd, answerID)
	if err != nil {
		return nil, err
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Where("id = ?", v.SurveyID).Take(&sv).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	if v.SurveyVersion > 0 {
		sv.PublishedVersion = v.SurveyVersion
	}
	if sv.PublishedVersion == 0 {
		return nil, models.ErrNotFound
	}
	pd, err := s.published(ctx, &sv)
	if err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	return &SurveyJSON{
		AnswerCheckResult: &Check{AnCheckIsPass: true, AnCheckResultCode: 200, AnCheckResultMsg: "ok"},
		SurveyJSON:        &AnswerDocument{SurveyID: sv.ID, Sid: sv.Sid, Version: sv.PublishedVersion, SurveyJSONText: pd.safeText},
	}, nil
}
