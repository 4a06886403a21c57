package answer

import (
	"context"
	"encoding/json"
	"errors"

	"gorm.io/gorm"

	"dwsurvey/models"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
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
	text := pd.safeText
	if pd.piper != nil {
		if text, err = pipedReviewText(pd, v.AnQuestions); err != nil {
			return nil, err
		}
	}
	return &SurveyJSON{
		AnswerCheckResult: &Check{AnCheckIsPass: true, AnCheckResultCode: 200, AnCheckResultMsg: "ok"},
		SurveyJSON:        &AnswerDocument{SurveyID: sv.ID, Sid: sv.Sid, Version: sv.PublishedVersion, SurveyJSONText: text},
	}, nil
}

// pipedReviewText is the served document of one answer with its answer placeholders rendered
// (lang.PipeDocument), so the review, raw-data detail and print pages show the texts the
// respondent read. Piped values are escaped in rich text, and the result goes through the same
// cleaning as every served document.
func pipedReviewText(pd *pubDoc, anQuestions json.RawMessage) (string, error) {
	var ans []*lang.AnQuestion
	if len(anQuestions) > 0 && string(anQuestions) != "null" {
		if ad, err := lang.ParseAnswer([]byte(`{"anQuestions":` + string(anQuestions) + `}`)); err == nil {
			ans = ad.AnQuestions
		}
	}
	piped, _ := pd.piper.With(ans).Document(pd.stripped)
	b, err := lang.MarshalCanonical(piped)
	if err != nil {
		return "", err
	}
	return surveysvc.CleanDocumentText(string(b)), nil
}
