package signin

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/netguard"
)

// Messages of the spec (first document §8, second document §8).
const (
	MsgWeixinMisconfigured = "WeChat API misconfigured"
	MsgWeixinShareOff      = "WeChat interface not correctly configured"
	MsgWeixinOnly          = "Please answer via WeChat!"
)

// Weixin is the WeChat official account (JS-SDK, in-WeChat OAuth) and the open-platform
// website application (QR login).
type Weixin struct {
	AppID, AppSecret         string
	OpenAppID, OpenAppSecret string // website app; empty: AppID/AppSecret
	APIBase, OpenBase        string
	HTTP                     *http.Client
	tokenMu, ticketMu        sync.Mutex // one fetch at a time per credential in this process
}

func (w *Weixin) openApp() (string, string) {
	if w.OpenAppID != "" {
		return w.OpenAppID, w.OpenAppSecret
	}
	return w.AppID, w.AppSecret
}

// errWeixin is an errcode answer of the WeChat API.
type errWeixin struct {
	Code int
	Msg  string
}

func (e *errWeixin) Error() string { return fmt.Sprintf("weixin errcode %d: %s", e.Code, e.Msg) }

func (w *Weixin) get(ctx context.Context, path string, q url.Values, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(w.APIBase, "/")+path+"?"+q.Encode(), nil)
	if err != nil {
		return err
	}
	c := w.HTTP
	if c == nil {
		c = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("weixin %s: %w", path, netguard.UnwrapURL(err)) // the URL holds the secret
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var e struct {
		ErrCode int    `json:"errcode"`
		ErrMsg  string `json:"errmsg"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return fmt.Errorf("weixin %s: HTTP %d: unreadable answer", path, resp.StatusCode)
	}
	if e.ErrCode != 0 {
		return &errWeixin{e.ErrCode, e.ErrMsg}
	}
	return json.Unmarshal(raw, out)
}

// snsUser is the answer of /sns/oauth2/access_token.
type snsUser struct {
	OpenID  string `json:"openid"`
	UnionID string `json:"unionid"`
	Scope   string `json:"scope"`
}

func (w *Weixin) exchange(ctx context.Context, appID, secret, code string) (*snsUser, error) {
	var u snsUser
	err := w.get(ctx, "/sns/oauth2/access_token", url.Values{"appid": {appID}, "secret": {secret}, "code": {code}, "grant_type": {"authorization_code"}}, &u)
	if err != nil {
		return nil, err
	}
	if u.OpenID == "" {
		return nil, errors.New("weixin: no openid")
	}
	return &u, nil
}

// WeixinQR starts a website QR login (bindUserID "") or the binding of the logged-in user's
// WeChat: it returns the QR page address; WeChat sends the browser back to the console's
// /auth/weixin with code and state.
func (s *Service) WeixinQR(ctx context.Context, bindUserID, ip string) (string, error) {
	if s.Weixin == nil {
		return "", models.Invalid("WeChat login is not configured")
	}
	state, err := s.newState(ctx, models.AuthState{Kind: models.AuthStateWeixin, UserID: bindUserID, ClientIP: ip}, 10*time.Minute)
	if err != nil {
		return "", err
	}
	appID, _ := s.Weixin.openApp()
	q := url.Values{"appid": {appID}, "redirect_uri": {strings.TrimRight(s.PublicURL, "/") + "/auth/weixin"}, "response_type": {"code"},
		"scope": {"snsapi_login"}, "state": {state}}
	return strings.TrimRight(s.Weixin.OpenBase, "/") + "/connect/qrconnect?" + q.Encode() + "#wechat_redirect", nil
}

// WeixinResult is a finished QR round trip: a login, or a binding.
type WeixinResult struct {
	Login *account.LoginResult
	Bound bool
}

// WeixinCallback finishes a QR login or binding with WeChat's code; the state must be one
// this server issued and not yet used.
func (s *Service) WeixinCallback(ctx context.Context, state, code, ip string) (*WeixinResult, error) {
	if s.Weixin == nil {
		return nil, models.Invalid("WeChat login is not configured")
	}
	st, err := s.takeState(ctx, state, models.AuthStateWeixin)
	if err != nil {
		return nil, err
	}
	appID, secret := s.Weixin.openApp()
	u, err := s.Weixin.exchange(ctx, appID, secret, code)
	if err != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "WeChat login refused", Notes: err.Error(), OperationType: audit.OpLogin, IP: ip})
		var we *errWeixin
		if errors.As(err, &we) && (we.Code == 40013 || we.Code == 40125 || we.Code == 40001) {
			return nil, models.Invalid(MsgWeixinMisconfigured)
		}
		return nil, models.Invalid("WeChat login failed, please scan again")
	}
	subject := u.OpenID
	if u.UnionID != "" {
		subject = u.UnionID
	}
	var link models.UserIdentity
	err = s.DB.WithContext(ctx).Take(&link, "provider = ? AND subject = ?", models.IdentityWeixin, subject).Error
	found := err == nil
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	if st.UserID != "" { // binding
		if found && link.UserID != st.UserID {
			return nil, models.Invalid("This WeChat account is bound to another account")
		}
		if !found {
			if err := s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&models.UserIdentity{Provider: models.IdentityWeixin, Subject: subject,
				UserID: st.UserID, CreatedAt: s.now()}).Error; err != nil {
				return nil, err
			}
		}
		s.Audit.Record(ctx, audit.Entry{Name: "WeChat bound", OperationType: audit.OpLogin, Success: true, UserID: st.UserID, IP: ip})
		return &WeixinResult{Bound: true}, nil
	}
	userID := link.UserID
	if !found {
		open, err := s.Site.RegistrationOpen(ctx)
		if err != nil {
			return nil, err
		}
		if !open {
			return nil, models.Invalid("This WeChat account is not bound to any account; log in and bind it in the user centre")
		}
		err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			nu, err := s.Account.CreateExternalUser(ctx, tx, "wx-"+strings.ToLower(subject[len(subject)-8:]), "WeChat user", "", "")
			if err != nil {
				return err
			}
			userID = nu.ID
			return tx.Create(&models.UserIdentity{Provider: models.IdentityWeixin, Subject: subject, UserID: nu.ID, CreatedAt: s.now()}).Error
		})
		if err != nil {
			return nil, err
		}
	}
	res, err := s.Account.LoginUser(ctx, userID, ip, "WeChat QR")
	if err != nil {
		return nil, err
	}
	return &WeixinResult{Login: res}, nil
}

// cached returns the shared credential name, fetching it with fetch when missing or within
// 5 minutes of expiry (WeChat's overlap), so every replica uses the same token.
func (s *Service) cached(ctx context.Context, mu *sync.Mutex, name string, fetch func() (string, time.Duration, error)) (string, error) {
	now := s.now()
	var c models.CachedSecret
	if err := s.DB.WithContext(ctx).Take(&c, "name = ?", name).Error; err == nil && now.Add(5*time.Minute).Before(c.ExpiresAt) {
		return c.Value, nil
	}
	mu.Lock()
	defer mu.Unlock()
	if err := s.DB.WithContext(ctx).Take(&c, "name = ?", name).Error; err == nil && now.Add(5*time.Minute).Before(c.ExpiresAt) {
		return c.Value, nil
	}
	v, ttl, err := fetch()
	if err != nil {
		return "", err
	}
	c = models.CachedSecret{Name: name, Value: v, ExpiresAt: now.Add(ttl)}
	if err := s.DB.WithContext(ctx).Clauses(clause.OnConflict{UpdateAll: true}).Create(&c).Error; err != nil {
		return "", err
	}
	return v, nil
}

func (s *Service) jsapiTicket(ctx context.Context) (string, error) {
	w := s.Weixin
	return s.cached(ctx, &w.ticketMu, "weixin:jsapi_ticket:"+w.AppID, func() (string, time.Duration, error) {
		tok, err := s.cached(ctx, &w.tokenMu, "weixin:access_token:"+w.AppID, func() (string, time.Duration, error) {
			var r struct {
				AccessToken string `json:"access_token"`
				ExpiresIn   int    `json:"expires_in"`
			}
			err := w.get(ctx, "/cgi-bin/token", url.Values{"grant_type": {"client_credential"}, "appid": {w.AppID}, "secret": {w.AppSecret}}, &r)
			return r.AccessToken, time.Duration(r.ExpiresIn) * time.Second, err
		})
		if err != nil {
			return "", 0, err
		}
		var r struct {
			Ticket    string `json:"ticket"`
			ExpiresIn int    `json:"expires_in"`
		}
		err = w.get(ctx, "/cgi-bin/ticket/getticket", url.Values{"access_token": {tok}, "type": {"jsapi"}}, &r)
		return r.Ticket, time.Duration(r.ExpiresIn) * time.Second, err
	})
}

// JSSDKSignature is the published algorithm: SHA-1 over
// jsapi_ticket=..&noncestr=..&timestamp=..&url=.. (keys in ASCII order, values raw, the
// page URL without its #fragment).
func JSSDKSignature(ticket, nonceStr string, timestamp int64, pageURL string) string {
	if i := strings.IndexByte(pageURL, '#'); i >= 0 {
		pageURL = pageURL[:i]
	}
	h := sha1.Sum([]byte("jsapi_ticket=" + ticket + "&noncestr=" + nonceStr + "&timestamp=" + strconv.FormatInt(timestamp, 10) + "&url=" + pageURL))
	return hex.EncodeToString(h[:])
}

// JSConfig is what wx.config needs.
type JSConfig struct {
	AppID     string `json:"appId"`
	NonceStr  string `json:"nonceStr"`
	Timestamp int64  `json:"timestamp"`
	Signature string `json:"signature"`
}

// JSAPIConfig signs pageURL (an http(s) page of this site) for the JS-SDK.
func (s *Service) JSAPIConfig(ctx context.Context, pageURL string) (*JSConfig, error) {
	if s.Weixin == nil {
		return nil, models.Invalid(MsgWeixinShareOff)
	}
	u, err := url.Parse(pageURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(pageURL) > 2048 {
		return nil, models.Invalid("url: an http(s) page address is required")
	}
	ticket, err := s.jsapiTicket(ctx)
	if err != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "WeChat JS-SDK ticket failed", Notes: err.Error(), OperationType: audit.OpLogin})
		return nil, models.Invalid(MsgWeixinShareOff)
	}
	nonce := account.RandomToken(8)
	ts := s.now().Unix()
	return &JSConfig{AppID: s.Weixin.AppID, NonceStr: nonce, Timestamp: ts, Signature: JSSDKSignature(ticket, nonce, ts, pageURL)}, nil
}
