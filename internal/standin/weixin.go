package standin

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// OpenID is the stand-in's openid of a WeChat user name under an app (stable, 28 characters
// like WeChat's).
func OpenID(appID, user string) string {
	h := sha256.Sum256([]byte(appID + "\x00" + user))
	return "o" + hex.EncodeToString(h[:])[:27]
}

// UnionID is the user's id across the apps of one open-platform account.
func UnionID(user string) string {
	h := sha256.Sum256([]byte("union\x00" + user))
	return "u" + hex.EncodeToString(h[:])[:27]
}

func (s *Server) count(name string) {
	s.mu.Lock()
	s.Calls[name]++
	s.mu.Unlock()
}

func wxErr(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, 200, map[string]any{"errcode": code, "errmsg": msg})
}

func (s *Server) wxToken(w http.ResponseWriter, r *http.Request) {
	s.count("token")
	q := r.URL.Query()
	switch {
	case q.Get("grant_type") != "client_credential":
		wxErr(w, 40002, "invalid grant_type")
	case q.Get("appid") != s.WeixinAppID:
		wxErr(w, 40013, "invalid appid")
	case q.Get("secret") != s.WeixinSecret:
		wxErr(w, 40001, "invalid credential, access_token is invalid or not latest")
	default:
		tok := "AT" + randomHex(24)
		s.mu.Lock()
		s.tokens[tok] = s.now().Add(s.TokenTTL)
		s.mu.Unlock()
		writeJSON(w, 200, map[string]any{"access_token": tok, "expires_in": int(s.TokenTTL.Seconds())})
	}
}

func (s *Server) wxTicket(w http.ResponseWriter, r *http.Request) {
	s.count("ticket")
	q := r.URL.Query()
	s.mu.Lock()
	exp, ok := s.tokens[q.Get("access_token")]
	s.mu.Unlock()
	switch {
	case !ok:
		wxErr(w, 40001, "invalid credential, access_token is invalid or not latest")
	case s.now().After(exp):
		wxErr(w, 42001, "access_token expired")
	case q.Get("type") != "jsapi":
		wxErr(w, 40097, "invalid args")
	default:
		t := "TK" + randomHex(30)
		s.mu.Lock()
		s.tickets[t] = s.now().Add(s.TokenTTL)
		s.mu.Unlock()
		writeJSON(w, 200, map[string]any{"errcode": 0, "errmsg": "ok", "ticket": t, "expires_in": int(s.TokenTTL.Seconds())})
	}
}

// redirectAllowed is WeChat's check of redirect_uri: its host must be the authorised domain.
func (s *Server) redirectAllowed(raw string) (*url.URL, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, false
	}
	return u, s.WeixinDomain == "" || u.Host == s.WeixinDomain || u.Hostname() == s.WeixinDomain
}

var qrPage = template.Must(template.New("qr").Parse(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>WeChat login (stand-in)</title></head>
<body><main><h1>WeChat login (stand-in)</h1><p>{{.Msg}}</p>{{if .Action}}<form method="post" action="{{.Action}}">
<input type="hidden" name="t" value="{{.Ticket}}"><label for="wxuser">WeChat user</label> <input id="wxuser" name="user" value="wx-user-1">
<button type="submit">Confirm login</button></form>{{end}}</main></body></html>`))

type pending struct {
	appID, redirect, state, scope string
}

// wxQRConnect is the website QR login page: in reality the user scans it with the phone
// and confirms there; here the confirmation is a button.
func (s *Server) wxQRConnect(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	msg, ok := s.checkAuthorize(q, "snsapi_login")
	if !ok {
		w.WriteHeader(400)
		_ = qrPage.Execute(w, map[string]string{"Msg": msg})
		return
	}
	t := s.park(pending{appID: q.Get("appid"), redirect: q.Get("redirect_uri"), state: q.Get("state"), scope: "snsapi_login"})
	_ = qrPage.Execute(w, map[string]string{"Msg": "Scan with WeChat to log in to the website.", "Action": "/connect/confirm", "Ticket": t})
}

// wxAuthorize is the in-WeChat web OAuth: only inside the WeChat browser; it redirects at
// once for snsapi_base (the user is given by the "user" query parameter of the stand-in, or
// the WeChat user name in the user agent's "WxUser/<name>" token, default wx-user-1).
func (s *Server) wxAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if !strings.Contains(r.UserAgent(), "MicroMessenger") {
		w.WriteHeader(403)
		_ = qrPage.Execute(w, map[string]string{"Msg": "请在微信客户端打开链接 (open the link in WeChat)"})
		return
	}
	scope := q.Get("scope")
	if scope != "snsapi_base" && scope != "snsapi_userinfo" {
		w.WriteHeader(400)
		_ = qrPage.Execute(w, map[string]string{"Msg": "scope 参数错误或没有 scope 权限"})
		return
	}
	msg, ok := s.checkAuthorize(q, scope)
	if !ok {
		w.WriteHeader(400)
		_ = qrPage.Execute(w, map[string]string{"Msg": msg})
		return
	}
	user := "wx-user-1"
	for _, f := range strings.Fields(r.UserAgent()) {
		if v, ok := strings.CutPrefix(f, "WxUser/"); ok && v != "" {
			user = v
		}
	}
	http.Redirect(w, r, s.issueCode(pending{appID: q.Get("appid"), redirect: q.Get("redirect_uri"), state: q.Get("state"), scope: scope}, user), http.StatusFound)
}

func (s *Server) checkAuthorize(q url.Values, scope string) (string, bool) {
	if q.Get("appid") != s.WeixinAppID {
		return "appid 参数错误 (invalid appid)", false
	}
	if q.Get("response_type") != "code" {
		return "response_type 参数错误", false
	}
	if q.Get("scope") != scope {
		return "scope 参数错误或没有 scope 权限", false
	}
	if _, ok := s.redirectAllowed(q.Get("redirect_uri")); !ok {
		return "redirect_uri 参数错误 (not on the authorised domain)", false
	}
	return "", true
}

func (s *Server) park(p pending) string {
	t := randomHex(12)
	s.mu.Lock()
	s.codes["pending:"+t] = &oauthCode{appID: p.appID, scope: p.scope, user: p.redirect + "\x00" + p.state, issued: s.now()}
	s.mu.Unlock()
	return t
}

func (s *Server) wxConfirm(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	s.mu.Lock()
	c := s.codes["pending:"+r.PostForm.Get("t")]
	delete(s.codes, "pending:"+r.PostForm.Get("t"))
	s.mu.Unlock()
	user := strings.TrimSpace(r.PostForm.Get("user"))
	if c == nil || user == "" || s.now().Sub(c.issued) > 5*time.Minute {
		w.WriteHeader(400)
		_ = qrPage.Execute(w, map[string]string{"Msg": "二维码已失效 (the QR code expired)"})
		return
	}
	redirect, state, _ := strings.Cut(c.user, "\x00")
	http.Redirect(w, r, s.issueCode(pending{appID: c.appID, redirect: redirect, state: state, scope: c.scope}, user), http.StatusFound)
}

func (s *Server) issueCode(p pending, user string) string {
	code := randomHex(16)
	s.mu.Lock()
	s.codes[code] = &oauthCode{appID: p.appID, user: user, scope: p.scope, issued: s.now()}
	s.mu.Unlock()
	u, _ := url.Parse(p.redirect)
	q := u.Query()
	q.Set("code", code)
	q.Set("state", p.state)
	u.RawQuery = q.Encode()
	return u.String()
}

// wxCodeExchange is /sns/oauth2/access_token: the code is single-use, 5 minutes, bound to the app.
func (s *Server) wxCodeExchange(w http.ResponseWriter, r *http.Request) {
	s.count("sns-token")
	q := r.URL.Query()
	if q.Get("grant_type") != "authorization_code" {
		wxErr(w, 40002, "invalid grant_type")
		return
	}
	if q.Get("appid") != s.WeixinAppID {
		wxErr(w, 40013, "invalid appid")
		return
	}
	if q.Get("secret") != s.WeixinSecret {
		wxErr(w, 40125, "invalid appsecret")
		return
	}
	s.mu.Lock()
	c := s.codes[q.Get("code")]
	var used bool
	if c != nil {
		used, c.used = c.used, true
	}
	s.mu.Unlock()
	switch {
	case c == nil || c.appID != q.Get("appid") || strings.HasPrefix(q.Get("code"), "pending:"):
		wxErr(w, 40029, "invalid code")
	case used:
		wxErr(w, 40163, "code been used")
	case s.now().Sub(c.issued) > 5*time.Minute:
		wxErr(w, 40029, "invalid code (expired)")
	default:
		tok := "UT" + randomHex(20)
		openid := OpenID(c.appID, c.user)
		s.mu.Lock()
		s.userTok[tok] = c.user
		s.mu.Unlock()
		writeJSON(w, 200, map[string]any{"access_token": tok, "expires_in": 7200, "refresh_token": "RT" + randomHex(20),
			"openid": openid, "scope": c.scope, "unionid": UnionID(c.user)})
	}
}

func (s *Server) wxUserInfo(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	user, ok := s.userTok[q.Get("access_token")]
	s.mu.Unlock()
	if !ok || q.Get("openid") != OpenID(s.WeixinAppID, user) {
		wxErr(w, 40001, "invalid credential")
		return
	}
	writeJSON(w, 200, map[string]any{"openid": q.Get("openid"), "nickname": user, "unionid": UnionID(user), "headimgurl": ""})
}

// JSSDKStringToSign is the documented string of the JS-SDK signature (JS-SDK appendix 1): the
// four fields sorted by name (ASCII), as key=value joined by "&", values raw, the page URL
// without its #fragment.
func JSSDKStringToSign(ticket, nonceStr, timestamp, pageURL string) string {
	pageURL, _, _ = strings.Cut(pageURL, "#")
	f := map[string]string{"noncestr": nonceStr, "jsapi_ticket": ticket, "timestamp": timestamp, "url": pageURL}
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + f[k]
	}
	return strings.Join(parts, "&")
}

// wxJSConfig is what WeChat checks when a page calls wx.config: the app, the signature over a
// ticket WeChat issued and still honours, and the page's URL. The WeChat client answers
// "config:invalid signature" otherwise (wx.error instead of wx.ready).
func (s *Server) wxJSConfig(w http.ResponseWriter, r *http.Request) {
	s.count("jssdk-config")
	var c struct {
		AppID     string          `json:"appId"`
		Timestamp json.RawMessage `json:"timestamp"`
		NonceStr  string          `json:"nonceStr"`
		Signature string          `json:"signature"`
		URL       string          `json:"url"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&c); err != nil {
		writeJSON(w, 400, map[string]string{"errMsg": "config:invalid arguments"})
		return
	}
	if c.AppID != s.WeixinAppID {
		writeJSON(w, 200, map[string]string{"errMsg": "config:invalid appid"})
		return
	}
	ts := strings.Trim(string(c.Timestamp), `"`)
	s.mu.Lock()
	var valid []string
	for t, exp := range s.tickets {
		if s.now().Before(exp) {
			valid = append(valid, t)
		}
	}
	s.mu.Unlock()
	for _, t := range valid {
		h := sha1.Sum([]byte(JSSDKStringToSign(t, c.NonceStr, ts, c.URL)))
		if hex.EncodeToString(h[:]) == strings.ToLower(c.Signature) {
			writeJSON(w, 200, map[string]string{"errMsg": "config:ok"})
			return
		}
	}
	writeJSON(w, 200, map[string]string{"errMsg": "config:invalid signature"})
}
