package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"dwsurvey/api"
	"dwsurvey/config"
	"dwsurvey/internal/testenv"
)

const wechatUA = "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.47.2560 NetType/WIFI"

type loadCheck struct {
	AnswerCheckResult struct {
		AnCheckIsPass     bool   `json:"anCheckIsPass"`
		AnCheckResultCode int    `json:"anCheckResultCode"`
		AnCheckResultMsg  string `json:"anCheckResultMsg"`
		RedirectURL       string `json:"redirectUrl"`
	} `json:"answerCheckResult"`
}

// loadAnswerPage is the answer page's survey load; it returns the check and the identity
// cookie set (if any).
func loadAnswerPage(t *testing.T, e *testenv.Env, sid, ua, cookie string, extra url.Values) (loadCheck, *http.Cookie) {
	t.Helper()
	c := e.Client(t, "")
	c.Header.Set("User-Agent", ua)
	if cookie != "" {
		c.Header.Set("Cookie", cookie)
	}
	q := url.Values{"sid": {sid}}
	for k, v := range extra {
		q[k] = v
	}
	r := c.Get(ans + "survey-json-by-survey-id.do?" + q.Encode())
	var lc loadCheck
	r.OK(t, &lc)
	var got *http.Cookie
	for _, ck := range (&http.Response{Header: r.Header}).Cookies() {
		if strings.HasPrefix(ck.Name, "dwWx_") {
			got = ck
		}
	}
	return lc, got
}

// TestWeixinAnswerIdentity: a WeChat-only survey with one answer per WeChat user. The WeChat
// browser goes through the stand-in's web OAuth (snsapi_base) and gets a signed HttpOnly
// identity; a forged state, a reused code, a tampered identity and a user agent that only
// claims to be WeChat are refused; concurrent submits of one WeChat user store one answer.
func TestWeixinAnswerIdentity(t *testing.T) {
	st, base := smsStandin(t)
	opts := testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.Weixin.AppID, c.Weixin.AppSecret, c.Weixin.APIBase, c.Weixin.OpenBase = "wx-app-1", "wx-secret-1", base, base
	}}
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		owner := e.Client(t, e.AdminToken(t))
		id, sid := publishDoc(t, owner, "survey", simpleDoc(M{"weixinAttr": M{"enabled": true, "anNum": 1}}))
		ok1 := []M{anRadio("q1", "q1a1")}

		// a normal browser: 430 (scan the QR code)
		lc, _ := loadAnswerPage(t, e, sid, "Mozilla/5.0 Chrome/120", "", nil)
		if lc.AnswerCheckResult.AnCheckResultCode != 430 {
			t.Fatalf("normal browser: %+v", lc.AnswerCheckResult)
		}
		// the WeChat browser without an identity: 431 to WeChat's web OAuth
		lc, _ = loadAnswerPage(t, e, sid, wechatUA, "", nil)
		oauth := func(lc loadCheck, user string) url.Values {
			t.Helper()
			if lc.AnswerCheckResult.AnCheckResultCode != 431 {
				t.Fatalf("want 431 with the OAuth address, got %+v", lc.AnswerCheckResult)
			}
			au, err := url.Parse(lc.AnswerCheckResult.RedirectURL)
			q := au.Query()
			if err != nil || au.Path != "/connect/oauth2/authorize" || au.Fragment != "wechat_redirect" || q.Get("appid") != "wx-app-1" ||
				q.Get("response_type") != "code" || q.Get("scope") != "snsapi_base" || q.Get("state") == "" ||
				q.Get("redirect_uri") != signinPublic+"/v8/diaowen/an/"+sid {
				t.Fatalf("authorize address %q", lc.AnswerCheckResult.RedirectURL)
			}
			b := newBrowser(t, wechatUA+" WxUser/"+user)
			resp, _ := b.do(http.MethodGet, lc.AnswerCheckResult.RedirectURL, nil, wechatUA+" WxUser/"+user)
			return backAt(t, resp, "/v8/diaowen/an/"+sid)
		}
		back := oauth(lc, "alice-"+e.Driver)

		// a forged state with WeChat's real code: refused, no identity (the code stays unused)
		lc, ck := loadAnswerPage(t, e, sid, wechatUA, "", url.Values{"wxCode": {back.Get("code")}, "wxState": {"forged-state"}})
		if ck != nil || lc.AnswerCheckResult.AnCheckResultCode != 432 || !strings.Contains(lc.AnswerCheckResult.AnCheckResultMsg, "expired or was already used") {
			t.Fatalf("forged state: %+v cookie %v", lc.AnswerCheckResult, ck)
		}
		// the real round trip: identified, a signed HttpOnly identity
		lc, ck = loadAnswerPage(t, e, sid, wechatUA, "", url.Values{"wxCode": {back.Get("code")}, "wxState": {back.Get("state")}})
		if ck == nil || !ck.HttpOnly || !lc.AnswerCheckResult.AnCheckIsPass {
			t.Fatalf("identified: %+v cookie %+v", lc.AnswerCheckResult, ck)
		}
		alice := ck.Name + "=" + ck.Value
		// the same state again: refused
		lc, _ = loadAnswerPage(t, e, sid, wechatUA, "", url.Values{"wxCode": {back.Get("code")}, "wxState": {back.Get("state")}})
		if lc.AnswerCheckResult.AnCheckResultCode != 432 {
			t.Fatalf("replayed state: %+v", lc.AnswerCheckResult)
		}
		// a fresh state with the used code: WeChat refuses the code (40163), so do we
		lc, _ = loadAnswerPage(t, e, sid, wechatUA, "", nil)
		fresh := oauth(lc, "alice-"+e.Driver)
		used := st.CallCount("sns-token")
		lc, ck = loadAnswerPage(t, e, sid, wechatUA, "", url.Values{"wxCode": {back.Get("code")}, "wxState": {fresh.Get("state")}})
		if ck != nil || lc.AnswerCheckResult.AnCheckResultCode != 432 || st.CallCount("sns-token") != used+1 {
			t.Fatalf("reused code: %+v cookie %v", lc.AnswerCheckResult, ck)
		}
		// a tampered identity (another openid under alice's signature) is no identity
		name, val, _ := strings.Cut(alice, "=")
		parts := strings.Split(val, ".")
		tampered := name + "=" + "o" + strings.Repeat("0", 27) + "." + parts[1] + "." + parts[2]
		if lc, _ = loadAnswerPage(t, e, sid, wechatUA, tampered, nil); lc.AnswerCheckResult.AnCheckResultCode != 431 {
			t.Fatalf("tampered identity: %+v", lc.AnswerCheckResult)
		}
		// the identity of another survey does not open this one
		id2, sid2 := publishDoc(t, owner, "survey", simpleDoc(M{"weixinAttr": M{"enabled": true}}))
		if lc, _ = loadAnswerPage(t, e, sid2, wechatUA, weixinCookieName(id2)+"="+val, nil); lc.AnswerCheckResult.AnCheckResultCode != 431 {
			t.Fatalf("identity of another survey: %+v", lc.AnswerCheckResult)
		}

		// a user agent that only claims to be WeChat, without an identity: not saved
		spoof := e.Client(t, "")
		spoof.Header.Set("User-Agent", wechatUA)
		expectSaveCode(t, spoof, answerBody(id, newDwID(), ok1, nil), 431)

		// alice submits 8 answers at once: exactly one is stored (anNum 1)
		const n = 8
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			body, _ := json.Marshal(answerBody(id, newDwID(), ok1, nil))
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodPost, e.Server.URL+api.Prefix+"/"+ans+"save-survey-answer.do", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("User-Agent", wechatUA)
				req.Header.Set("Cookie", alice)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					return
				}
				defer resp.Body.Close()
				var env struct {
					Data struct {
						AnCheckResultCode int `json:"anCheckResultCode"`
					} `json:"data"`
				}
				_ = json.NewDecoder(resp.Body).Decode(&env)
				codes[i] = env.Data.AnCheckResultCode
			}(i)
		}
		wg.Wait()
		saved, limited := 0, 0
		for _, c := range codes {
			switch c {
			case 201:
				saved++
			case 412:
				limited++
			}
		}
		if saved != 1 || limited != n-1 {
			t.Fatalf("concurrent submits of one WeChat user: codes %v", codes)
		}
		if got := countAnswers(t, e, id, "save_status = 0"); got != 1 {
			t.Fatalf("%d answers stored, want 1", got)
		}
		// the page load says so too
		if lc, _ = loadAnswerPage(t, e, sid, wechatUA, alice, nil); lc.AnswerCheckResult.AnCheckResultCode != 412 {
			t.Fatalf("after the limit: %+v", lc.AnswerCheckResult)
		}
		// another WeChat user answers
		lc, _ = loadAnswerPage(t, e, sid, wechatUA, "", nil)
		bob := oauth(lc, "bob-"+e.Driver)
		_, ck = loadAnswerPage(t, e, sid, wechatUA, "", url.Values{"wxCode": {bob.Get("code")}, "wxState": {bob.Get("state")}})
		if ck == nil || ck.Value == val {
			t.Fatalf("bob's identity: %+v", ck)
		}
		wb := e.Client(t, "")
		wb.Header.Set("User-Agent", wechatUA)
		wb.Header.Set("Cookie", ck.Name+"="+ck.Value)
		expectSaveCode(t, wb, answerBody(id, newDwID(), ok1, nil), 201)
	})
}

func weixinCookieName(surveyID string) string { return "dwWx_" + surveyID }

// The answer page's WeChat share card: js-api-ticket.do with sid adds the survey's share
// settings (title falls back to the survey's, relative image made absolute, the answer link);
// an unknown or unpublished survey has none.
func TestWeixinShareCard(t *testing.T) {
	_, base := smsStandin(t)
	e := testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Server.PublicURL = signinPublic
		c.Weixin.AppID, c.Weixin.AppSecret, c.Weixin.APIBase, c.Weixin.OpenBase = "wx-app-1", "wx-secret-1", base, base
	}})
	owner := e.Client(t, e.AdminToken(t))
	id, sid := publishDoc(t, owner, "survey", simpleDoc(M{}))
	page := url.QueryEscape(signinPublic + "/v8/diaowen/an/" + sid)
	type card struct {
		AppID, Signature string
		Share            struct{ Title, Desc, ImgURL, Link string }
	}
	var c card
	e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url="+page+"&sid="+sid).OK(t, &c)
	if c.Signature == "" || c.Share.Title != "Answer test" || c.Share.Link != signinPublic+"/v8/diaowen/an/"+sid || c.Share.ImgURL != "" {
		t.Fatalf("default card %+v", c)
	}
	owner.Post("app/survey/share/save.do", M{"surveyId": id, "title": "Tell us", "description": "Two minutes", "imageUrl": "/files/share.png"}).OK(t, nil)
	e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url="+page+"&sid="+sid).OK(t, &c)
	if c.Share.Title != "Tell us" || c.Share.Desc != "Two minutes" || c.Share.ImgURL != signinPublic+"/files/share.png" {
		t.Fatalf("card %+v", c)
	}
	if r := e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url=" + page + "&sid=nosuchsid"); r.Code(t) == 200 {
		t.Fatalf("unknown survey: %s", r.Body)
	}
	var info surveyInfo
	owner.Post("app/survey/add.do", M{"surveyName": "Draft", "surveyType": "survey"}).OK(t, &info)
	if r := e.Client(t, "").Get("anon/weixin/js-api-ticket.do?url=" + page + "&sid=" + info.Sid); r.Code(t) == 200 {
		t.Fatalf("unpublished survey: %s", r.Body)
	}
}

// Reverse geocoding through the configured AMap key (the stand-in checks key and signature);
// without a key the call says so and the page keeps the coordinates.
func TestMapReverse(t *testing.T) {
	e := testenv.NewServer(t, "sqlite", testenv.Options{})
	e.Client(t, "").Get("anon/web/map-reverse.do?lng=116.397428&lat=39.90923").Refused(t, 400, "not configured")
	st, base := smsStandin(t)
	st.AMapKey, st.AMapPrivateKey = "amap-k", "amap-p"
	e = testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Maps.Key, c.Maps.PrivateKey, c.Maps.ServiceBase = "amap-k", "amap-p", base
	}})
	var a struct {
		FormattedAddress string
		AddressComponent struct{ Province, District string }
	}
	e.Client(t, "").Get("anon/web/map-reverse.do?lng=116.397428&lat=39.90923").OK(t, &a)
	if a.FormattedAddress == "" || a.AddressComponent.Province != "北京市" {
		t.Fatalf("address %+v", a)
	}
	e.Client(t, "").Get("anon/web/map-reverse.do?lng=500&lat=1").Refused(t, 400, "longitude")
	// the private key and the service key never reach the browser
	var cfg map[string]any
	e.Client(t, "").Get("anon/web/map-config.do").OK(t, &cfg)
	for _, v := range cfg {
		if v == "amap-p" {
			t.Fatalf("private key sent: %v", cfg)
		}
	}
	e = testenv.NewServer(t, "sqlite", testenv.Options{Config: func(c *config.Config) {
		c.Maps.Key, c.Maps.PrivateKey, c.Maps.ServiceBase = "amap-k", "wrong", base
	}})
	e.Client(t, "").Get("anon/web/map-reverse.do?lng=116.397428&lat=39.90923").Refused(t, 400, "no address")
}
