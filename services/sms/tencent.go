package sms

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Tencent is Tencent Cloud SMS (SendSms 2021-01-11) signed with TC3-HMAC-SHA256.
type Tencent struct {
	Endpoint  string // default https://sms.tencentcloudapi.com/
	SecretID  string
	SecretKey string
	SDKAppID  string
	SignName  string
	Region    string // default ap-guangzhou
	HTTP      *http.Client
	Now       func() time.Time
}

func (t *Tencent) Name() string { return "tencent" }

func hmac256(key []byte, msg string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}

func sha256hex(s []byte) string {
	h := sha256.Sum256(s)
	return hex.EncodeToString(h[:])
}

// TC3Sign is the TC3-HMAC-SHA256 signature of a POST with the JSON payload to host for
// service at timestamp, signing the headers content-type (contentType) and host.
func TC3Sign(secretKey, service, host, contentType string, timestamp int64, payload []byte) (signature, scope string) {
	date := time.Unix(timestamp, 0).UTC().Format("2006-01-02")
	canonical := "POST\n/\n\ncontent-type:" + contentType + "\nhost:" + host + "\n\ncontent-type;host\n" + sha256hex(payload)
	scope = date + "/" + service + "/tc3_request"
	sts := "TC3-HMAC-SHA256\n" + strconv.FormatInt(timestamp, 10) + "\n" + scope + "\n" + sha256hex([]byte(canonical))
	k := hmac256([]byte("TC3"+secretKey), date)
	k = hmac256(k, service)
	k = hmac256(k, "tc3_request")
	return hex.EncodeToString(hmac256(k, sts)), scope
}

const tencentCT = "application/json; charset=utf-8"

// SendTemplate calls SendSms for one number; the parameters go in their order.
func (t *Tencent) SendTemplate(ctx context.Context, phone, template string, params []Param) error {
	endpoint := t.Endpoint
	if endpoint == "" {
		endpoint = "https://sms.tencentcloudapi.com/"
	}
	u, err := url.Parse(endpoint)
	if err != nil {
		return err
	}
	set := make([]string, 0, len(params))
	for _, p := range params {
		set = append(set, p.Value)
	}
	payload, _ := json.Marshal(map[string]any{"PhoneNumberSet": []string{phone}, "SmsSdkAppId": t.SDKAppID,
		"SignName": t.SignName, "TemplateId": template, "TemplateParamSet": set})
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	ts := now().Unix()
	sig, scope := TC3Sign(t.SecretKey, "sms", u.Host, tencentCT, ts, payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	region := t.Region
	if region == "" || region == "cn-hangzhou" {
		region = "ap-guangzhou"
	}
	req.Header.Set("Content-Type", tencentCT)
	req.Header.Set("X-TC-Action", "SendSms")
	req.Header.Set("X-TC-Version", "2021-01-11")
	req.Header.Set("X-TC-Timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("X-TC-Region", region)
	req.Header.Set("Authorization", "TC3-HMAC-SHA256 Credential="+t.SecretID+"/"+scope+", SignedHeaders=content-type;host, Signature="+sig)
	resp, err := httpClient(t.HTTP).Do(req)
	if err != nil {
		return fmt.Errorf("tencent sms: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var out struct {
		Response struct {
			Error         *struct{ Code, Message string }
			SendStatusSet []struct {
				Code, Message, PhoneNumber string
			}
		}
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("tencent sms: HTTP %d: unreadable answer", resp.StatusCode)
	}
	if e := out.Response.Error; e != nil {
		return fmt.Errorf("tencent sms: %s: %s", e.Code, e.Message)
	}
	for _, st := range out.Response.SendStatusSet {
		switch st.Code {
		case "Ok":
		case "InvalidParameterValue.IncorrectPhoneNumber", "FailedOperation.PhoneNumberInBlacklist":
			return fmt.Errorf("%w: tencent %s", ErrBadNumber, st.Code)
		default:
			return fmt.Errorf("tencent sms: %s: %s", st.Code, st.Message)
		}
	}
	if len(out.Response.SendStatusSet) == 0 {
		return fmt.Errorf("tencent sms: no send status")
	}
	return nil
}
