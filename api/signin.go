package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/signin"
)

// registerSignin adds the sign-in channels besides passwords (services/signin): SMS codes,
// phone login and binding, OpenID Connect, WeChat QR login and binding, the JS-SDK signature.
func (s *server) registerSignin() {
	if s.d.Signin == nil {
		s.d.Signin = &signin.Service{} // nothing configured: every channel answers "not configured"
	}
	for _, base := range []string{"anon/security-token/", "anon/security/"} {
		s.handle(http.MethodPost, base+"send-smscode.do", "", "Send a login verification code by SMS (6 digits, 5 minutes, rate-limited)", noStore, s.sendLoginCode)
		s.handle(http.MethodGet, base+"wx-login-qrcode.do", "", "WeChat website QR login: the QR page address (state checked on return)", noStore, s.weixinQR)
		s.handle(http.MethodPost, base+"login-weixin.do", "", "Finish a WeChat QR login or binding with WeChat's code and state", noStore, s.loginWeixin)
	}
	s.handle(http.MethodGet, "anon/security-token/login-options.do", "", "The login page's channels (password, SMS, WeChat, single sign-on)", s.loginOptions)
	s.handle(http.MethodGet, "anon/oidc/start.do", "", "OpenID Connect: the provider's authorization address (PKCE, state, nonce)", noStore, s.oidcStart)
	s.handle(http.MethodPost, "anon/oidc/login.do", "", "OpenID Connect: finish the login with the provider's code and state", noStore, s.oidcLogin)
	s.handle(http.MethodGet, "anon/weixin/js-api-ticket.do", "", "WeChat JS-SDK configuration for a page URL (appId, nonceStr, timestamp, signature); with sid also the survey's share card", noStore, s.jsAPITicket)
	s.registerMaps()
	s.handle(http.MethodGet, "anon/web/map-config.do", "", "Map provider of geolocation questions (provider; configured false: no reverse geocoding, offline IP-region fallback)", s.mapConfig)
	s.handle(http.MethodPost, "app/user/phone/send-code.do", models.PermAuthenticated, "Send a code to the phone to bind", noStore, s.sendBindCode)
	s.handle(http.MethodPost, "app/user/phone.do", models.PermAuthenticated, "Bind or change the own phone with the code sent to it", noStore, s.bindPhone)
	s.handle(http.MethodGet, "app/user/weixin/bind-qrcode.do", models.PermAuthenticated, "Bind the own WeChat: the QR page address", noStore, s.weixinBindQR)
}

type phoneBody struct {
	Phone  string `json:"phone" form:"phone"`
	Mobile string `json:"mobile" form:"mobile"`
	Code   string `json:"code" form:"code"`
}

func (b phoneBody) number() string {
	if b.Phone != "" {
		return b.Phone
	}
	return b.Mobile
}

func (s *server) sendLoginCode(c *gin.Context) {
	var b phoneBody
	_ = c.ShouldBind(&b)
	res, err := s.d.Signin.SendCode(c.Request.Context(), b.number(), models.SMSPurposeLogin, "", c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, res)
}

func (s *server) sendBindCode(c *gin.Context) {
	var b phoneBody
	_ = c.ShouldBind(&b)
	res, err := s.d.Signin.SendCode(c.Request.Context(), b.number(), models.SMSPurposeBind, principal(c).UserID, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, res)
}

func (s *server) bindPhone(c *gin.Context) {
	var b phoneBody
	_ = c.ShouldBind(&b)
	phone, err := s.d.Signin.BindPhone(c.Request.Context(), principal(c).UserID, b.number(), b.Code, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"cellphone": phone})
}

func (s *server) loginOptions(c *gin.Context) { ok(c, s.d.Signin.LoginOptions()) }

// isPhoneLogin tells login.do's SMS types apart (the reference client sends type "mobile").
func isPhoneLogin(t string) bool {
	switch strings.ToLower(t) {
	case "mobile", "phone", "sms":
		return true
	}
	return false
}

// phoneLogin answers login.do for type mobile: mobile (or phone) and captcha (or code).
func (s *server) phoneLogin(c *gin.Context, b loginBody) {
	phone, code := b.Mobile, b.Captcha
	if phone == "" {
		phone = b.Phone
	}
	if code == "" {
		code = b.Code
	}
	res, err := s.d.Signin.PhoneLogin(c.Request.Context(), phone, code, c.ClientIP())
	s.loginAnswer(c, b.Type, res, err)
}

// loginAnswer writes a login in login.do's shape (no envelope at top level).
func (s *server) loginAnswer(c *gin.Context, typ string, res *account.LoginResult, err error) {
	if err != nil {
		ie, isInvalid := models.AsInvalid(err)
		if !isInvalid {
			fail(c, err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "error", "type": typ, "currentAuthority": []string{"guest"}, "token": nil,
			"httpResult": Envelope{ResultCode: codeInvalid, ResultMsg: ie.Msg}})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok", "type": typ, "currentAuthority": res.User.CurrentAuthority, "token": res.Token,
		"httpResult": Envelope{ResultCode: codeOK, ResultMsg: "login success", Data: res.User}})
}

func (s *server) oidcStart(c *gin.Context) {
	u, err := s.d.Signin.OIDCStart(c.Request.Context(), c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"url": u})
}

type oauthBody struct {
	Code  string `json:"code" form:"code"`
	State string `json:"state" form:"state"`
	Error string `json:"error" form:"error"`
}

func (s *server) oidcLogin(c *gin.Context) {
	var b oauthBody
	_ = c.ShouldBind(&b)
	res, err := s.d.Signin.OIDCCallback(c.Request.Context(), b.State, b.Code, b.Error, c.ClientIP())
	s.loginAnswer(c, "oidc", res, err)
}

func (s *server) weixinQR(c *gin.Context) {
	u, err := s.d.Signin.WeixinQR(c.Request.Context(), "", c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"url": u})
}

func (s *server) weixinBindQR(c *gin.Context) {
	u, err := s.d.Signin.WeixinQR(c.Request.Context(), principal(c).UserID, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, gin.H{"url": u})
}

func (s *server) loginWeixin(c *gin.Context) {
	var b oauthBody
	_ = c.ShouldBind(&b)
	res, err := s.d.Signin.WeixinCallback(c.Request.Context(), b.State, b.Code, c.ClientIP())
	if err == nil && res.Bound {
		ok(c, gin.H{"bound": true})
		return
	}
	var login *account.LoginResult
	if err == nil {
		login = res.Login
	}
	s.loginAnswer(c, "weixin", login, err)
}

func (s *server) jsAPITicket(c *gin.Context) {
	cfg, err := s.d.Signin.JSAPIConfig(c.Request.Context(), c.Query("url"))
	if err != nil {
		fail(c, err)
		return
	}
	if sid := c.Query("sid"); sid != "" && s.d.Collect != nil { // the answer page's share card
		card, err := s.d.Collect.PublicShare(c.Request.Context(), sid, requestBase(c))
		if err != nil {
			fail(c, err)
			return
		}
		ok(c, gin.H{"appId": cfg.AppID, "nonceStr": cfg.NonceStr, "timestamp": cfg.Timestamp, "signature": cfg.Signature, "share": card})
		return
	}
	ok(c, cfg)
}

// mapConfig tells the answer page whether the server names places (map-reverse.do) and with
// which provider. No key is sent: the page does not load the provider's JS API, and maps.key is
// also the web service key when maps.service_key is empty. Without a key the page keeps the
// coordinates (the answer's region comes from the offline IP-region lookup).
func (s *server) mapConfig(c *gin.Context) {
	provider := s.d.Config.Maps.Provider
	if provider == "" {
		provider = "amap"
	}
	ok(c, gin.H{"configured": s.geocoder() != nil, "provider": provider})
}
