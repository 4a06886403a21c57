package webhook

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/netguard"
	"dwsurvey/services/webhook/standin"
)

func localClient(t *testing.T) *netguard.Client {
	allow, err := netguard.ParseCIDRs([]string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	return &netguard.Client{Guard: &netguard.Guard{Allow: allow}}
}

// tricky is a message with respondent text that tries markdown tricks, and long answers.
func tricky(lines int) message {
	m := message{Title: "New answer: [click](http://evil.example) **bold**", Link: "http://127.0.0.1/v8/diaowen/an/review/s/a",
		LinkText: "View the answer", Lang: "en-US"}
	for i := 0; i < lines; i++ {
		m.Lines = append(m.Lines, [2]string{"Q1 Your name <b>", "line1\n> quote\n# heading ![img](http://x/y.png) " + strings.Repeat("答", 400)})
	}
	return m
}

// Every target's request, signed now, passes its stand-in's own checks; the markdown of
// respondent text cannot make links, headings or quotes; long messages stay in the limits.
func TestEveryFormatPassesItsStandIn(t *testing.T) {
	c := localClient(t)
	ctx := context.Background()
	secrets := map[string]string{standin.WorkChat: "", standin.Feishu: "feishu-secret-123", standin.DingTalk: "SECdingtalk0123456789",
		standin.Custom: NewCustomSecret()}
	for _, target := range []string{standin.WorkChat, standin.Feishu, standin.DingTalk, standin.Custom} {
		t.Run(target, func(t *testing.T) {
			srv := standin.New(target, secrets[target])
			defer srv.Close()
			body := botBody(target, tricky(30))
			if target == standin.Custom {
				body, _ = json.Marshal(Event{Type: models.HookAnswerSubmitted, Timestamp: "2026-01-01T00:00:00Z"})
			}
			req, err := sign(target, srv.URL(), secrets[target], "msg-1", body, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.Do(ctx, http.MethodPost, req.URL, req.Header, req.Body)
			if err != nil {
				t.Fatal(err)
			}
			var res AttemptResult
			classify(target, resp, nil, time.Now(), &res)
			if res.Outcome != OutcomeDelivered || len(srv.Accepted()) != 1 {
				t.Fatalf("outcome %+v, refused %v, reply %s", res, srv.Refused(), resp.Body)
			}
			got := string(srv.Accepted()[0].Body)
			var m struct {
				Markdown struct{ Content, Text string } `json:"markdown"`
				Content  struct {
					Post map[string]struct {
						Content [][]map[string]string `json:"content"`
					} `json:"post"`
				} `json:"content"`
			}
			_ = json.Unmarshal(srv.Accepted()[0].Body, &m)
			rendered := m.Markdown.Content + m.Markdown.Text // the markdown the chat renders
			switch target {
			case standin.Feishu: // structured rich text: only our link is a link
				links := 0
				for _, p := range m.Content.Post {
					for _, row := range p.Content {
						for _, el := range row {
							if el["tag"] == "a" {
								links++
								rendered += "[link](" + el["href"] + ")"
							} else if el["tag"] != "text" {
								t.Errorf("element %v", el)
							}
						}
					}
				}
				if links != 1 {
					t.Errorf("%d links in the post", links)
				}
			case standin.Custom:
				rendered = ""
			}
			if target != standin.Custom {
				for _, bad := range []string{"[click]", "(http://evil", "**bold", "\n> quote", "\n# heading", "![img]", "<b>"} {
					if strings.Contains(rendered, bad) {
						t.Errorf("respondent markdown %q reached the message: %.300s", bad, rendered)
					}
				}
				if !strings.Contains(rendered, "(http://127.0.0.1/v8/diaowen/an/review/s/a)") {
					t.Errorf("the link to the answer is missing: %.300s", got)
				}
			}
			if target == standin.Custom && srv.Accepted()[0].ID != "msg-1" {
				t.Errorf("webhook-id %q", srv.Accepted()[0].ID)
			}
		})
	}
}

// The stand-ins refuse what the real services refuse: a wrong secret, an hour-old
// timestamp, a wrong key or token; and our classifier calls those refusals failures.
func TestStandInsRefuseBadSignatures(t *testing.T) {
	c := localClient(t)
	ctx := context.Background()
	old := time.Now().Add(-2 * time.Hour)
	custom := NewCustomSecret()
	cases := []struct {
		target, secret, signWith string
		at                       time.Time
		urlEdit                  func(string) string
		want                     string
	}{
		{standin.Feishu, "right-secret", "wrong-secret", time.Now(), nil, "19021"},
		{standin.Feishu, "right-secret", "right-secret", old, nil, "19021"},
		{standin.DingTalk, "SECright", "SECwrong", time.Now(), nil, "310000"},
		{standin.DingTalk, "SECright", "SECright", old, nil, "310000"},
		{standin.DingTalk, "SECright", "SECright", time.Now(), func(u string) string { return strings.Replace(u, "access_token=", "access_token=x", 1) }, "300001"},
		{standin.WorkChat, "", "", time.Now(), func(u string) string { return strings.Replace(u, "key=", "key=x", 1) }, "93000"},
		{standin.Custom, custom, NewCustomSecret(), time.Now(), nil, "HTTP 400"},
		{standin.Custom, custom, custom, old, nil, "HTTP 400"},
	}
	for i, tc := range cases {
		srv := standin.New(tc.target, tc.secret)
		u := srv.URL()
		if tc.urlEdit != nil {
			u = tc.urlEdit(u)
		}
		body := botBody(tc.target, tricky(1))
		req, err := sign(tc.target, u, tc.signWith, "msg-x", body, tc.at)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.Do(ctx, http.MethodPost, req.URL, req.Header, req.Body)
		if err != nil {
			t.Fatal(err)
		}
		var res AttemptResult
		classify(tc.target, resp, nil, time.Now(), &res)
		if res.Outcome != OutcomeFailed || !strings.Contains(res.Error, tc.want) || len(srv.Accepted()) != 0 || len(srv.Refused()) != 1 {
			t.Errorf("case %d (%s): %+v accepted %d", i, tc.target, res, len(srv.Accepted()))
		}
		srv.Close()
	}
}

func TestWeComMessagesStayWithin4096Bytes(t *testing.T) {
	b := botBody(models.HookWorkChat, tricky(40))
	var m struct {
		Markdown struct{ Content string } `json:"markdown"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if n := len(m.Markdown.Content); n > 4096 || n < 3000 || !strings.Contains(m.Markdown.Content, "…") ||
		!strings.HasSuffix(m.Markdown.Content, "(http://127.0.0.1/v8/diaowen/an/review/s/a)") {
		t.Fatalf("content of %d bytes: …%s", n, m.Markdown.Content[max(0, n-200):])
	}
}

func TestClassifyRetriesWhatPassesAndFailsWhatDoesNot(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		target string
		status int
		header http.Header
		body   string
		err    error
		want   string
		after  int64
	}{
		{models.HookCustom, 204, nil, "", nil, OutcomeDelivered, 0},
		{models.HookCustom, 500, nil, "", nil, OutcomeRetry, 0},
		{models.HookCustom, 503, http.Header{"Retry-After": {"7"}}, "", nil, OutcomeRetry, 7},
		{models.HookCustom, 429, http.Header{"Retry-After": {"120"}}, "", nil, OutcomeRetry, 120},
		{models.HookCustom, 408, nil, "", nil, OutcomeRetry, 0},
		{models.HookCustom, 410, nil, "", nil, OutcomeGone, 0},
		{models.HookCustom, 400, nil, "", nil, OutcomeFailed, 0},
		{models.HookCustom, 404, nil, "", nil, OutcomeFailed, 0},
		{models.HookCustom, 302, nil, "", nil, OutcomeFailed, 0},
		{models.HookWorkChat, 200, nil, `{"errcode":45009,"errmsg":"api freq out of limit"}`, nil, OutcomeRetry, 0},
		{models.HookWorkChat, 200, nil, `{"errcode":93000,"errmsg":"invalid webhook url"}`, nil, OutcomeFailed, 0},
		{models.HookDingTalk, 200, nil, `{"errcode":130101,"errmsg":"send too fast"}`, nil, OutcomeRetry, 0},
		{models.HookFeishu, 200, nil, `{"code":0,"msg":"success"}`, nil, OutcomeDelivered, 0},
		{models.HookFeishu, 200, nil, `{"StatusCode":0,"StatusMessage":"success"}`, nil, OutcomeDelivered, 0},
		{models.HookCustom, 0, nil, "", netguard.ErrTimeout, OutcomeRetry, 0},
		{models.HookCustom, 0, nil, "", &netguard.BlockedError{Reason: "loopback"}, OutcomeFailed, 0},
		{models.HookCustom, 0, nil, "", netguard.ErrRedirects, OutcomeFailed, 0},
	} {
		var res AttemptResult
		var resp *netguard.Response
		if tc.err == nil {
			resp = &netguard.Response{Status: tc.status, Header: tc.header, Body: []byte(tc.body)}
			if resp.Header == nil {
				resp.Header = http.Header{}
			}
		}
		classify(tc.target, resp, tc.err, now, &res)
		if res.Outcome != tc.want || res.RetryAfterSeconds != tc.after {
			t.Errorf("%s %d %s %v: %+v, want %s after %d", tc.target, tc.status, tc.body, tc.err, res, tc.want, tc.after)
		}
	}
}
