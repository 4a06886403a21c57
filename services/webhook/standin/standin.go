// Package standin runs local stand-ins for the webhook targets we cannot reach in tests
// (WeCom, Feishu and DingTalk group bots, a custom endpoint). Each one checks a request
// the way the real service does - its own implementation of the signature, deliberately
// not the sender's code - and answers like the real service: a bad signature, an expired
// timestamp, a wrong key or token, an unknown message type or an oversize message is
// refused with the service's own error code. Accepted and refused requests are recorded.
package standin

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Target names (the same strings as models.HookWorkChat, ...).
const (
	WorkChat = "work-chat"
	Feishu   = "feishu"
	DingTalk = "dingtalk"
	Custom   = "custom"
)

// Request is one request a stand-in received.
type Request struct {
	At     time.Time
	Header http.Header
	Query  string
	Body   []byte
	// ID is the custom endpoint's webhook-id.
	ID string
	// Problem is why the stand-in refused it ("" when accepted).
	Problem string
}

// Reply is a scripted answer (for failures on purpose).
type Reply struct {
	Status int
	Header http.Header
	Body   string
}

// Server is one stand-in on 127.0.0.1.
type Server struct {
	*httptest.Server
	Target string
	// Secret is the signing secret (Feishu, DingTalk: as shown by the service; custom:
	// whsec_…); Token is the WeCom key, the DingTalk access_token or the Feishu hook token.
	Secret string
	Token  string

	mu       sync.Mutex
	accepted []Request
	refused  []Request
	received int
	script   []Reply
	always   *Reply
	now      func() time.Time
}

// New starts a stand-in of target with secret (empty for WeCom).
func New(target, secret string) *Server {
	s := &Server{Target: target, Secret: secret, Token: "tok" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36), now: time.Now}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the hook address in the real service's shape.
func (s *Server) URL() string {
	switch s.Target {
	case WorkChat:
		return s.Server.URL + "/cgi-bin/webhook/send?key=" + s.Token
	case Feishu:
		return s.Server.URL + "/open-apis/bot/v2/hook/" + s.Token
	case DingTalk:
		return s.Server.URL + "/robot/send?access_token=" + s.Token
	}
	return s.Server.URL + "/hooks/dwsurvey"
}

// Script makes the next requests get these replies, in order (then normal service).
func (s *Server) Script(replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.script = append(s.script, replies...)
}

// Always makes every request get r (nil: normal service again).
func (s *Server) Always(r *Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.always = r
}

// Accepted returns the requests that passed every check.
func (s *Server) Accepted() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.accepted...)
}

// Refused returns the requests refused by a check (not the scripted failures).
func (s *Server) Refused() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.refused...)
}

// Received counts every request (accepted, refused and scripted).
func (s *Server) Received() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	req := Request{At: s.now(), Header: r.Header.Clone(), Query: r.URL.RawQuery, Body: body, ID: r.Header.Get("webhook-id")}
	s.mu.Lock()
	s.received++
	var scripted *Reply
	if s.always != nil {
		scripted = s.always
	} else if len(s.script) > 0 {
		scripted = &s.script[0]
		s.script = s.script[1:]
	}
	s.mu.Unlock()
	if scripted != nil {
		for k, vs := range scripted.Header {
			for _, v := range vs {
				w.Header().Add(k, v)
			}
		}
		w.WriteHeader(scripted.Status)
		_, _ = io.WriteString(w, scripted.Body)
		return
	}
	var status int
	var answer any
	switch s.Target {
	case WorkChat:
		status, answer, req.Problem = s.wecom(r, body)
	case Feishu:
		status, answer, req.Problem = s.feishu(r, body)
	case DingTalk:
		status, answer, req.Problem = s.dingtalk(r, body)
	default:
		status, answer, req.Problem = s.custom(r, body)
	}
	s.mu.Lock()
	if req.Problem == "" {
		s.accepted = append(s.accepted, req)
	} else {
		s.refused = append(s.refused, req)
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(answer)
}

type wecomAnswer struct {
	ErrCode int    `json:"errcode"`
	ErrMsg  string `json:"errmsg"`
}

// wecom checks like the WeCom group bot API (errcode 0 = ok; errors answer HTTP 200 too).
func (s *Server) wecom(r *http.Request, body []byte) (int, any, string) {
	refuse := func(code int, msg string) (int, any, string) { return 200, wecomAnswer{code, msg}, msg }
	if r.Method != http.MethodPost || r.URL.Path != "/cgi-bin/webhook/send" || r.URL.Query().Get("key") != s.Token {
		return refuse(93000, "invalid webhook url")
	}
	var m struct {
		MsgType  string `json:"msgtype"`
		Markdown *struct {
			Content string `json:"content"`
		} `json:"markdown"`
		Text *struct {
			Content string `json:"content"`
		} `json:"text"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return refuse(40035, "invalid json: "+err.Error())
	}
	switch m.MsgType {
	case "markdown":
		if m.Markdown == nil || strings.TrimSpace(m.Markdown.Content) == "" {
			return refuse(44004, "markdown.content is empty")
		}
		if len(m.Markdown.Content) > 4096 {
			return refuse(40058, "markdown.content exceed max length 4096")
		}
	case "text":
		if m.Text == nil || strings.TrimSpace(m.Text.Content) == "" {
			return refuse(44004, "text.content is empty")
		}
		if len(m.Text.Content) > 2048 {
			return refuse(40058, "text.content exceed max length 2048")
		}
	default:
		return refuse(40008, "invalid message type")
	}
	return 200, wecomAnswer{0, "ok"}, ""
}

type feishuAnswer struct {
	Code int            `json:"code"`
	Data map[string]any `json:"data"`
	Msg  string         `json:"msg"`
}

// feishu checks like the Feishu custom bot: signature over timestamp + "\n" + secret as
// the HMAC key of an empty message, timestamp within an hour, body at most 20 KB.
func (s *Server) feishu(r *http.Request, body []byte) (int, any, string) {
	refuse := func(status, code int, msg string) (int, any, string) {
		return status, feishuAnswer{code, map[string]any{}, msg}, msg
	}
	if r.Method != http.MethodPost || r.URL.Path != "/open-apis/bot/v2/hook/"+s.Token {
		return refuse(404, 19001, "param invalid: incoming webhook access token invalid")
	}
	if len(body) > 20*1024 {
		return refuse(400, 9499, "request body exceeds 20 KB")
	}
	var m struct {
		Timestamp string          `json:"timestamp"`
		Sign      string          `json:"sign"`
		MsgType   string          `json:"msg_type"`
		Content   json.RawMessage `json:"content"`
		Card      json.RawMessage `json:"card"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return refuse(400, 9499, "Bad Request")
	}
	ts, err := strconv.ParseInt(m.Timestamp, 10, 64)
	if s.Secret != "" {
		key := m.Timestamp + "\n" + s.Secret
		mac := hmac.New(sha256.New, []byte(key))
		want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
		age := s.now().Unix() - ts
		if err != nil || age > 3600 || age < -3600 || !hmac.Equal([]byte(want), []byte(m.Sign)) {
			return refuse(200, 19021, "sign match fail or timestamp is not within one hour from current time")
		}
	}
	switch m.MsgType {
	case "post":
		var c struct {
			Post map[string]struct {
				Title   string              `json:"title"`
				Content [][]json.RawMessage `json:"content"`
			} `json:"post"`
		}
		if json.Unmarshal(m.Content, &c) != nil || len(c.Post) == 0 {
			return refuse(200, 9499, "Bad Request: content.post")
		}
		for _, p := range c.Post {
			if len(p.Content) == 0 {
				return refuse(200, 9499, "Bad Request: empty post")
			}
		}
	case "text", "image", "share_chat":
		if len(m.Content) == 0 {
			return refuse(200, 9499, "Bad Request: content")
		}
	case "interactive":
		if len(m.Card) == 0 && len(m.Content) == 0 {
			return refuse(200, 9499, "Bad Request: card")
		}
	default:
		return refuse(200, 19002, "params error, msg_type need")
	}
	return 200, feishuAnswer{0, map[string]any{}, "success"}, ""
}

type dingAnswer struct {
	ErrCode int    `json:"errcode"`
	ErrMsg  string `json:"errmsg"`
}

// dingtalk checks like the DingTalk robot: access_token, then timestamp (ms, within an
// hour) and sign (HMAC-SHA256 with the secret as key over timestamp + "\n" + secret) in the
// query, then the message.
func (s *Server) dingtalk(r *http.Request, body []byte) (int, any, string) {
	refuse := func(code int, msg string) (int, any, string) { return 200, dingAnswer{code, msg}, msg }
	q := r.URL.Query()
	if r.Method != http.MethodPost || r.URL.Path != "/robot/send" || q.Get("access_token") != s.Token {
		return refuse(300001, "token is not exist")
	}
	if s.Secret != "" {
		tsText, sign := q.Get("timestamp"), q.Get("sign")
		ts, err := strconv.ParseInt(tsText, 10, 64)
		mac := hmac.New(sha256.New, []byte(s.Secret))
		mac.Write([]byte(tsText + "\n" + s.Secret))
		want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
		age := s.now().UnixMilli() - ts
		if err != nil || age > 3600_000 || age < -3600_000 {
			return refuse(310000, "sign not match, more: timestamp is not within one hour")
		}
		if !hmac.Equal([]byte(want), []byte(sign)) {
			return refuse(310000, "sign not match, more: sign")
		}
	}
	var m struct {
		MsgType  string `json:"msgtype"`
		Markdown *struct {
			Title string `json:"title"`
			Text  string `json:"text"`
		} `json:"markdown"`
		Text *struct {
			Content string `json:"content"`
		} `json:"text"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		return refuse(43000, "invalid json")
	}
	switch m.MsgType {
	case "markdown":
		if m.Markdown == nil || m.Markdown.Title == "" || m.Markdown.Text == "" {
			return refuse(300005, "markdown title or text is empty")
		}
		if len(m.Markdown.Text) > 20000 {
			return refuse(460101, "message too long")
		}
	case "text":
		if m.Text == nil || m.Text.Content == "" {
			return refuse(300005, "text content is empty")
		}
	default:
		return refuse(300005, "msgtype is not supported")
	}
	return 200, dingAnswer{0, "ok"}, ""
}

// custom checks a Standard Webhooks request: webhook-id, a webhook-timestamp within five
// minutes and one valid v1 signature among the space-separated ones in webhook-signature.
func (s *Server) custom(r *http.Request, body []byte) (int, any, string) {
	refuse := func(msg string) (int, any, string) { return 400, map[string]string{"error": msg}, msg }
	if r.Method != http.MethodPost {
		return refuse("method")
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		return refuse("content type")
	}
	id, tsText, sigs := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp"), r.Header.Get("webhook-signature")
	if id == "" || tsText == "" || sigs == "" {
		return refuse("missing webhook headers")
	}
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil || s.now().Unix()-ts > 300 || ts-s.now().Unix() > 300 {
		return refuse("timestamp outside the tolerance")
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s.Secret, "whsec_"))
	if err != nil {
		return refuse("stand-in secret")
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte("."))
	mac.Write([]byte(tsText))
	mac.Write([]byte("."))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	ok := false
	for _, sig := range strings.Fields(sigs) {
		v, b64, found := strings.Cut(sig, ",")
		if found && v == "v1" && hmac.Equal([]byte(b64), []byte(want)) {
			ok = true
		}
	}
	if !ok {
		return refuse("no valid signature")
	}
	if !json.Valid(body) {
		return refuse("body is not JSON")
	}
	return 200, map[string]any{"received": id}, ""
}

// String names the stand-in in test messages.
func (s *Server) String() string { return fmt.Sprintf("%s stand-in at %s", s.Target, s.Server.URL) }
