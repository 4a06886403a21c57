package signin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/audit"
)

// In-WeChat identification of respondents (weixinAttr, second document §3/§4): a survey that
// must be answered in WeChat sends the WeChat browser through the official account's web
// OAuth (scope snsapi_base: silent, no consent page). WeChat returns to the answer page with
// code and state; the page hands them to the survey load (wxCode, wxState); the server
// exchanges the code for the respondent's openid and answers a signed identity for that
// survey, kept by the browser as an HttpOnly cookie. The answer gate trusts that identity,
// never the user agent alone, and counts answers per openid.

// AnswerIdentityTTL is how long an in-WeChat identity stays valid; afterwards the (silent)
// OAuth round trip runs again.
const AnswerIdentityTTL = 7 * 24 * time.Hour

// answerKeyName is the cached_secrets row of the identities' HMAC key: made once at random
// and shared by every replica.
const answerKeyName = "answer-identity:hmac-key"

// WeixinAnswerAuthURL is the in-WeChat OAuth address that identifies the respondent of
// survey surveyID and returns to its answer page /v8/diaowen/an/{sid} with code and state.
func (s *Service) WeixinAnswerAuthURL(ctx context.Context, surveyID, sid, ip string) (string, error) {
	if s.Weixin == nil {
		return "", models.Invalid(MsgWeixinShareOff)
	}
	state, err := s.newState(ctx, models.AuthState{Kind: models.AuthStateWeixinAnswer, Nonce: surveyID, ClientIP: ip}, 10*time.Minute)
	if err != nil {
		return "", err
	}
	// WeChat requires the parameters in this order: appid, redirect_uri, response_type, scope,
	// state (Encode sorts the keys, which gives exactly that order), then #wechat_redirect.
	q := url.Values{"appid": {s.Weixin.AppID}, "redirect_uri": {strings.TrimRight(s.PublicURL, "/") + "/v8/diaowen/an/" + url.PathEscape(sid)},
		"response_type": {"code"}, "scope": {"snsapi_base"}, "state": {state}}
	return strings.TrimRight(s.Weixin.OpenBase, "/") + "/connect/oauth2/authorize?" + q.Encode() + "#wechat_redirect", nil
}

// WeixinAnswerIdentify finishes the round trip: the state must be one this server issued for
// an answer identification and not yet used; the code is exchanged (once: WeChat refuses a
// used code) for the openid. It returns the survey the identity is for, the openid and the
// signed identity to store in the browser.
func (s *Service) WeixinAnswerIdentify(ctx context.Context, state, code, ip string) (surveyID, openID, identity string, err error) {
	if s.Weixin == nil {
		return "", "", "", models.Invalid(MsgWeixinShareOff)
	}
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 256 {
		return "", "", "", models.Invalid(MsgStateInvalid)
	}
	st, err := s.takeState(ctx, state, models.AuthStateWeixinAnswer)
	if err != nil {
		return "", "", "", err
	}
	u, err := s.Weixin.exchange(ctx, s.Weixin.AppID, s.Weixin.AppSecret, code)
	if err != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "WeChat respondent identification refused", Notes: err.Error(), OperationType: audit.OpLogin, IP: ip})
		var we *errWeixin
		if errors.As(err, &we) && (we.Code == 40013 || we.Code == 40125 || we.Code == 40001) {
			return "", "", "", models.Invalid(MsgWeixinMisconfigured)
		}
		return "", "", "", models.Invalid(MsgStateInvalid)
	}
	if !validOpenID(u.OpenID) {
		return "", "", "", models.Invalid(MsgWeixinMisconfigured)
	}
	identity, err = s.SignAnswerIdentity(ctx, st.Nonce, u.OpenID)
	if err != nil {
		return "", "", "", err
	}
	return st.Nonce, u.OpenID, identity, nil
}

// validOpenID: WeChat openids are 28 characters of [A-Za-z0-9_-]; anything else (or longer
// than a counter key allows) is not accepted as an identity.
func validOpenID(v string) bool {
	if v == "" || len(v) > 64 {
		return false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// SignAnswerIdentity is the identity of openID for surveyID: openid.expiry.HMAC-SHA256 over
// the survey, the openid and the expiry.
func (s *Service) SignAnswerIdentity(ctx context.Context, surveyID, openID string) (string, error) {
	key, err := s.answerKey(ctx)
	if err != nil {
		return "", err
	}
	exp := strconv.FormatInt(s.now().Add(AnswerIdentityTTL).Unix(), 10)
	return openID + "." + exp + "." + answerMAC(key, surveyID, openID, exp), nil
}

// VerifyAnswerIdentity returns the openid of a valid, unexpired identity for surveyID, or "".
func (s *Service) VerifyAnswerIdentity(ctx context.Context, surveyID, identity string) string {
	if identity == "" || len(identity) > 200 || surveyID == "" || s.DB == nil {
		return ""
	}
	parts := strings.Split(identity, ".")
	if len(parts) != 3 || !validOpenID(parts[0]) {
		return ""
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || s.now().Unix() >= exp {
		return ""
	}
	key, err := s.answerKey(ctx)
	if err != nil {
		return ""
	}
	if !hmac.Equal([]byte(parts[2]), []byte(answerMAC(key, surveyID, parts[0], parts[1]))) {
		return ""
	}
	return parts[0]
}

func answerMAC(key []byte, surveyID, openID, exp string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("wxanswer\x00" + surveyID + "\x00" + openID + "\x00" + exp))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// answerKey reads (or, the first time, makes) the shared HMAC key of the identities.
func (s *Service) answerKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.idKey != nil {
		return s.idKey, nil
	}
	var c models.CachedSecret
	err := s.DB.WithContext(ctx).Take(&c, "name = ?", answerKeyName).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		// the first replica's key wins; the others read it back
		if err := s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&models.CachedSecret{Name: answerKeyName,
			Value: base64.StdEncoding.EncodeToString(b), ExpiresAt: time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)}).Error; err != nil {
			return nil, err
		}
		err = s.DB.WithContext(ctx).Take(&c, "name = ?", answerKeyName).Error
	}
	if err != nil {
		return nil, err
	}
	key, err := base64.StdEncoding.DecodeString(c.Value)
	if err != nil || len(key) < 32 {
		return nil, errors.New("signin: unreadable answer identity key")
	}
	s.idKey = key
	return key, nil
}
