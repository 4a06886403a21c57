// Package standin is a local stand-in for an OpenAI-compatible chat-completions API, for tests
// and the end-to-end journeys (tools/aistandin). It checks what the real service checks — the
// method and path, a bearer key, a JSON body with a known model and well-formed messages, the
// model's context size — and answers with the real service's shapes (errors included). The
// translation itself is scripted: Reply, or by default a marked copy of every text.
package standin

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Request is one accepted request as the script sees it.
type Request struct {
	Model  string
	System string
	// Texts is the user message's JSON object (nil when it is not one).
	Texts map[string]string
	// Target is the language named by the system prompt ("into X.").
	Target string
	// N counts the accepted requests from 1.
	N int
}

// Reply is a scripted answer: Status 0 means 200 with Content as the assistant's message; any
// other status is an error of that status with Message. Delay holds the answer back (time-outs).
type Reply struct {
	Status  int
	Message string
	Content string
	Delay   time.Duration
}

// Server is the stand-in. Set the fields before serving.
type Server struct {
	Key   string
	Model string
	// MaxContextChars bounds the characters of all messages (the model's context; 0: 32000).
	MaxContextChars int
	// Script answers an accepted request (nil: Translate).
	Script func(r Request) Reply

	mu    sync.Mutex
	n     int
	texts []map[string]string
}

// Calls is the number of accepted requests; Seen their texts in order.
func (s *Server) Calls() int { s.mu.Lock(); defer s.mu.Unlock(); return s.n }

// Seen returns the texts of every accepted request in order.
func (s *Server) Seen() []map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]string(nil), s.texts...)
}

type apiError struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    string  `json:"code,omitempty"`
}

func fail(w http.ResponseWriter, status int, typ, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]apiError{"error": {Message: msg, Type: typ, Code: code}})
}

var targetRe = regexp.MustCompile(`into (.+?)\. `)

// ServeHTTP implements POST /v1/chat/completions (any prefix before /chat/completions).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		fail(w, http.StatusNotFound, "invalid_request_error", "unknown_url", "Invalid URL ("+r.Method+" "+r.URL.Path+")")
		return
	}
	if r.Method != http.MethodPost {
		fail(w, http.StatusMethodNotAllowed, "invalid_request_error", "", "Only POST is allowed")
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.Key || s.Key == "" {
		fail(w, http.StatusUnauthorized, "invalid_request_error", "invalid_api_key", "Incorrect API key provided.")
		return
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		fail(w, http.StatusBadRequest, "invalid_request_error", "", "Content-Type must be application/json")
		return
	}
	var body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
		Temperature    *float64          `json:"temperature"`
		ResponseFormat map[string]string `json:"response_format"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4<<20))
	if err := dec.Decode(&body); err != nil {
		fail(w, http.StatusBadRequest, "invalid_request_error", "", "We could not parse the JSON body of your request.")
		return
	}
	if body.Model != s.Model {
		fail(w, http.StatusNotFound, "invalid_request_error", "model_not_found", fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", body.Model))
		return
	}
	if len(body.Messages) == 0 {
		fail(w, http.StatusBadRequest, "invalid_request_error", "", "'messages' must contain at least one message")
		return
	}
	if body.Temperature != nil && (*body.Temperature < 0 || *body.Temperature > 2) {
		fail(w, http.StatusBadRequest, "invalid_request_error", "", "'temperature' must be between 0 and 2")
		return
	}
	chars := 0
	req := Request{Model: body.Model}
	for i, m := range body.Messages {
		switch m.Role {
		case "system", "user", "assistant", "developer":
		default:
			fail(w, http.StatusBadRequest, "invalid_request_error", "", fmt.Sprintf("Invalid value for 'messages[%d].role': %q", i, m.Role))
			return
		}
		chars += len([]rune(m.Content))
		if m.Role == "system" {
			req.System = m.Content
		}
		if m.Role == "user" {
			req.Texts = nil
			_ = json.Unmarshal([]byte(m.Content), &req.Texts)
		}
	}
	limit := s.MaxContextChars
	if limit <= 0 {
		limit = 32000
	}
	if chars > limit {
		fail(w, http.StatusBadRequest, "invalid_request_error", "context_length_exceeded",
			fmt.Sprintf("This model's maximum context length is %d characters. However, your messages resulted in %d.", limit, chars))
		return
	}
	if body.ResponseFormat != nil && body.ResponseFormat["type"] == "json_object" && !strings.Contains(strings.ToLower(req.System+fmt.Sprint(req.Texts)), "json") {
		fail(w, http.StatusBadRequest, "invalid_request_error", "", "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.")
		return
	}
	if m := targetRe.FindStringSubmatch(req.System); m != nil {
		req.Target = m[1]
	}
	s.mu.Lock()
	s.n++
	req.N = s.n
	s.texts = append(s.texts, req.Texts)
	s.mu.Unlock()
	script := s.Script
	if script == nil {
		script = Translate
	}
	rep := script(req)
	if rep.Delay > 0 {
		select {
		case <-time.After(rep.Delay):
		case <-r.Context().Done():
			return
		}
	}
	if rep.Status != 0 && rep.Status != http.StatusOK {
		fail(w, rep.Status, "invalid_request_error", "", rep.Message)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": fmt.Sprintf("chatcmpl-standin-%d", req.N), "object": "chat.completion", "created": time.Now().Unix(), "model": body.Model,
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant", "content": rep.Content}}},
		"usage":   map[string]int{"prompt_tokens": chars / 4, "completion_tokens": chars / 4, "total_tokens": chars / 2},
	})
}

// Mark is the default translation of a text into target: the text with "[<code>] " before
// its first text character (tags and placeholders kept), e.g. "<b>[en] 颜色</b>".
func Mark(target, text string) string {
	code := target
	if i := strings.LastIndex(target, "("); i >= 0 && strings.HasSuffix(target, ")") {
		code = target[i+1 : len(target)-1]
	}
	i := 0
	for i < len(text) && text[i] == '<' {
		j := strings.IndexByte(text[i:], '>')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return text[:i] + "[" + code + "] " + text[i:]
}

// Translate is the default script: every text marked with Mark.
func Translate(r Request) Reply {
	out := map[string]string{}
	for k, v := range r.Texts {
		out[k] = Mark(r.Target, v)
	}
	b, _ := json.Marshal(out)
	return Reply{Content: string(b)}
}

// JSON is a reply whose content is the JSON object texts.
func JSON(texts map[string]string) Reply {
	b, _ := json.Marshal(texts)
	return Reply{Content: string(b)}
}
