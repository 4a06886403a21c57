// Package standin is a local stand-in for the outside services of sign-in that tests cannot
// reach: Alibaba Cloud SMS, Tencent Cloud SMS and the WeChat APIs (official account tokens
// and JS-SDK tickets, website QR login, in-WeChat OAuth). It checks what the real services
// check - signatures over the documented canonical forms, timestamps, nonces, credentials,
// single-use codes, authorised redirect domains, the WeChat browser - and refuses with the
// real services' error codes. Its signature checks are written from the providers'
// documentation independently of the clients in services/sms and services/weixin, and are
// pinned by the documentation's own examples (standin_test.go).
//
// Delivered text messages can be read back at GET /_standin/sms?phone=+86... (JSON, newest
// last), so tests and journeys take codes from there.
package standin

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// Message is one delivered text message.
type Message struct {
	Provider string            `json:"provider"`
	Phone    string            `json:"phone"` // E.164
	Template string            `json:"template"`
	Params   map[string]string `json:"params"` // Tencent's list: keys "0", "1", ...
	SignName string            `json:"signName"`
	SentAt   time.Time         `json:"sentAt"`
}

// Server holds the stand-in's accounts and what it received.
type Server struct {
	// Aliyun AccessKey, Tencent SecretId/SecretKey/SmsSdkAppId.
	AliyunKeyID, AliyunSecret                     string
	TencentSecretID, TencentSecretKey, TencentApp string
	// WeChat official account / website app, and the domain redirect_uri must be on
	// (host, optionally with port, as configured in the WeChat console).
	WeixinAppID, WeixinSecret string
	WeixinDomain              string
	// AMapKey and AMapPrivateKey are the AMap web service key and its signing private key
	// (empty: requests need no signature).
	AMapKey, AMapPrivateKey string
	// TokenTTL is the life of access tokens and tickets (WeChat: 7200 s).
	TokenTTL time.Duration
	Now      func() time.Time

	mu       sync.Mutex
	messages []Message
	nonces   map[string]time.Time
	tokens   map[string]time.Time // official account access tokens
	tickets  map[string]time.Time // JS-SDK tickets
	codes    map[string]*oauthCode
	userTok  map[string]string // web OAuth access token -> openid
	Calls    map[string]int    // requests per endpoint (token, ticket, ...)
}

type oauthCode struct {
	appID, user, scope string
	issued             time.Time
	used               bool
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Server) init() {
	if s.nonces == nil {
		s.nonces, s.tokens, s.codes, s.userTok, s.Calls = map[string]time.Time{}, map[string]time.Time{}, map[string]*oauthCode{}, map[string]string{}, map[string]int{}
		s.tickets = map[string]time.Time{}
	}
	if s.TokenTTL == 0 {
		s.TokenTTL = 7200 * time.Second
	}
}

// Handler serves every stand-in endpoint:
//
//	POST /aliyun/            Alibaba Cloud SendSms (RPC, signature v1)
//	POST /tencent/           Tencent Cloud SendSms (TC3-HMAC-SHA256)
//	GET  /cgi-bin/token, /cgi-bin/ticket/getticket, /sns/oauth2/access_token, /sns/userinfo
//	GET  /connect/qrconnect (website QR login page), /connect/oauth2/authorize (in-WeChat OAuth)
//	GET  /v3/geocode/regeo   AMap web service reverse geocoding (key, digital signature)
//	POST /_standin/jssdk/config  WeChat's check of a page's wx.config (JSON appId, timestamp,
//	                         nonceStr, signature, url): ok, or "config:invalid signature"
//	GET  /_standin/sms?phone=  delivered messages; GET /_standin/calls  request counts
func (s *Server) Handler() http.Handler {
	s.mu.Lock()
	s.init()
	s.mu.Unlock()
	mux := http.NewServeMux()
	mux.HandleFunc("/aliyun/", s.aliyun)
	mux.HandleFunc("/tencent/", s.tencent)
	mux.HandleFunc("/cgi-bin/token", s.wxToken)
	mux.HandleFunc("/cgi-bin/ticket/getticket", s.wxTicket)
	mux.HandleFunc("/sns/oauth2/access_token", s.wxCodeExchange)
	mux.HandleFunc("/sns/userinfo", s.wxUserInfo)
	mux.HandleFunc("/connect/qrconnect", s.wxQRConnect)
	mux.HandleFunc("/connect/oauth2/authorize", s.wxAuthorize)
	mux.HandleFunc("/connect/confirm", s.wxConfirm)
	mux.HandleFunc("/v3/geocode/regeo", s.amapRegeo)
	mux.HandleFunc("/_standin/jssdk/config", s.wxJSConfig)
	mux.HandleFunc("/_standin/sms", func(w http.ResponseWriter, r *http.Request) {
		phone := r.URL.Query().Get("phone")
		out := []Message{}
		for _, m := range s.Messages() {
			if phone == "" || m.Phone == phone {
				out = append(out, m)
			}
		}
		writeJSON(w, http.StatusOK, out)
	})
	mux.HandleFunc("/_standin/calls", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		writeJSON(w, http.StatusOK, s.Calls)
	})
	return mux
}

// Messages returns the delivered messages in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// CallCount is how many requests an endpoint ("token", "ticket", "sns-token") received.
func (s *Server) CallCount(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Calls[name]
}

func (s *Server) deliver(m Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.SentAt = s.now()
	s.messages = append(s.messages, m)
}

// useNonce records a nonce; false when it was seen in the last 15 minutes.
func (s *Server) useNonce(n string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	for k, t := range s.nonces {
		if now.Sub(t) > 15*time.Minute {
			delete(s.nonces, k)
		}
	}
	if _, seen := s.nonces[n]; seen {
		return false
	}
	s.nonces[n] = now
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
