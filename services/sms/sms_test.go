package sms_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"dwsurvey/internal/standin"
	"dwsurvey/services/sms"
)

// The clients' signing reproduces the published examples of both providers.
func TestAliyunSignDocumentedExample(t *testing.T) {
	q := url.Values{"AccessKeyId": {"testid"}, "Action": {"DescribeRegions"}, "Format": {"XML"}, "SignatureMethod": {"HMAC-SHA1"},
		"SignatureNonce": {"3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"}, "SignatureVersion": {"1.0"}, "Timestamp": {"2016-02-23T12:46:24Z"}, "Version": {"2014-05-26"}}
	if got := sms.AliyunSign("GET", q, "testsecret"); got != "OLeaidS1JvxuMvnyHOwuJ+uX5qY=" {
		t.Fatalf("got %s", got)
	}
}

func TestTencentSignDocumentedExample(t *testing.T) {
	payload := `{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`
	sig, scope := sms.TC3Sign("Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", "cvm", "cvm.tencentcloudapi.com", "application/json; charset=utf-8", 1551113065, []byte(payload))
	if scope != "2019-02-25/cvm/tc3_request" || sig != "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168" {
		t.Fatalf("got %s %s", sig, scope)
	}
}

func standinServer(t *testing.T) (*standin.Server, string) {
	st := &standin.Server{AliyunKeyID: "ak-id", AliyunSecret: "ak-secret", TencentSecretID: "AKIDtest", TencentSecretKey: "tc-secret", TencentApp: "1400000001"}
	srv := httptest.NewServer(st.Handler())
	t.Cleanup(srv.Close)
	return st, srv.URL
}

// Both clients deliver through the stand-in; a wrong secret is refused by its signature check
// and nothing is delivered; a bad number comes back as ErrBadNumber.
func TestProvidersAgainstStandin(t *testing.T) {
	st, base := standinServer(t)
	ctx := context.Background()
	good := []sms.Provider{
		&sms.Aliyun{Endpoint: base + "/aliyun/", KeyID: "ak-id", KeySecret: "ak-secret", SignName: "问卷"},
		&sms.Tencent{Endpoint: base + "/tencent/", SecretID: "AKIDtest", SecretKey: "tc-secret", SDKAppID: "1400000001", SignName: "问卷"},
	}
	for i, p := range good {
		if err := p.SendTemplate(ctx, "+8613800138000", "SMS_1", []sms.Param{{"code", "123456"}}); err != nil {
			t.Fatalf("%s: %v", p.Name(), err)
		}
		msgs := st.Messages()
		if len(msgs) != i+1 || msgs[i].Phone != "+8613800138000" || msgs[i].Provider != p.Name() {
			t.Fatalf("%s: delivered %+v", p.Name(), msgs)
		}
		if v := msgs[i].Params["code"] + msgs[i].Params["0"]; v != "123456" {
			t.Fatalf("%s: params %+v", p.Name(), msgs[i].Params)
		}
	}
	bad := []sms.Provider{
		&sms.Aliyun{Endpoint: base + "/aliyun/", KeyID: "ak-id", KeySecret: "wrong", SignName: "问卷"},
		&sms.Tencent{Endpoint: base + "/tencent/", SecretID: "AKIDtest", SecretKey: "wrong", SDKAppID: "1400000001", SignName: "问卷"},
	}
	for _, p := range bad {
		err := p.SendTemplate(ctx, "+8613800138000", "SMS_1", []sms.Param{{"code", "1"}})
		if err == nil || !(strings.Contains(err.Error(), "SignatureDoesNotMatch") || strings.Contains(err.Error(), "AuthFailure.SignatureFailure")) {
			t.Fatalf("%s with a wrong secret: %v", p.Name(), err)
		}
	}
	if n := len(st.Messages()); n != 2 {
		t.Fatalf("%d delivered after refused signatures", n)
	}
	for _, p := range good {
		if err := p.SendTemplate(ctx, "+8612345", "SMS_1", nil); !errors.Is(err, sms.ErrBadNumber) {
			t.Fatalf("%s bad number: %v", p.Name(), err)
		}
	}
}

func TestNormalizePhone(t *testing.T) {
	for in, want := range map[string]string{"13800138000": "+8613800138000", "+86 138-0013-8000": "+8613800138000", "008613800138000": "+8613800138000", "+14155550100": "+14155550100"} {
		if got, err := sms.NormalizePhone(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	for _, in := range []string{"", "12345", "+8612345678901", "abc", "23800138000"} {
		if _, err := sms.NormalizePhone(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
