package answer

import (
	"context"
	"strings"

	lang "dwsurvey/survey"
)

// WeChat-only answering (surveyAttrs.weixinAttr; docs/signin.md):
//
//	{"enabled": true, "anNum": 1}
//
// enabled: only the WeChat browser may answer; outside it the check answers 430 (the page
// shows the answer address as a QR code to scan). Inside it the respondent must be
// identified by WeChat's web OAuth (services/signin): without a valid identity for this
// survey the check answers 431 with the OAuth address (the page goes there; a user agent that
// only claims to be WeChat gets no further, the OAuth page refuses other browsers and no
// identity is made without WeChat's code). anNum (absent or 0: no limit) is the answers one
// WeChat user (openid) may submit; it is a capped counter (key wx:<openid>) admitted inside
// the save transaction, so concurrent submits cannot pass it.

// WeixinAuth starts the in-WeChat OAuth that identifies a respondent of surveyID and returns
// to the answer page of sid.
type WeixinAuth interface {
	WeixinAnswerAuthURL(ctx context.Context, surveyID, sid, ip string) (string, error)
}

// Check codes and messages of WeChat-only answering.
const (
	CodeWeixinOnly     = 430
	CodeWeixinIdentify = 431
	CodeWeixinRefused  = 432 // the identification failed or WeChat is not configured: a message
	MsgWeixinOnly      = "Please open this survey in WeChat to answer"
	MsgWeixinIdentify  = "Please allow WeChat to identify you to answer this survey"
	MsgWeixinOff       = "WeChat interface not correctly configured"
)

// keyWeixin prefixes the per-WeChat-user answer counters (capped at weixinAttr.anNum).
const keyWeixin = "wx:"

type weixinAttr struct {
	Enabled lang.Bool `json:"enabled"`
	AnNum   *lang.Num `json:"anNum"`
}

// weixinGate is the last gate of a WeChat-only survey: the WeChat browser, an identity for
// this survey, and the per-user limit.
func (s *Service) weixinGate(ctx context.Context, st *gateState, in GateInput) (*Check, error) {
	sv, a := st.sv, &st.attrs
	if !strings.Contains(in.Client.UserAgent, "MicroMessenger") {
		return refuse(CodeWeixinOnly, MsgWeixinOnly), nil
	}
	openID := ""
	if in.Client.WeixinOpenID != nil {
		openID = in.Client.WeixinOpenID(sv.ID)
	}
	if openID == "" {
		if in.Client.WeixinRefused != "" {
			return refuse(CodeWeixinRefused, in.Client.WeixinRefused), nil
		}
		if s.Weixin == nil {
			return refuse(CodeWeixinRefused, MsgWeixinOff), nil
		}
		u, err := s.Weixin.WeixinAnswerAuthURL(ctx, sv.ID, sv.Sid, in.Client.IP)
		if err != nil {
			return nil, err
		}
		c := refuse(CodeWeixinIdentify, MsgWeixinIdentify)
		c.RedirectURL = u
		return c, nil
	}
	st.weixinOpenID, st.weixinMax = openID, a.weixinMax
	if a.weixinMax > 0 {
		n, err := s.counterSum(ctx, sv.ID, keyWeixin+openID)
		if err != nil {
			return nil, err
		}
		if n >= int64(a.weixinMax) {
			return personLimit(a.weixinMax), nil
		}
	}
	return nil, nil
}
