package language

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"

	lang "dwsurvey/survey"
)

// Provider translates a batch of texts (an OpenAI-compatible chat-completions API in
// production, OpenAIClient). texts maps a batch-local key to an HTML text; the answer maps the
// same keys to the translations. Errors: *RefusedError when the provider refuses the request
// (retrying cannot help), anything else is worth retrying (time-outs, 429, 5xx, bad replies).
type Provider interface {
	Translate(ctx context.Context, from, to string, texts map[string]string) (map[string]string, error)
}

// RefusedError is a provider's refusal (bad key, unknown model, content policy, quota).
type RefusedError struct {
	Status  int
	Message string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("the AI provider refused the request (HTTP %d): %s", e.Status, e.Message)
}

// OpenAIClient calls POST <BaseURL>/chat/completions with a bearer key. BaseURL, Key and
// Model come from the server configuration (ai.*); the key never leaves the server.
type OpenAIClient struct {
	BaseURL string
	Key     string
	Model   string
	// Timeout bounds one request (60 s when 0).
	Timeout time.Duration
	// HTTP is the client used (a plain client with Timeout when nil).
	HTTP *http.Client
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// ChatRequest is the body of a chat-completions request (the fields this client sends).
type ChatRequest struct {
	Model          string            `json:"model"`
	Messages       []chatMessage     `json:"messages"`
	Temperature    float64           `json:"temperature"`
	ResponseFormat map[string]string `json:"response_format,omitempty"`
}

// ChatResponse is the part of a chat-completions answer this client reads.
type ChatResponse struct {
	Choices []struct {
		Message      chatMessage `json:"message"`
		FinishReason string      `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
		Type    string `json:"type"`
	} `json:"error,omitempty"`
}

// SystemPrompt is the instruction sent with every batch.
func SystemPrompt(from, to string) string {
	src := from
	if src == "" {
		src = "the source language"
	}
	return "You translate survey texts from " + src + " into " + to + ". The user sends a JSON object whose values are texts; " +
		"answer with only a JSON object with the same keys and the translated texts as values. Keep every HTML tag and attribute " +
		"exactly as it is, translating only the text between tags. Keep every placeholder in curly braces such as {Q1} or " +
		"{Q1|fallback} unchanged. Do not add explanations."
}

// Translate sends one batch and checks the shape of the answer (every key, only strings).
func (c *OpenAIClient) Translate(ctx context.Context, from, to string, texts map[string]string) (map[string]string, error) {
	user, err := json.Marshal(texts)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(ChatRequest{Model: c.Model, Temperature: 0, ResponseFormat: map[string]string{"type": "json_object"},
		Messages: []chatMessage{{Role: "system", Content: SystemPrompt(from, to)}, {Role: "user", Content: string(user)}}})
	if err != nil {
		return nil, err
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: timeout}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.BaseURL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return nil, &RefusedError{Message: "ai.base_url is not a valid URL"}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Key)
	resp, err := hc.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout") {
			return nil, fmt.Errorf("the AI provider did not answer within %s", timeout)
		}
		return nil, fmt.Errorf("the AI provider cannot be reached: %v", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("the AI provider's answer could not be read: %v", err)
	}
	var cr ChatResponse
	_ = json.Unmarshal(raw, &cr)
	if resp.StatusCode != http.StatusOK {
		msg := http.StatusText(resp.StatusCode)
		if cr.Error != nil && cr.Error.Message != "" {
			msg = cr.Error.Message
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 || resp.StatusCode == http.StatusRequestTimeout {
			return nil, fmt.Errorf("the AI provider is busy (HTTP %d): %s", resp.StatusCode, msg)
		}
		return nil, &RefusedError{Status: resp.StatusCode, Message: msg}
	}
	if len(cr.Choices) == 0 {
		return nil, errors.New("the AI provider answered without a translation")
	}
	return parseReply(cr.Choices[0].Message.Content, texts)
}

var fenceRe = regexp.MustCompile("(?s)^\\s*```(?:json)?\\s*(.*?)\\s*```\\s*$")

// parseReply reads the JSON object of a reply (a Markdown code fence around it is tolerated)
// and refuses one without every key.
func parseReply(content string, texts map[string]string) (map[string]string, error) {
	if m := fenceRe.FindStringSubmatch(content); m != nil {
		content = m[1]
	}
	var out map[string]string
	if err := json.Unmarshal([]byte(strings.TrimSpace(content)), &out); err != nil {
		return nil, fmt.Errorf("the AI provider's answer is not a JSON object of texts")
	}
	for k := range texts {
		if _, ok := out[k]; !ok {
			return nil, fmt.Errorf("the AI provider's answer lacks text %s", k)
		}
	}
	return out, nil
}

var tagRe = regexp.MustCompile(`</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>`)

// tags lists the tags of an HTML text (name and closing mark) in order.
func tags(s string) []string {
	var out []string
	for _, m := range tagRe.FindAllStringSubmatch(s, -1) {
		closing := strings.HasPrefix(m[0], "</")
		t := strings.ToLower(m[1])
		if closing {
			t = "/" + t
		}
		out = append(out, t)
	}
	return out
}

// placeholders lists the piping placeholders of a text, sorted.
func placeholders(s string) []string {
	var out []string
	for _, p := range lang.ScanPipes(s, lang.PipeHTML, nil) {
		if p.Name != "" {
			out = append(out, p.Raw)
		}
	}
	sort.Strings(out)
	return out
}

// CheckTranslation says why a translation does not keep its original's HTML tags (the same
// tags in the same order) or placeholders (the same set); "" when it does.
func CheckTranslation(original, translated string) string {
	if strings.TrimSpace(translated) == "" && strings.TrimSpace(original) != "" {
		return "the translation is empty"
	}
	a, b := tags(original), tags(translated)
	if strings.Join(a, ",") != strings.Join(b, ",") {
		return fmt.Sprintf("HTML tags changed (%s became %s)", strings.Join(a, " "), strings.Join(b, " "))
	}
	p, q := placeholders(original), placeholders(translated)
	if strings.Join(p, ",") != strings.Join(q, ",") {
		return fmt.Sprintf("placeholders changed (%s became %s)", strings.Join(p, " "), strings.Join(q, " "))
	}
	return ""
}
