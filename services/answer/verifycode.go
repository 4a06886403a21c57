package answer

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"image/png"
	"regexp"
	"strings"
	"time"

	"rsc.io/qr"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// Verification code after submit (surveyAttrs.verifyCodeAttr, docs/api-answer.md).
//
// The code of an answer is the stored answer of the survey's verification-code component
// (VERIFYCODE, or DW_COMPONENT with childType verifycode) when it has the expected shape
// (4 to 32 letters and digits). When the survey has no such component, or the stored value
// has another shape, the server derives a code from the answer itself (HMAC over the answer
// id keyed with the stored hash of its resume token): nobody without the server's data can
// compute it, and the browser never chooses it. The code is a receipt for the respondent to
// show; nothing in the product grants access by it.

// VerifyCodeInfo is the data of verify-code.do.
type VerifyCodeInfo struct {
	AnswerID   string `json:"answerId"`
	Code       string `json:"code"`
	ImgType    string `json:"imgType"`    // "barcode" (CODE128) or "qr"
	Source     string `json:"source"`     // "component" or "server"
	ExpireDate string `json:"expireDate"` // submit time + expireDays, server time zone
	Expired    bool   `json:"expired"`
}

const (
	verifyImgBarcode = "barcode"
	verifyImgQR      = "qr"
	// verifyDefaultDays is the validity of a code when expireDays is not set.
	verifyDefaultDays = 1
	verifyMaxDays     = 3650
	verifyDerivedLen  = 10
	verifyAlphabet    = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
)

var verifyCodeShape = regexp.MustCompile(`^[A-Za-z0-9]{4,32}$`)

// ValidVerifyCode reports whether a code has the accepted shape (4 to 32 letters and digits).
func ValidVerifyCode(code string) bool { return verifyCodeShape.MatchString(code) }

// VerifyCode returns the verification code of a submitted answer under the access rule of
// get-survey-answer.do (resume token, the respondent, survey staff with data rights).
// Not found: the caller may not read the answer, it is a draft, or the survey version the
// answer was given on does not have verifyCodeAttr.enabled.
func (s *Service) VerifyCode(ctx context.Context, rd Reader, answerID string) (*VerifyCodeInfo, error) {
	s.init()
	answerID = strings.TrimSpace(answerID)
	if answerID == "" || len(answerID) > 64 {
		return nil, models.ErrNotFound
	}
	if _, err := s.GetAnswer(ctx, rd, answerID); err != nil {
		return nil, err
	}
	var a models.Answer
	if err := s.DB.WithContext(ctx).Select("id", "survey_id", "survey_version", "save_status", "end_an_date", "document", "resume_token_hash").
		Where("id = ? AND deleted_at IS NULL", answerID).Take(&a).Error; err != nil {
		return nil, err
	}
	if a.SaveStatus != 0 || a.SurveyVersion <= 0 {
		return nil, models.ErrNotFound
	}
	pd, err := s.published(ctx, &models.Survey{ID: a.SurveyID, PublishedVersion: a.SurveyVersion})
	if err != nil {
		return nil, models.ErrNotFound
	}
	var va *lang.VerifyCodeAttr
	if pd.doc.SurveyAttrs != nil {
		va = pd.doc.SurveyAttrs.VerifyCodeAttr
	}
	if va == nil || !bool(va.Enabled) {
		return nil, models.ErrNotFound
	}
	info := &VerifyCodeInfo{AnswerID: a.ID, ImgType: verifyImgBarcode, Source: "server"}
	if strings.EqualFold(strings.TrimSpace(va.ImgType), verifyImgQR) {
		info.ImgType = verifyImgQR
	}
	if c := componentCode(pd.doc, a.Document); c != "" {
		info.Code, info.Source = c, "component"
	} else {
		info.Code = derivedCode(a.ID, a.ResumeTokenHash)
	}
	days := float64(va.ExpireDays)
	if days <= 0 {
		days = verifyDefaultDays
	}
	if days > verifyMaxDays {
		days = verifyMaxDays
	}
	exp := a.EndAnDate.Add(time.Duration(days * float64(24*time.Hour)))
	info.ExpireDate = models.FormatTime(exp)
	info.Expired = s.now().After(exp)
	return info, nil
}

// VerifyCodeQR is the PNG QR image of an answer's verification code (same access rule as
// VerifyCode). An expired code has no image (not found).
func (s *Service) VerifyCodeQR(ctx context.Context, rd Reader, answerID string) ([]byte, error) {
	info, err := s.VerifyCode(ctx, rd, answerID)
	if err != nil {
		return nil, err
	}
	if info.Expired {
		return nil, models.ErrNotFound
	}
	code, err := qr.Encode(info.Code, qr.M)
	if err != nil {
		return nil, err
	}
	code.Scale = 6
	var buf bytes.Buffer
	if err := png.Encode(&buf, code.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// componentCode is the stored answer of the document's verification-code component, when
// it has the accepted shape; "" otherwise.
func componentCode(d *lang.Survey, document string) string {
	ids := map[string]bool{}
	for _, q := range d.Questions {
		if q == nil {
			continue
		}
		t := string(q.QuType)
		if t == lang.TypeVerifyCode || (t == lang.TypeComponent && string(q.ChildType) == lang.ChildVerifyCode) {
			ids[string(q.DwID)] = true
		}
	}
	if len(ids) == 0 || document == "" {
		return ""
	}
	var doc struct {
		AnQuestions []struct {
			QuDwID string `json:"quDwId"`
			AnFbk  *struct {
				Answer json.RawMessage `json:"answer"`
			} `json:"anFbk"`
		} `json:"anQuestions"`
	}
	if err := json.Unmarshal([]byte(document), &doc); err != nil {
		return ""
	}
	for _, aq := range doc.AnQuestions {
		if !ids[aq.QuDwID] || aq.AnFbk == nil {
			continue
		}
		var v string
		if json.Unmarshal(aq.AnFbk.Answer, &v) == nil && ValidVerifyCode(v) {
			return v
		}
	}
	return ""
}

// derivedCode is the server's code of an answer without a component code.
func derivedCode(answerID, resumeTokenHash string) string {
	key := []byte(resumeTokenHash)
	if len(key) == 0 {
		key = []byte("dwsurvey-verifycode")
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("verifycode:" + answerID))
	sum := m.Sum(nil)
	out := make([]byte, verifyDerivedLen)
	for i := range out {
		out[i] = verifyAlphabet[int(sum[i])%len(verifyAlphabet)]
	}
	return string(out)
}
