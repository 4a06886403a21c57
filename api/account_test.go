package api_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/account"
)

type safeUser struct {
	ID               string   `json:"id"`
	LoginName        string   `json:"loginName"`
	Name             string   `json:"name"`
	Email            string   `json:"email"`
	Status           int      `json:"status"`
	LoginCount       int      `json:"loginCount"`
	Permissions      []string `json:"permissions"`
	CurrentAuthority []string `json:"currentAuthority"`
	LastLoginTime    string   `json:"lastLoginTime"`
	CreateTime       string   `json:"createTime"`
	Roles            []struct {
		ID, Code, Name string
	} `json:"roles"`
	PasswordHash *string `json:"passwordHash"`
}

func TestLogin(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		// Success shape.
		for _, path := range []string{"anon/security-token/login.do", "anon/security/login.do"} {
			var lr testenv.LoginResponse
			resp := e.Client(t, "").Post(path, map[string]string{"type": "account", "userName": "admin", "password": testenv.AdminPassword})
			resp.JSON(t, &lr)
			if lr.Status != "ok" || lr.Type != "account" || lr.Token == nil || *lr.Token == "" || lr.HTTPResult.ResultCode != 200 ||
				lr.HTTPResult.ResultMsg != "login success" {
				t.Fatalf("%s: bad success shape %s", path, resp.Body)
			}
			if lr.CurrentAuthority[0] != models.RoleSuperAdmin || !slices.Contains(lr.CurrentAuthority, models.PermAdminUser) {
				t.Fatalf("currentAuthority = %v", lr.CurrentAuthority)
			}
			if strings.Contains(strings.ToLower(string(resp.Body)), "hash") || strings.Contains(string(resp.Body), "$2a$") {
				t.Fatalf("login leaks a password hash: %s", resp.Body)
			}
			if resp.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("login answer must not be cached")
			}
			var su safeUser
			resp2 := e.Client(t, *lr.Token).Get("app/user/currentUser.do")
			resp2.OK(t, &su)
			if su.ID != models.SuperAdminID || su.LoginName != "admin" {
				t.Fatalf("currentUser = %+v", su)
			}
		}
		// Form-encoded login works too.
		req, _ := http.NewRequest("POST", e.Server.URL+"/api/dwsurvey/anon/security-token/login.do",
			strings.NewReader("type=account&userName=admin&password="+testenv.AdminPassword))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()

		uid := e.CreateUser(t, "alice01", "alice-pass", models.PermSurveyManage)
		// Login count and last login time.
		before := user(t, e, "alice01")
		if before.LoginCount != 0 || before.LastLoginTime != nil {
			t.Fatalf("fresh user has login data: %+v", before)
		}
		e.Login(t, "alice01", "alice-pass")
		tok := e.Login(t, "alice01@example.com", "alice-pass") // e-mail works as the login account
		after := user(t, e, "alice01")
		if after.LoginCount != 2 || after.LastLoginTime == nil || time.Since(*after.LastLoginTime) > time.Minute {
			t.Fatalf("login count/time not kept: %+v", after)
		}
		var su safeUser
		e.Client(t, tok).Get("app/user/currentUser.do").OK(t, &su)
		if su.ID != uid || su.LoginCount != 2 || su.LastLoginTime == "" || su.PasswordHash != nil ||
			!slices.Equal(su.Permissions, []string{models.PermSurveyManage}) {
			t.Fatalf("currentUser = %+v", su)
		}

		snap := testenv.Snapshot(t, e.DB)
		failures := []struct {
			typ, user, pw, msg string
		}{
			{"account", "alice01", "wrong-pass", account.MsgBadCredentials},
			{"account", "nobody99", "whatever1", account.MsgBadCredentials},
			{"account", "", "whatever1", account.MsgUserNameEmpty},
			{"sms", "alice01", "alice-pass", "SMS login is not configured"},
			{"messaging-app", "alice01", "alice-pass", "Messaging-app login is not configured"},
		}
		for _, f := range failures {
			var lr testenv.LoginResponse
			e.Client(t, "").Post("anon/security-token/login.do", map[string]string{"type": f.typ, "userName": f.user, "password": f.pw}).JSON(t, &lr)
			if lr.Status != "error" || lr.Token != nil || lr.HTTPResult.ResultCode != 400 || lr.HTTPResult.ResultMsg != f.msg ||
				!slices.Equal(lr.CurrentAuthority, []string{"guest"}) || lr.Type != f.typ {
				t.Errorf("%+v: got %+v", f, lr)
			}
		}
		if user(t, e, "alice01").LoginCount != 2 {
			t.Fatal("a failed login changed the login count")
		}
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("failed logins changed data")
		}
		// A disabled user cannot log in even with the right password.
		e.DB.Model(&models.User{}).Where("id = ?", uid).Update("status", models.UserDisabled)
		if lr := e.TryLogin(t, "alice01", "alice-pass"); lr.Status != "error" || !strings.Contains(lr.HTTPResult.ResultMsg, "disabled") {
			t.Fatalf("disabled user login: %+v", lr)
		}
		if e.Client(t, tok).Get("app/user/currentUser.do").Code(t) != 401 {
			t.Fatal("a disabled user's token still works")
		}
	})
}

func TestLoginRateLimitPerAccount(t *testing.T) {
	opts := testenv.Options{Config: func(c *config.Config) { c.Auth.LoginMaxFailures = 3; c.Auth.LoginWindow = 10 * time.Minute }}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "bobby01", "bobby-pass")
		e.CreateUser(t, "carol01", "carol-pass")
		for i := 0; i < 3; i++ {
			if lr := e.TryLogin(t, "bobby01", "bad-pass"); lr.HTTPResult.ResultMsg != account.MsgBadCredentials {
				t.Fatalf("failure %d: %+v", i, lr)
			}
		}
		lr := e.TryLogin(t, "bobby01", "bobby-pass")
		if lr.Status != "error" || !strings.HasPrefix(lr.HTTPResult.ResultMsg, "Too many attempts, try again in ") ||
			!strings.Contains(lr.HTTPResult.ResultMsg, "10 minutes") {
			t.Fatalf("4th attempt with the right password must be refused: %+v", lr)
		}
		if user(t, e, "bobby01").LoginCount != 0 {
			t.Fatal("blocked login counted")
		}
		if n := len(logRows(t, e, "operation_type = ? AND name = ?", "login", "Login refused: too many attempts")); n != 1 {
			t.Fatalf("blocked attempt logged %d times", n)
		}
		// Another account from the same client is not blocked (client limit is 4x).
		e.Login(t, "carol01", "carol-pass")
		// After the window the account may log in again; a success resets the account counter.
		e.Clock.Advance(11 * time.Minute)
		e.Login(t, "bobby01", "bobby-pass")
		e.TryLogin(t, "bobby01", "bad-pass")
		e.Login(t, "bobby01", "bobby-pass")
	})
}

func TestLoginRateLimitPerClientAddress(t *testing.T) {
	// max failures 2 per account => 8 per client address.
	cfgTrusted := func(c *config.Config) { c.Auth.LoginMaxFailures = 2; c.Server.TrustedProxies = []string{"127.0.0.1"} }
	cfgUntrusted := func(c *config.Config) { c.Auth.LoginMaxFailures = 2 }
	login := func(t *testing.T, e *testenv.Env, xff, userName, pw string) testenv.LoginResponse {
		c := e.Client(t, "")
		c.Header.Set("X-Forwarded-For", xff)
		var lr testenv.LoginResponse
		c.Post("anon/security-token/login.do", map[string]string{"userName": userName, "password": pw}).JSON(t, &lr)
		return lr
	}
	t.Run("trusted proxy", func(t *testing.T) {
		both(t, testenv.Options{Config: cfgTrusted}, func(t *testing.T, e *testenv.Env) {
			e.CreateUser(t, "dave001", "dave-pass")
			// 8 failures spread over 4 accounts (2 each, under the account limit) from one client.
			for i := 0; i < 8; i++ {
				login(t, e, "203.0.113.7", "ghost0"+string(rune('a'+i/2)), "bad-pass")
			}
			if lr := login(t, e, "203.0.113.7", "dave001", "dave-pass"); !strings.HasPrefix(lr.HTTPResult.ResultMsg, "Too many attempts") {
				t.Fatalf("client 203.0.113.7 must be blocked: %+v", lr)
			}
			// Another client behind the same proxy is not.
			if lr := login(t, e, "203.0.113.8", "dave001", "dave-pass"); lr.Status != "ok" {
				t.Fatalf("client 203.0.113.8 blocked: %+v", lr)
			}
			rows := logRows(t, e, "operation_type = ? AND success = ?", "login", false)
			if len(rows) == 0 || rows[0].IP != "203.0.113.7" {
				t.Fatalf("the log must carry the forwarded client address, got %+v", rows)
			}
		})
	})
	t.Run("untrusted peer", func(t *testing.T) {
		both(t, testenv.Options{Config: cfgUntrusted}, func(t *testing.T, e *testenv.Env) {
			e.CreateUser(t, "erin001", "erin-pass")
			// A client rotating spoofed X-Forwarded-For headers still counts as one address.
			for i := 0; i < 8; i++ {
				login(t, e, "198.51.100."+itoa(i), "ghost0"+string(rune('a'+i/2)), "bad-pass")
			}
			if lr := login(t, e, "198.51.100.200", "erin001", "erin-pass"); !strings.HasPrefix(lr.HTTPResult.ResultMsg, "Too many attempts") {
				t.Fatalf("spoofed header escaped the client limit: %+v", lr)
			}
			for _, r := range logRows(t, e, "operation_type = ?", "login") {
				if r.IP != "127.0.0.1" {
					t.Fatalf("untrusted X-Forwarded-For was believed: %+v", r)
				}
			}
		})
	})
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i))) }

func TestLogoutRevokesToken(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		tok := e.AdminToken(t)
		other := e.AdminToken(t)
		c := e.Client(t, tok)
		c.Get("app/user/currentUser.do").OK(t, nil)
		c.Post("anon/security-token/logout.do", nil).OK(t, nil)
		if code := c.Get("app/user/currentUser.do").Code(t); code != 401 {
			t.Fatalf("token works after logout: %d", code)
		}
		var tk models.AuthToken
		e.DB.Take(&tk, "token_hash = ?", account.HashToken(tok))
		if tk.RevokedAt == nil {
			t.Fatal("revoked_at not set")
		}
		// Only that session ended.
		e.Client(t, other).Get("app/user/currentUser.do").OK(t, nil)
		if n := len(logRows(t, e, "operation_type = ? AND user_id = ?", "logout", "1")); n != 1 {
			t.Fatalf("%d logout rows", n)
		}
		// Logging out again (or without a token) is harmless.
		c.Post("anon/security-token/logout.do", nil).OK(t, nil)
		e.Client(t, "").Post("anon/security/logout.do", nil).OK(t, nil)
		if n := len(logRows(t, e, "operation_type = ?", "logout")); n != 1 {
			t.Fatalf("%d logout rows after repeated logout", n)
		}
	})
}

func TestTokenSlidingExpiry(t *testing.T) {
	both(t, testenv.Options{Config: func(c *config.Config) { c.Auth.TokenTTL = time.Hour }}, func(t *testing.T, e *testenv.Env) {
		tok := e.AdminToken(t)
		c := e.Client(t, tok)
		bearer := e.Client(t, "Bearer "+tok)
		bearer.Get("app/user/currentUser.do").OK(t, nil)
		e.Clock.Advance(50 * time.Minute)
		c.Get("app/user/currentUser.do").OK(t, nil) // slides the expiry to now+1h
		e.Clock.Advance(50 * time.Minute)           // 100 min after login, 50 after last use
		c.Get("app/user/currentUser.do").OK(t, nil)
		e.Clock.Advance(61 * time.Minute) // unused for longer than the TTL
		if code := c.Get("app/user/currentUser.do").Code(t); code != 401 {
			t.Fatalf("expired token accepted: %d", code)
		}
		// A token never used expires after the TTL.
		tok2 := e.AdminToken(t)
		e.Clock.Advance(61 * time.Minute)
		if code := e.Client(t, tok2).Get("app/user/currentUser.do").Code(t); code != 401 {
			t.Fatalf("unused token accepted after TTL: %d", code)
		}
	})
}

func TestChangePassword(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "frank01", "frank-pass")
		tok := e.Login(t, "frank01", "frank-pass")
		other := e.Login(t, "frank01", "frank-pass")
		c := e.Client(t, tok)
		snap := testenv.Snapshot(t, e.DB)
		bad := []struct {
			cur, pwd, confirm, msg string
		}{
			{"wrong-pass", "new-pass-1", "new-pass-1", account.MsgWrongPassword},
			{"frank-pass", "short", "short", account.MsgPasswordLength},
			{"frank-pass", "much-too-long-password", "much-too-long-password", account.MsgPasswordLength},
			{"frank-pass", "", "", ""},
		}
		for _, b := range bad {
			resp := c.Post("app/user/up-pwd.do", map[string]string{"curpwd": b.cur, "pwd": b.pwd, "pwdConfirm": b.confirm})
			resp.Refused(t, 400, b.msg)
			if resp.Header.Get("refresh-token") != "" {
				t.Fatal("refused change sent a refresh token")
			}
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("%+v changed data", b)
			}
		}
		c.Get("app/user/currentUser.do").OK(t, nil)
		if len(logRows(t, e, "operation_type = ? AND success = ?", "password", false)) != 1 {
			t.Fatal("wrong current password not logged")
		}

		resp := c.Post("app/user/up-pwd.do", map[string]string{"curpwd": "frank-pass", "pwd": "frank-new1", "pwdConfirm": "frank-new1"})
		var data struct{ Token string }
		resp.OK(t, &data)
		fresh := resp.Header.Get("refresh-token")
		if fresh == "" || fresh != data.Token || fresh == tok {
			t.Fatalf("refresh-token header %q, data.token %q", fresh, data.Token)
		}
		for _, old := range []string{tok, other} {
			if code := e.Client(t, old).Get("app/user/currentUser.do").Code(t); code != 401 {
				t.Fatalf("old token still valid after password change: %d", code)
			}
		}
		var su safeUser
		e.Client(t, fresh).Get("app/user/currentUser.do").OK(t, &su)
		if su.LoginName != "frank01" {
			t.Fatalf("refresh token belongs to %q", su.LoginName)
		}
		if lr := e.TryLogin(t, "frank01", "frank-pass"); lr.Status != "error" {
			t.Fatal("old password still logs in")
		}
		e.Login(t, "frank01", "frank-new1")
	})
}

func TestRegister(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		anon := e.Client(t, "")
		reg := func(loginName, email, pw, confirm string) *testenv.Response {
			return anon.Post("anon/security-token/register.do", map[string]string{"loginName": loginName, "email": email, "name": "N",
				"password": pw, "pwdConfirm": confirm})
		}
		// closed until an administrator opens it
		snap := testenv.Snapshot(t, e.DB)
		reg("george01", "george@example.com", "george-pw", "george-pw").Refused(t, 400, "Registration is closed")
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("closed registration created data")
		}
		admin := e.Client(t, e.AdminToken(t))
		setRegistration := func(on bool) {
			t.Helper()
			var st map[string]any
			admin.Get("admin/site/get.do").OK(t, &st)
			st["propertyJson"].(map[string]any)["loginRegister"].(map[string]any)["registerEnabled"] = on
			admin.Post("admin/site/save.do", st).OK(t, nil)
		}
		setRegistration(true)
		var su safeUser
		reg("george01", "george@example.com", "george-pw", "george-pw").OK(t, &su)
		if su.LoginName != "george01" || su.Status != models.UserActive || len(su.Roles) != 1 || su.Roles[0].Code != models.RoleUser ||
			!slices.Contains(su.CurrentAuthority, models.PermSurveyManage) {
			t.Fatalf("registered user = %+v", su)
		}
		tok := e.Login(t, "george01", "george-pw")
		if e.Client(t, tok).Get("admin/user/list.do").Code(t) != 403 {
			t.Fatal("a registered user reached an admin call")
		}
		if len(logRows(t, e, "operation_type = ? AND user_name = ?", "register", "george01")) != 1 {
			t.Fatal("registration not logged")
		}

		snap = testenv.Snapshot(t, e.DB)
		for _, b := range []struct{ login, email, pw, confirm, msg string }{
			{"short", "s@example.com", "secret-1", "secret-1", account.MsgLoginNameLength},
			{"waytoolongloginname", "s@example.com", "secret-1", "secret-1", account.MsgLoginNameLength},
			{"henry001", "not-an-email", "secret-1", "secret-1", account.MsgEmail},
			{"henry001", "henry@localhost", "secret-1", "secret-1", account.MsgEmail},
			{"henry001", "", "secret-1", "secret-1", account.MsgEmail},
			{"henry001", "h@example.com", "12345", "12345", account.MsgPasswordLength},
			{"henry001", "h@example.com", "secret-1", "secret-2", account.MsgPasswordMatch},
			{"george01", "g2@example.com", "secret-1", "secret-1", account.MsgLoginNameTaken},
		} {
			reg(b.login, b.email, b.pw, b.confirm).Refused(t, 400, b.msg)
			if testenv.Snapshot(t, e.DB) != snap {
				t.Fatalf("refused registration %+v changed data", b)
			}
		}

		// Registration switched off again by the site setting.
		setRegistration(false)
		snap = testenv.Snapshot(t, e.DB)
		reg("ivan0001", "ivan@example.com", "secret-1", "secret-1").Refused(t, 400, "Registration is closed")
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("closed registration created data")
		}
	})
}
