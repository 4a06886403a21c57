package sms

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Aliyun is Alibaba Cloud SMS (dysmsapi, SendSms 2017-05-25) signed with the RPC signature
// v1 (HMAC-SHA1 over the canonical query, key AccessKeySecret+"&").
type Aliyun struct {
	Endpoint  string // default https://dysmsapi.aliyuncs.com/
	KeyID     string
	KeySecret string
	SignName  string
	Region    string
	HTTP      *http.Client
	Now       func() time.Time
}

func (a *Aliyun) Name() string { return "aliyun" }

// AliyunPercentEncode is the RPC encoding: RFC 3986 unreserved characters stay, everything
// else is %XX in upper case (space %20, * %2A, ~ stays).
func AliyunPercentEncode(s string) string {
	return strings.NewReplacer("+", "%20", "*", "%2A", "%7E", "~").Replace(url.QueryEscape(s))
}

// AliyunSign is the RPC signature of the parameters q (without Signature).
func AliyunSign(method string, q url.Values, secret string) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if k != "Signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, AliyunPercentEncode(k)+"="+AliyunPercentEncode(q.Get(k)))
	}
	sts := method + "&" + AliyunPercentEncode("/") + "&" + AliyunPercentEncode(strings.Join(parts, "&"))
	mac := hmac.New(sha1.New, []byte(secret+"&"))
	mac.Write([]byte(sts))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// SendTemplate calls SendSms. Mainland numbers are sent without +86, others as 00<country><number>.
func (a *Aliyun) SendTemplate(ctx context.Context, phone, template string, params []Param) error {
	tp := map[string]string{}
	for _, p := range params {
		tp[p.Name] = p.Value
	}
	tpJSON, _ := json.Marshal(tp)
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	num := strings.TrimPrefix(phone, "+86")
	if strings.HasPrefix(num, "+") {
		num = "00" + num[1:]
	}
	region := a.Region
	if region == "" {
		region = "cn-hangzhou"
	}
	q := url.Values{"AccessKeyId": {a.KeyID}, "Action": {"SendSms"}, "Format": {"JSON"}, "RegionId": {region},
		"SignatureMethod": {"HMAC-SHA1"}, "SignatureNonce": {uuid.NewString()}, "SignatureVersion": {"1.0"},
		"Timestamp": {now().UTC().Format("2006-01-02T15:04:05Z")}, "Version": {"2017-05-25"},
		"PhoneNumbers": {num}, "SignName": {a.SignName}, "TemplateCode": {template}, "TemplateParam": {string(tpJSON)}}
	q.Set("Signature", AliyunSign(http.MethodPost, q, a.KeySecret))
	endpoint := a.Endpoint
	if endpoint == "" {
		endpoint = "https://dysmsapi.aliyuncs.com/"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(q.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := httpClient(a.HTTP).Do(req)
	if err != nil {
		return fmt.Errorf("aliyun sms: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var out struct{ Code, Message, BizId, RequestId string }
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("aliyun sms: HTTP %d: unreadable answer", resp.StatusCode)
	}
	switch {
	case out.Code == "OK":
		return nil
	case out.Code == "isv.MOBILE_NUMBER_ILLEGAL" || out.Code == "isv.BLACK_KEY_CONTROL_LIMIT":
		return fmt.Errorf("%w: aliyun %s", ErrBadNumber, out.Code)
	default:
		return fmt.Errorf("aliyun sms: %s: %s", out.Code, out.Message)
	}
}

func httpClient(c *http.Client) *http.Client {
	if c != nil {
		return c
	}
	return &http.Client{Timeout: 10 * time.Second}
}
