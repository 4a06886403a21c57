package api_test

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/oidcdev"
	"dwsurvey/internal/standin"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/site"
)

const signinPublic = "http://dws.test"

// browser follows redirects like a browser until one leads back to our site (the console's
// /auth pages), and returns that address.
type browser struct {
	t *testing.T
	c *http.Client
}

func newBrowser(t *testing.T, ua string) *browser {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 20 * time.Second, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if req.URL.Host == "dws.test" {
			return http.ErrUseLastResponse
		}
		if ua != "" {
			req.Header.Set("User-Agent", ua)
		}
		return nil
	}}
	return &browser{t: t, c: c}
}

func (b *browser) do(method, u string, form url.Values, ua string) (*http.Response, string) {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, u, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if ua != "" {
		req.Header.Set("User-Agent", ua)
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp, string(raw)
}

// backAt returns the query of the redirect to our site.
func backAt(t *testing.T, resp *http.Response, path string) url.Values {
	t.Helper()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode/100 != 3 || err != nil || loc.Host != "dws.test" || loc.Path != path {
		t.Fatalf("want a redirect to %s%s, got HTTP %d %q", signinPublic, path, resp.StatusCode, resp.Header.Get("Location"))
	}
	return loc.Query()
}

func startOIDCProvider(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	issuer := "http://" + l.Addr().String() + "/"
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: oidcdev.New(issuer,
		[]oidcdev.Client{{ID: "dws", Secret: "dws-secret", RedirectURIs: []string{signinPublic + "/auth/oidc"}}},
		[]oidcdev.User{
			{ID: "u-ann", Username: "ann", Password: "ann-pw-1", Email: "ann@corp.example", Name: "Ann Lee", Groups: []string{"staff", "auditors"}},
			{ID: "u-bob", Username: "bob", Password: "bob-pw-1", Email: "bob@corp.example", Name: "Bob Ma", Groups: []string{"staff"}},
		}, nil)}}
	srv.Start()
	t.Cleanup(srv.Close)
	return issuer
}

// oidcRoundTrip starts a login at our server, signs in at the provider's own login page and
// returns the code and state the provider sends back.
func oidcRoundTrip(t *testing.T, e *testenv.Env, user, password string) url.Values {
	t.Helper()
	var start struct{ URL string }
	e.Client(t, "").Get("anon/oidc/start.do").OK(t, &start)
	au, _ := url.Parse(start.URL)
	q := au.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("nonce") == "" || q.Get("state") == "" {
		t.Fatalf("authorization request without PKCE, nonce or state: %s", start.URL)
	}
	b := newBrowser(t, "")
	resp, _ := b.do(http.MethodGet, start.URL, nil, "")
	id := resp.Request.URL.Query().Get("authRequestID")
	if resp.StatusCode != 200 || id == "" {
		t.Fatalf("provider login page: HTTP %d at %s", resp.StatusCode, resp.Request.URL)
	}
	loginURL := resp.Request.URL.Scheme + "://" + resp.Request.URL.Host + "/login/username"
	resp, _ = b.do(http.MethodPost, loginURL, url.Values{"id": {id}, "username": {user}, "password": {password}}, "")
	return backAt(t, resp, "/auth/oidc")
}

func oidcLogin(t *testing.T, e *testenv.Env, back url.Values) testenv.LoginResponse {
	t.Helper()
	var lr testenv.LoginResponse
	e.Client(t, "").Post("anon/oidc/login.do", map[string]string{"code": back.Get("code"), "state": back.Get("state")}).JSON(t, &lr)
	return lr
}

// Single sign-on against a real OpenID Connect provider: the user is created from the
// claims, the groups claim maps to a role, the second login finds the same user; a replayed
// or forged state and a nonce that does not match are refused and log nobody in.
func TestOIDCSingleSignOn(t *testing.T) {
	issuer := startOIDCProvider(t)
	opts := testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.OIDC.Issuer, c.OIDC.ClientID, c.OIDC.ClientSecret = issuer, "dws", "dws-secret"
		c.OIDC.RoleMap = []string{"auditors=SSO_AUDITOR"}
		c.OIDC.ButtonText = "Corp login"
	}}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		if err := e.DB.Create(&models.Role{ID: "r-sso-auditor", Name: "Auditor", Code: "SSO_AUDITOR", Type: models.RoleUserDefined}).Error; err != nil {
			t.Fatal(err)
		}
		var opt struct {
			OIDC       bool
			OIDCButton string
			SMS        bool
		}
		e.Client(t, "").Get("anon/security-token/login-options.do").OK(t, &opt)
		if !opt.OIDC || opt.OIDCButton != "Corp login" || opt.SMS {
			t.Fatalf("login options %+v", opt)
		}

		back := oidcRoundTrip(t, e, "ann", "ann-pw-1")
		lr := oidcLogin(t, e, back)
		if lr.Status != "ok" || lr.Token == nil {
			t.Fatalf("sso login refused: %+v", lr)
		}
		var me struct {
			ID, LoginName, Email, Name string
			Roles                      []struct{ Code string }
		}
		e.Client(t, *lr.Token).Get("app/user/currentUser.do").OK(t, &me)
		codes := fmt.Sprint(me.Roles)
		if me.LoginName != "ann" || me.Email != "ann@corp.example" || me.Name != "Ann Lee" || !strings.Contains(codes, "SSO_AUDITOR") || !strings.Contains(codes, models.RoleUser) {
			t.Fatalf("created user %+v", me)
		}
		// the same code and state again: refused (state used), nothing changes
		before := testenv.Count(t, e.DB, &models.AuthToken{})
		if lr := oidcLogin(t, e, back); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "already used") {
			t.Fatalf("replayed state: %+v", lr)
		}
		// a second login finds the linked user; bob (no auditors group) gets no auditor role
		if lr := oidcLogin(t, e, oidcRoundTrip(t, e, "ann", "ann-pw-1")); lr.Status != "ok" || lr.HTTPResult.Data == nil {
			t.Fatalf("second login: %+v", lr)
		}
		if n := testenv.Count(t, e.DB, &models.User{}, "email = ?", "ann@corp.example"); n != 1 {
			t.Fatalf("%d users for ann", n)
		}
		lb := oidcLogin(t, e, oidcRoundTrip(t, e, "bob", "bob-pw-1"))
		var bob struct{ Roles []struct{ Code string } }
		e.Client(t, *lb.Token).Get("app/user/currentUser.do").OK(t, &bob)
		if strings.Contains(fmt.Sprint(bob.Roles), "SSO_AUDITOR") {
			t.Fatalf("bob mapped to auditor: %+v", bob)
		}
		before = testenv.Count(t, e.DB, &models.AuthToken{})
		// a forged state
		back = oidcRoundTrip(t, e, "ann", "ann-pw-1")
		forged := url.Values{"code": {back.Get("code")}, "state": {back.Get("state") + "x"}}
		if lr := oidcLogin(t, e, forged); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "expired or was already used") {
			t.Fatalf("forged state: %+v", lr)
		}
		// a nonce that does not match the ID token's (the stored nonce tampered with)
		back = oidcRoundTrip(t, e, "ann", "ann-pw-1")
		e.DB.Model(&models.AuthState{}).Where("kind = ? AND used_at IS NULL", models.AuthStateOIDC).Update("nonce", "tampered-nonce")
		if lr := oidcLogin(t, e, back); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "nonce") {
			t.Fatalf("tampered nonce: %+v", lr)
		}
		// a PKCE verifier that does not match the challenge: the provider refuses the code
		back = oidcRoundTrip(t, e, "ann", "ann-pw-1")
		e.DB.Model(&models.AuthState{}).Where("kind = ? AND used_at IS NULL", models.AuthStateOIDC).Update("verifier", strings.Repeat("v", 43))
		if lr := oidcLogin(t, e, back); lr.Status != "error" {
			t.Fatalf("wrong PKCE verifier: %+v", lr)
		}
		if after := testenv.Count(t, e.DB, &models.AuthToken{}); after != before {
			t.Fatalf("refused logins issued %d tokens", after-before)
		}
	})
}

func smsStandin(t *testing.T) (*standin.Server, string) {
	st := &standin.Server{AliyunKeyID: "ak-id", AliyunSecret: "ak-secret", TencentSecretID: "AKIDtest", TencentSecretKey: "tc-secret", TencentApp: "1400000001",
		WeixinAppID: "wx-app-1", WeixinSecret: "wx-secret-1", WeixinDomain: "dws.test"}
	srv := httptest.NewServer(st.Handler())
	t.Cleanup(srv.Close)
	return st, srv.URL
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

func lastCode(t *testing.T, st *standin.Server, phone string) string {
	t.Helper()
	msgs := st.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Phone == phone {
			c := msgs[i].Params["code"] + msgs[i].Params["0"]
			if !sixDigits.MatchString(c) {
				t.Fatalf("code %q", c)
			}
			return c
		}
	}
	t.Fatalf("no message to %s", phone)
	return ""
}

func sent(st *standin.Server, phone string) int {
	n := 0
	for _, m := range st.Messages() {
		if m.Phone == phone {
			n++
		}
	}
	return n
}

func phoneLogin(t *testing.T, e *testenv.Env, phone, code string) testenv.LoginResponse {
	t.Helper()
	var lr testenv.LoginResponse
	e.Client(t, "").Post("anon/security-token/login.do", map[string]string{"type": "mobile", "mobile": phone, "captcha": code}).JSON(t, &lr)
	return lr
}

// Phone binding and SMS code login through both providers' real signing schemes, and the
// abuse rules: resend countdown, per-phone and per-address limits, guessing locks the code,
// expiry; nothing is sent beyond the limits.
func TestSMSLoginAndBinding(t *testing.T) {
	for _, provider := range []string{"aliyun", "tencent"} {
		t.Run(provider, func(t *testing.T) {
			st, base := smsStandin(t)
			opts := testenv.Options{Config: func(c *config.Config) {
				c.SMS.Provider, c.SMS.SignName, c.SMS.CodeTemplate, c.SMS.SDKAppID = provider, "问卷", "SMS_CODE", "1400000001"
				if provider == "aliyun" {
					c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret = base+"/aliyun/", "ak-id", "ak-secret"
				} else {
					c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret = base+"/tencent/", "AKIDtest", "tc-secret"
				}
			}}
			both(t, opts, func(t *testing.T, e *testenv.Env) {
				phone := "+8613800138001"
				if e.Driver == "mysql" {
					phone = "+8613800138002"
				}
				local := strings.TrimPrefix(phone, "+86")
				admin := e.Client(t, e.AdminToken(t))
				anon := e.Client(t, "")
				// bind: code to the new phone, wrong code refused, right code binds
				var cd struct{ Countdown int }
				admin.Post("app/user/phone/send-code.do", map[string]string{"phone": local}).OK(t, &cd)
				if cd.Countdown != 60 {
					t.Fatalf("countdown %d", cd.Countdown)
				}
				code := lastCode(t, st, phone)
				admin.Post("app/user/phone.do", map[string]string{"phone": local, "code": wrong(code)}).Refused(t, 400, "wrong")
				admin.Post("app/user/phone.do", map[string]string{"phone": local, "code": code}).OK(t, nil)
				if u := user(t, e, "admin"); u.Cellphone != phone {
					t.Fatalf("cellphone %q", u.Cellphone)
				}
				// the used code does not bind again
				admin.Post("app/user/phone.do", map[string]string{"phone": local, "code": code}).Refused(t, 400, "expired")

				// login: 20 requests within a minute send one code
				e.Clock.Advance(61 * time.Second)
				before := sent(st, phone)
				refused := 0
				for i := 0; i < 20; i++ {
					r := anon.Post("anon/security-token/send-smscode.do", map[string]string{"mobile": local})
					if r.Code(t) != 200 {
						refused++
						r.Refused(t, 400, "Please wait")
					}
				}
				if refused != 19 || sent(st, phone)-before != 1 {
					t.Fatalf("20 requests: %d refused, %d sent", refused, sent(st, phone)-before)
				}
				code = lastCode(t, st, phone)
				if lr := phoneLogin(t, e, local, code); lr.Status != "ok" || lr.Token == nil {
					t.Fatalf("phone login: %+v", lr)
				}
				if lr := phoneLogin(t, e, local, code); lr.Status != "error" {
					t.Fatalf("code reused: %+v", lr)
				}

				// guessing: the 10th wrong code locks it; the right one is then refused too
				e.Clock.Advance(61 * time.Second)
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": local}).OK(t, nil)
				code = lastCode(t, st, phone)
				for i := 1; i <= 10; i++ {
					lr := phoneLogin(t, e, local, wrong(code))
					want := "wrong"
					if i == 10 {
						want = "Too many wrong codes"
					}
					if lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, want) {
						t.Fatalf("guess %d: %+v", i, lr)
					}
				}
				if lr := phoneLogin(t, e, local, code); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "Too many wrong codes") {
					t.Fatalf("locked code accepted: %+v", lr)
				}

				// expiry after 5 minutes
				e.Clock.Advance(61 * time.Second)
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": local}).OK(t, nil)
				code = lastCode(t, st, phone)
				e.Clock.Advance(5*time.Minute + time.Second)
				if lr := phoneLogin(t, e, local, code); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "expired") {
					t.Fatalf("expired code: %+v", lr)
				}

				// per-phone daily limit (10): the 11th code is refused and not sent
				for sent(st, phone) < 10 {
					e.Clock.Advance(61 * time.Second)
					anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": local}).OK(t, nil)
				}
				e.Clock.Advance(61 * time.Second)
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": local}).Refused(t, 400, "Too many verification codes")
				if n := sent(st, phone); n != 10 {
					t.Fatalf("%d codes sent to one phone in a day", n)
				}
				// the refusal is audited with the number masked, never in clear
				refusals := logRows(t, e, "name = ?", "Verification code refused: limit")
				if len(refusals) != 1 {
					t.Fatalf("%d refusal rows: %+v", len(refusals), refusals)
				}
				masked := phone[:len(phone)-8] + "****" + phone[len(phone)-4:]
				if n := refusals[0].Notes; strings.Contains(n, local) || !strings.Contains(n, masked) {
					t.Fatalf("refusal notes %q: want %q and not the number", n, masked)
				}
				// bad numbers: clear message, nothing sent
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": "12345"}).Refused(t, 400, "valid mobile phone number")
				// an unknown phone with registration closed is refused
				other := "13900139000"
				if e.Driver == "mysql" {
					other = "13900139001"
				}
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": other}).OK(t, nil)
				if lr := phoneLogin(t, e, other, lastCode(t, st, "+86"+other)); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "No account") {
					t.Fatalf("unknown phone: %+v", lr)
				}
				// with registration open the phone registers an account
				openRegistration(t, e)
				e.Clock.Advance(61 * time.Second)
				anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": other}).OK(t, nil)
				if lr := phoneLogin(t, e, other, lastCode(t, st, "+86"+other)); lr.Status != "ok" {
					t.Fatalf("registration by phone: %+v", lr)
				}
				if n := testenv.Count(t, e.DB, &models.User{}, "cellphone = ?", "+86"+other); n != 1 {
					t.Fatalf("%d users registered", n)
				}
				// codes are stored hashed
				if n := testenv.Count(t, e.DB, &models.SMSCode{}, "code_hash = ?", code); n != 0 {
					t.Fatal("a code is stored in clear")
				}
			})
		})
	}
}

// the per-address limit: codes to many phones from one client address stop at sms.ip_per_hour.
func TestSMSPerAddressLimit(t *testing.T) {
	st, base := smsStandin(t)
	opts := testenv.Options{Config: func(c *config.Config) {
		c.SMS.Provider, c.SMS.SignName, c.SMS.CodeTemplate = "aliyun", "问卷", "SMS_CODE"
		c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret, c.SMS.IPPerHour = base+"/aliyun/", "ak-id", "ak-secret", 5
	}}
	e := testenv.NewServer(t, "sqlite", opts)
	anon := e.Client(t, "")
	for i := 0; i < 5; i++ {
		anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": fmt.Sprintf("1370000000%d", i)}).OK(t, nil)
	}
	anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": "13700000009"}).Refused(t, 400, "Too many verification codes")
	if n := len(st.Messages()); n != 5 {
		t.Fatalf("%d sent", n)
	}
	if rows := logRows(t, e, "name = ? AND notes LIKE ?", "Verification code refused: limit", "%address%"); len(rows) != 1 || strings.Contains(rows[0].Notes, "13700000009") {
		t.Fatalf("per-address refusal rows: %+v", rows)
	}
}

func wrong(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}

func openRegistration(t *testing.T, e *testenv.Env) {
	t.Helper()
	s := &site.Service{DB: e.DB}
	st, err := s.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st.PropertyJSON.LoginRegister.RegisterEnabled = true
	if err := s.Save(context.Background(), st); err != nil {
		t.Fatal(err)
	}
}

// WeChat website QR login round trip against the stand-in (which checks appid, secret,
// authorised redirect domain, single-use codes): binding in the user centre, then login;
// a replayed state is refused. The JS-SDK configuration signs with a cached ticket.
func TestWeixinQRLoginAndJSSDK(t *testing.T) {
	st, base := smsStandin(t)
	opts := testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.Weixin.AppID, c.Weixin.AppSecret, c.Weixin.APIBase, c.Weixin.OpenBase = "wx-app-1", "wx-secret-1", base, base
	}}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		wxUser := "wx-" + e.Driver
		scan := func(path, token string) url.Values {
			var qr struct{ URL string }
			e.Client(t, token).Get(path).OK(t, &qr)
			b := newBrowser(t, "")
			resp, page := b.do(http.MethodGet, qr.URL, nil, "")
			m := regexp.MustCompile(`name="t" value="([0-9a-f]+)"`).FindStringSubmatch(page)
			if resp.StatusCode != 200 || m == nil {
				t.Fatalf("QR page HTTP %d: %s", resp.StatusCode, page)
			}
			resp, _ = b.do(http.MethodPost, base+"/connect/confirm", url.Values{"t": {m[1]}, "user": {wxUser}}, "")
			return backAt(t, resp, "/auth/weixin")
		}
		weixinLogin := func(back url.Values) testenv.LoginResponse {
			var lr testenv.LoginResponse
			e.Client(t, "").Post("anon/security-token/login-weixin.do", map[string]string{"code": back.Get("code"), "state": back.Get("state")}).JSON(t, &lr)
			return lr
		}
		// not bound, registration closed: refused
		if lr := weixinLogin(scan("anon/security-token/wx-login-qrcode.do", "")); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "not bound") {
			t.Fatalf("unbound login: %+v", lr)
		}
		// bind in the user centre
		uid := e.CreateUser(t, "wxbinder-"+e.Driver, "Binder-pass-1")
		token := e.Login(t, "wxbinder-"+e.Driver, "Binder-pass-1")
		back := scan("app/user/weixin/bind-qrcode.do", token)
		var bound struct{ Bound bool }
		e.Client(t, "").Post("anon/security-token/login-weixin.do", map[string]string{"code": back.Get("code"), "state": back.Get("state")}).OK(t, &bound)
		if !bound.Bound {
			t.Fatal("not bound")
		}
		back = scan("anon/security-token/wx-login-qrcode.do", "")
		lr := weixinLogin(back)
		if lr.Status != "ok" {
			t.Fatalf("QR login: %+v", lr)
		}
		var me struct{ ID string }
		e.Client(t, *lr.Token).Get("app/user/currentUser.do").OK(t, &me)
		if me.ID != uid {
			t.Fatalf("logged in as %s, want %s", me.ID, uid)
		}
		if lr := weixinLogin(back); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "already used") {
			t.Fatalf("replayed state: %+v", lr)
		}

		// JS-SDK: the signature is SHA-1 over the four fields with the ticket the stand-in gave;
		// token and ticket are fetched once and reused until expiry
		tokens, tickets := st.CallCount("token"), st.CallCount("ticket")
		page := "https://survey.example/an/abc?x=1"
		var cfg struct {
			AppID, NonceStr, Signature string
			Timestamp                  int64
		}
		for i := 0; i < 3; i++ {
			e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url="+url.QueryEscape(page+"#frag")).OK(t, &cfg)
		}
		if st.CallCount("token")-tokens > 1 || st.CallCount("ticket")-tickets > 1 {
			t.Fatalf("token fetched %d times, ticket %d times", st.CallCount("token")-tokens, st.CallCount("ticket")-tickets)
		}
		var cached models.CachedSecret
		if err := e.DB.Take(&cached, "name = ?", "weixin:jsapi_ticket:wx-app-1").Error; err != nil {
			t.Fatal(err)
		}
		h := sha1.Sum([]byte(fmt.Sprintf("jsapi_ticket=%s&noncestr=%s&timestamp=%d&url=%s", cached.Value, cfg.NonceStr, cfg.Timestamp, page)))
		if cfg.AppID != "wx-app-1" || cfg.Signature != hex.EncodeToString(h[:]) {
			t.Fatalf("js config %+v", cfg)
		}
		e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url=javascript:alert(1)").Refused(t, 400, "http(s)")
	})
}

// A wrong app secret is refused by the stand-in and shown with the spec's message.
func TestWeixinMisconfigured(t *testing.T) {
	_, base := smsStandin(t)
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.Weixin.AppID, c.Weixin.AppSecret, c.Weixin.APIBase, c.Weixin.OpenBase = "wx-app-1", "wrong", base, base
	}})
	e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url=https://survey.example/an/x").Refused(t, 400, "WeChat interface not correctly configured")
}

// The answer page learns whether places are named, never a key: maps.key doubles as the web
// service key, and the security code is not the page's either.
func TestMapConfig(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	var m map[string]any
	e.Client(t, "").Get("anon/web/map-config.do").OK(t, &m)
	if m["configured"] != false || m["provider"] != "amap" {
		t.Fatalf("unconfigured: %+v", m)
	}
	e = testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Maps.Key, c.Maps.SecurityCode, c.Maps.PrivateKey = "amap-web-key", "amap-js-code", "amap-private"
	}})
	m = nil
	e.Client(t, "").Get("anon/web/map-config.do").OK(t, &m)
	if m["configured"] != true || len(m) != 2 {
		t.Fatalf("configured: %+v", m)
	}
	// a service key alone also names places
	e = testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) { c.Maps.ServiceKey = "amap-service-key" }})
	m = nil
	e.Client(t, "").Get("anon/web/map-config.do").OK(t, &m)
	if m["configured"] != true || len(m) != 2 {
		t.Fatalf("service key only: %+v", m)
	}
}

// Concurrent requests for one phone send one code (the countdown is an atomic counter).
func TestSMSConcurrentRequests(t *testing.T) {
	st, base := smsStandin(t)
	opts := testenv.Options{Config: func(c *config.Config) {
		c.SMS.Provider, c.SMS.SignName, c.SMS.CodeTemplate = "aliyun", "问卷", "SMS_CODE"
		c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret = base+"/aliyun/", "ak-id", "ak-secret"
	}}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		phone := "1360000000" + map[string]string{"sqlite": "1", "mysql": "2"}[e.Driver]
		done := make(chan int, 20)
		for i := 0; i < 20; i++ {
			go func() {
				r := e.Client(t, "").Post("anon/security-token/send-smscode.do", map[string]string{"phone": phone})
				done <- r.Code(t)
			}()
		}
		okN := 0
		for i := 0; i < 20; i++ {
			if <-done == 200 {
				okN++
			}
		}
		if okN != 1 || sent(st, "+86"+phone) != 1 {
			t.Fatalf("%d accepted, %d sent", okN, sent(st, "+86"+phone))
		}
	})
}

// No configured secret (SMS key, WeChat secrets, OIDC client secret, map keys) reaches an
// answer or the audit log, also when the providers cannot be reached: Go's transport errors
// repeat the request URL, and WeChat and AMap take their credentials in the query.
func TestSigninSecretsNotLeaked(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close() // connection refused from now on
	const mark = "LEAKCHECK"
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.SMS.Provider, c.SMS.SignName, c.SMS.CodeTemplate = "aliyun", "问卷", "SMS_CODE"
		c.SMS.Endpoint, c.SMS.AccessKeyID, c.SMS.AccessKeySecret = closed+"/aliyun/", "ak-id", "sms-secret-"+mark
		c.Weixin.AppID, c.Weixin.AppSecret, c.Weixin.OpenAppID, c.Weixin.OpenAppSecret = "wx-app-1", "wx-secret-"+mark, "wx-open-1", "wx-open-secret-"+mark
		c.Weixin.APIBase, c.Weixin.OpenBase = closed, closed
		c.Maps.Key, c.Maps.SecurityCode, c.Maps.PrivateKey, c.Maps.ServiceBase = "amap-key-"+mark, "amap-code-"+mark, "amap-private-"+mark, closed
	}})
	var seen strings.Builder
	keep := func(r *testenv.Response) *testenv.Response {
		seen.Write(r.Body)
		return r
	}
	anon := e.Client(t, "")
	keep(anon.Get("anon/security-token/login-options.do")).OK(t, nil)
	keep(anon.Get("anon/web/map-config.do")).OK(t, nil)
	keep(anon.Get("anon/web/map-reverse.do?lng=116.397428&lat=39.90923")).Refused(t, 400, "no address")
	keep(anon.Get("anon/weixin/js-api-ticket.do?url=https://survey.example/an/x")).Refused(t, 400, "WeChat interface not correctly configured")
	keep(anon.Post("anon/security-token/send-smscode.do", map[string]string{"phone": "13800138000"})).Refused(t, 400, "Send verification code failed")
	var qr struct{ URL string }
	keep(anon.Get("anon/security-token/wx-login-qrcode.do")).OK(t, &qr)
	u, err := url.Parse(qr.URL)
	if err != nil || u.Query().Get("state") == "" {
		t.Fatalf("QR address %q", qr.URL)
	}
	keep(anon.Post("anon/security-token/login-weixin.do", map[string]string{"code": "c1", "state": u.Query().Get("state")}))
	if strings.Contains(seen.String(), mark) {
		t.Fatalf("a secret in an answer: %s", seen.String())
	}
	var logs []models.SysLog
	if err := e.DB.Find(&logs).Error; err != nil {
		t.Fatal(err)
	}
	failures := 0
	for _, l := range logs {
		if strings.Contains(l.Name+l.Notes, mark) {
			t.Errorf("a secret in the audit log: %s: %s", l.Name, l.Notes)
		}
		if strings.Contains(l.Notes, "refused") {
			failures++
		}
	}
	if failures == 0 {
		t.Fatalf("the providers' failures are not in the audit log (the check would prove nothing): %+v", logs)
	}
}
