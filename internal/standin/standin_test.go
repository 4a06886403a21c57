package standin

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The stand-in's own signature checks reproduce the providers' published examples.
func TestAliyunDocumentedExample(t *testing.T) {
	p := map[string]string{"AccessKeyId": "testid", "Action": "DescribeRegions", "Format": "XML", "SignatureMethod": "HMAC-SHA1",
		"SignatureNonce": "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf", "SignatureVersion": "1.0", "Timestamp": "2016-02-23T12:46:24Z", "Version": "2014-05-26"}
	sts := RPCStringToSign("GET", p)
	if want := "GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26"; sts != want {
		t.Fatalf("string to sign\n got %s\nwant %s", sts, want)
	}
	if got := RPCSignature("testsecret", sts); got != "OLeaidS1JvxuMvnyHOwuJ+uX5qY=" {
		t.Fatalf("signature %s", got)
	}
}

func TestTencentDocumentedExample(t *testing.T) {
	canonical := "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064"
	if got := TC3Signature("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", "2019-02-25", "cvm", "1551113065", canonical); got != "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168" {
		t.Fatalf("signature %s", got)
	}
}

// The stand-in's JS-SDK check reproduces the example of WeChat's documentation (JS-SDK
// appendix 1), and a page's wx.config is accepted only with a signature over a ticket it issued.
func TestJSSDKDocumentedExample(t *testing.T) {
	sts := JSSDKStringToSign("sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg", "Wm3WZYTPz0wzccnW", "1414587457", "http://mp.weixin.qq.com?params=value#share")
	want := "jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value"
	if sts != want {
		t.Fatalf("string to sign\n got %s\nwant %s", sts, want)
	}
	if h := sha1.Sum([]byte(sts)); hex.EncodeToString(h[:]) != "0f9de62fce790f9a083d5c99e95740ceb90c27ed" {
		t.Fatalf("signature %x", h)
	}
}

func TestJSSDKConfigCheck(t *testing.T) {
	s := &Server{WeixinAppID: "wx-app", WeixinSecret: "wx-secret"}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string, out any) {
		r, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		if err := json.NewDecoder(r.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	get("/cgi-bin/token?grant_type=client_credential&appid=wx-app&secret=wx-secret", &tok)
	var tk struct{ Ticket string }
	get("/cgi-bin/ticket/getticket?type=jsapi&access_token="+tok.AccessToken, &tk)
	page := "https://dws.test/an/x?y=1"
	h := sha1.Sum([]byte("jsapi_ticket=" + tk.Ticket + "&noncestr=n1&timestamp=1700000000&url=" + page))
	check := func(appID, sig, u string) string {
		b, _ := json.Marshal(map[string]any{"appId": appID, "timestamp": 1700000000, "nonceStr": "n1", "signature": sig, "url": u})
		r, err := http.Post(srv.URL+"/_standin/jssdk/config", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var out struct{ ErrMsg string }
		json.NewDecoder(r.Body).Decode(&out)
		return out.ErrMsg
	}
	good := hex.EncodeToString(h[:])
	if got := check("wx-app", good, page+"#frag"); got != "config:ok" {
		t.Fatalf("valid config: %s", got)
	}
	hexd := "0123456789abcdef"
	tampered := good[:39] + string(hexd[(strings.IndexByte(hexd, good[39])+1)%16])
	for _, c := range [][3]string{{"wx-app", tampered, page}, {"wx-app", good, page + "&z=2"}, {"wx-other", good, page}} {
		if got := check(c[0], c[1], c[2]); got == "config:ok" {
			t.Fatalf("%v accepted", c)
		}
	}
}
