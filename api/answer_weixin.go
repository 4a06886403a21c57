package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/signin"
)

// In-WeChat respondent identities (services/answer/weixin.go, services/signin/weixin_answer.go):
// one HttpOnly cookie per survey, holding the signed openid; the page never sees it.

func weixinCookie(surveyID string) string { return "dwWx_" + surveyID }

// weixinClient lets the gate read the identity the browser holds for a survey.
func (s *server) weixinClient(c *gin.Context, cl *answersvc.Client) {
	sg := s.d.Signin
	ctx := c.Request.Context()
	cl.WeixinOpenID = func(surveyID string) string {
		v, err := c.Cookie(weixinCookie(surveyID))
		if err != nil || v == "" {
			return ""
		}
		return sg.VerifyAnswerIdentity(ctx, surveyID, v)
	}
}

// weixinIdentify finishes the in-WeChat OAuth round trip when the answer page came back from
// WeChat (wxCode and wxState: the answer URL's code and state): the identity is stored in the
// browser and used at once; a refused one (forged or replayed state, used code) is shown by
// the gate instead of starting the round trip again.
func (s *server) weixinIdentify(c *gin.Context, p map[string]string, cl *answersvc.Client) {
	code, state := first(p, "wxCode"), first(p, "wxState")
	if code == "" && state == "" {
		return
	}
	surveyID, openID, identity, err := s.d.Signin.WeixinAnswerIdentify(c.Request.Context(), state, code, c.ClientIP())
	if err != nil {
		msg := signin.MsgStateInvalid
		if ie, ok := models.AsInvalid(err); ok {
			msg = ie.Msg
		}
		cl.WeixinRefused = msg
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: weixinCookie(surveyID), Value: identity, Path: "/", MaxAge: int(signin.AnswerIdentityTTL.Seconds()),
		HttpOnly: true, Secure: servedOverHTTPS(c), SameSite: http.SameSiteLaxMode})
	prev := cl.WeixinOpenID
	cl.WeixinOpenID = func(id string) string {
		if id == surveyID {
			return openID
		}
		if prev != nil {
			return prev(id)
		}
		return ""
	}
}
