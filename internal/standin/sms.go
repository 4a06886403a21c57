package standin

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

var (
	mainlandMobile = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	intlMobile     = regexp.MustCompile(`^00[1-9][0-9]{6,14}$`)
	e164Mobile     = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
)

// rpcEncode is Alibaba Cloud's percent-encoding: only A-Z a-z 0-9 - _ . ~ stay, the rest
// becomes %XX with upper-case hex (UTF-8 bytes).
func rpcEncode(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
		}
	}
	return b.String()
}

// RPCStringToSign is the documented string to sign: METHOD&%2F&encode(sorted k=v joined by &).
func RPCStringToSign(method string, params map[string]string) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		if k != "Signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var q []string
	for _, k := range keys {
		q = append(q, rpcEncode(k)+"="+rpcEncode(params[k]))
	}
	return method + "&" + rpcEncode("/") + "&" + rpcEncode(strings.Join(q, "&"))
}

// RPCSignature is base64(HMAC-SHA1(secret + "&", string to sign)).
func RPCSignature(secret, stringToSign string) string {
	m := hmac.New(sha1.New, []byte(secret+"&"))
	m.Write([]byte(stringToSign))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

func (s *Server) aliyun(w http.ResponseWriter, r *http.Request) {
	fail := func(status int, code, msg string) {
		writeJSON(w, status, map[string]string{"Code": code, "Message": msg, "RequestId": randomHex(8)})
	}
	if err := r.ParseForm(); err != nil {
		fail(400, "InvalidParameter", "unreadable parameters")
		return
	}
	p := map[string]string{}
	for k, v := range r.Form {
		p[k] = v[0]
	}
	for _, k := range []string{"AccessKeyId", "Action", "Format", "SignatureMethod", "SignatureNonce", "SignatureVersion", "Timestamp", "Version", "Signature"} {
		if p[k] == "" {
			fail(400, "MissingParameter", "missing "+k)
			return
		}
	}
	if p["AccessKeyId"] != s.AliyunKeyID {
		fail(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.")
		return
	}
	if p["SignatureMethod"] != "HMAC-SHA1" || p["SignatureVersion"] != "1.0" {
		fail(400, "InvalidParameter", "unsupported signature method")
		return
	}
	ts, err := time.Parse("2006-01-02T15:04:05Z", p["Timestamp"])
	if err != nil || s.now().Sub(ts).Abs() > 15*time.Minute {
		fail(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.")
		return
	}
	want := RPCSignature(s.AliyunSecret, RPCStringToSign(r.Method, p))
	if !hmac.Equal([]byte(want), []byte(p["Signature"])) {
		fail(400, "SignatureDoesNotMatch", "Specified signature is not matched with our calculation.")
		return
	}
	if !s.useNonce("aliyun:" + p["SignatureNonce"]) {
		fail(400, "SignatureNonceUsed", "Specified signature nonce was used already.")
		return
	}
	if p["Action"] != "SendSms" || p["Version"] != "2017-05-25" {
		fail(400, "InvalidAction.NotFound", "Specified api is not found")
		return
	}
	phone := p["PhoneNumbers"]
	switch {
	case mainlandMobile.MatchString(phone):
		phone = "+86" + phone
	case intlMobile.MatchString(phone):
		phone = "+" + phone[2:]
	default:
		writeJSON(w, 200, map[string]string{"Code": "isv.MOBILE_NUMBER_ILLEGAL", "Message": "invalid phone number", "RequestId": randomHex(8)})
		return
	}
	if p["SignName"] == "" || p["TemplateCode"] == "" {
		writeJSON(w, 200, map[string]string{"Code": "isv.SMS_TEMPLATE_ILLEGAL", "Message": "template or sign name missing"})
		return
	}
	params := map[string]string{}
	if err := json.Unmarshal([]byte(p["TemplateParam"]), &params); p["TemplateParam"] != "" && err != nil {
		writeJSON(w, 200, map[string]string{"Code": "isv.INVALID_JSON_PARAM", "Message": "TemplateParam is not JSON"})
		return
	}
	s.deliver(Message{Provider: "aliyun", Phone: phone, Template: p["TemplateCode"], Params: params, SignName: p["SignName"]})
	writeJSON(w, 200, map[string]string{"Code": "OK", "Message": "OK", "BizId": randomHex(10), "RequestId": randomHex(8)})
}

// TC3Signature computes the documented TC3-HMAC-SHA256 steps from the canonical request.
func TC3Signature(secretKey, date, service, timestamp, canonicalRequest string) string {
	h := sha256.Sum256([]byte(canonicalRequest))
	sts := "TC3-HMAC-SHA256\n" + timestamp + "\n" + date + "/" + service + "/tc3_request\n" + hex.EncodeToString(h[:])
	mac := func(key []byte, msg string) []byte {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(msg))
		return m.Sum(nil)
	}
	k := mac(mac(mac([]byte("TC3"+secretKey), date), service), "tc3_request")
	return hex.EncodeToString(mac(k, sts))
}

func (s *Server) tencent(w http.ResponseWriter, r *http.Request) {
	fail := func(code, msg string) {
		writeJSON(w, 200, map[string]any{"Response": map[string]any{"Error": map[string]string{"Code": code, "Message": msg}, "RequestId": randomHex(8)}})
	}
	if r.Method != http.MethodPost {
		fail("InvalidParameter", "POST only")
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	auth := r.Header.Get("Authorization")
	rest, ok := strings.CutPrefix(auth, "TC3-HMAC-SHA256 ")
	if !ok {
		fail("AuthFailure.SignatureFailure", "The provided credentials could not be validated.")
		return
	}
	fields := map[string]string{}
	for _, part := range strings.Split(rest, ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(part), "="); ok {
			fields[k] = v
		}
	}
	cred := strings.Split(fields["Credential"], "/")
	if len(cred) != 4 || cred[3] != "tc3_request" {
		fail("AuthFailure.SignatureFailure", "bad credential scope")
		return
	}
	if cred[0] != s.TencentSecretID {
		fail("AuthFailure.SecretIdNotFound", "The SecretId is not found.")
		return
	}
	tsText := r.Header.Get("X-TC-Timestamp")
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil || s.now().Sub(time.Unix(ts, 0)).Abs() > 5*time.Minute {
		fail("AuthFailure.SignatureExpire", "Signature expired.")
		return
	}
	if cred[1] != time.Unix(ts, 0).UTC().Format("2006-01-02") {
		fail("AuthFailure.SignatureFailure", "credential date does not match the timestamp")
		return
	}
	signed := strings.Split(fields["SignedHeaders"], ";")
	sort.Strings(signed)
	if !containsAll(signed, "content-type", "host") {
		fail("AuthFailure.SignatureFailure", "content-type and host must be signed")
		return
	}
	var ch strings.Builder
	for _, h := range signed {
		v := r.Header.Get(h)
		if h == "host" {
			v = r.Host
		}
		ch.WriteString(h + ":" + strings.ToLower(strings.TrimSpace(v)) + "\n")
	}
	ph := sha256.Sum256(body)
	canonical := "POST\n/\n\n" + ch.String() + "\n" + strings.Join(signed, ";") + "\n" + hex.EncodeToString(ph[:])
	want := TC3Signature(s.TencentSecretKey, cred[1], cred[2], tsText, canonical)
	if !hmac.Equal([]byte(want), []byte(fields["Signature"])) {
		fail("AuthFailure.SignatureFailure", "The provided credentials could not be validated. Please check your signature is correct.")
		return
	}
	if cred[2] != "sms" || r.Header.Get("X-TC-Action") != "SendSms" || r.Header.Get("X-TC-Version") != "2021-01-11" {
		fail("InvalidAction", "unknown action or version")
		return
	}
	var req struct {
		PhoneNumberSet   []string
		SmsSdkAppId      string
		SignName         string
		TemplateId       string
		TemplateParamSet []string
	}
	if err := json.Unmarshal(body, &req); err != nil {
		fail("InvalidParameter", "body is not JSON")
		return
	}
	if req.SmsSdkAppId != s.TencentApp {
		fail("FailedOperation.SmsSdkAppIdVerifyFail", "SmsSdkAppId verification failed")
		return
	}
	var statuses []map[string]string
	for _, ph := range req.PhoneNumberSet {
		st := map[string]string{"PhoneNumber": ph, "SerialNo": randomHex(8), "Code": "Ok", "Message": "send success"}
		if !e164Mobile.MatchString(ph) || strings.HasPrefix(ph, "+86") && !mainlandMobile.MatchString(ph[3:]) {
			st["Code"], st["Message"] = "InvalidParameterValue.IncorrectPhoneNumber", "incorrect phone number"
		} else {
			params := map[string]string{}
			for i, v := range req.TemplateParamSet {
				params[strconv.Itoa(i)] = v
			}
			s.deliver(Message{Provider: "tencent", Phone: ph, Template: req.TemplateId, Params: params, SignName: req.SignName})
		}
		statuses = append(statuses, st)
	}
	writeJSON(w, 200, map[string]any{"Response": map[string]any{"SendStatusSet": statuses, "RequestId": randomHex(8)}})
}

func containsAll(have []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
