package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"dwsurvey/models"
)

// The wire formats of the four targets. Each is checked by a stand-in (standin/) that
// verifies what the real service verifies:
//
//   - WeCom group bot: POST the bot URL (…/cgi-bin/webhook/send?key=…) with
//     {"msgtype":"markdown","markdown":{"content":…}}; content at most 4,096 bytes.
//   - Feishu custom bot: POST {"timestamp":"<unix s>","sign":…,"msg_type":"post","content":…};
//     sign = base64(HMAC-SHA256(key = timestamp + "\n" + secret, message = empty)); the
//     timestamp must be within an hour of the server's clock; body at most 20 KB.
//   - DingTalk robot: POST the robot URL (…/robot/send?access_token=…) plus
//     &timestamp=<unix ms>&sign=<url-encoded base64(HMAC-SHA256(key = secret, message =
//     timestamp + "\n" + secret))>, body {"msgtype":"markdown","markdown":{"title","text"}}.
//   - Custom: the event as JSON with the Standard Webhooks headers webhook-id (the delivery
//     id, the same on every attempt), webhook-timestamp (unix s) and webhook-signature
//     "v1,<base64(HMAC-SHA256(key = base64-decoded secret after "whsec_", message = id + "." +
//     timestamp + "." + body))>".
//
// Bot texts written by respondents (answers, piped titles) are neutralised for markdown
// (mdText): they cannot add links, headings, emphasis or quotes to the team's chat.

// Size bounds of bot messages (bytes of the markdown / text content).
const (
	wecomMaxContent = 4096
	botMaxContent   = 18000 // Feishu and DingTalk accept about 20 KB per request
	maxLabelRunes   = 100
	maxValueRunes   = 300
)

// message is a bot message before it takes a target's form.
type message struct {
	Title    string
	Lines    [][2]string // label, value (plain text)
	LinkText string
	Link     string
	Lang     string
}

// request is one signed HTTP request to a target.
type request struct {
	URL    string
	Header http.Header
	Body   []byte
}

// botBody renders m in the form of target (the body before signing).
func botBody(target string, m message) []byte {
	var v any
	switch target {
	case models.HookWorkChat:
		v = map[string]any{"msgtype": "markdown", "markdown": map[string]string{"content": markdown(m, wecomMaxContent, "**", "> ")}}
	case models.HookDingTalk:
		v = map[string]any{"msgtype": "markdown", "markdown": map[string]string{
			"title": clipRunes(m.Title, 64), "text": markdown(m, botMaxContent, "#### ", "- ")}}
	case models.HookFeishu:
		rows := [][]map[string]string{}
		size := 0
		for _, l := range m.Lines {
			text := clipRunes(l[0], maxLabelRunes) + ": " + clipRunes(l[1], maxValueRunes)
			if l[0] == "" {
				text = clipRunes(l[1], maxValueRunes)
			}
			if size += len(text) + 40; size > botMaxContent {
				rows = append(rows, []map[string]string{{"tag": "text", "text": "…"}})
				break
			}
			rows = append(rows, []map[string]string{{"tag": "text", "text": text}})
		}
		if m.Link != "" {
			rows = append(rows, []map[string]string{{"tag": "a", "text": m.LinkText, "href": m.Link}})
		}
		locale := "zh_cn"
		if m.Lang == "en-US" {
			locale = "en_us"
		}
		v = map[string]any{"msg_type": "post", "content": map[string]any{"post": map[string]any{
			locale: map[string]any{"title": clipRunes(m.Title, 200), "content": rows}}}}
	}
	b, _ := json.Marshal(v)
	return b
}

// markdown is the message as WeCom / DingTalk markdown within limit bytes: the title (after
// titlePrefix, bold for WeCom), one line per label, the link last. Lines that do not fit
// are dropped for "…".
func markdown(m message, limit int, titlePrefix, linePrefix string) string {
	var b strings.Builder
	title := mdText(clipRunes(m.Title, 200))
	if titlePrefix == "**" {
		b.WriteString("**" + title + "**\n")
	} else {
		b.WriteString(titlePrefix + title + "\n\n")
	}
	tail := ""
	if m.Link != "" {
		tail = "\n[" + mdText(m.LinkText) + "](" + m.Link + ")"
	}
	for _, l := range m.Lines {
		line := linePrefix + mdText(clipRunes(l[1], maxValueRunes)) + "\n"
		if l[0] != "" {
			line = linePrefix + mdText(clipRunes(l[0], maxLabelRunes)) + ": " + mdText(clipRunes(l[1], maxValueRunes)) + "\n"
		}
		if b.Len()+len(line)+len(tail)+len("…\n") > limit {
			b.WriteString("…\n")
			break
		}
		b.WriteString(line)
	}
	b.WriteString(tail)
	return b.String()
}

// mdReplacer makes respondent text inert in markdown: the characters that start links,
// emphasis, code, headings, quotes or HTML become their full-width forms, and line breaks
// become spaces (a line cannot start a block).
var mdReplacer = strings.NewReplacer(
	"[", "［", "]", "］", "(", "（", ")", "）", "*", "＊", "_", "＿", "`", "｀", "#", "＃",
	"<", "＜", ">", "＞", "~", "～", "|", "｜", "\\", "＼", "!", "！",
	"\r\n", " ", "\n", " ", "\r", " ", "\t", " ",
)

func mdText(s string) string { return mdReplacer.Replace(s) }

// clipRunes shortens s to n characters, marking the cut with "…".
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// sign turns an unsigned body into the request for a target at instant now. id is the
// delivery id (custom: webhook-id). The secret is used here only and never logged.
func sign(target, rawURL, secret, id string, body []byte, now time.Time) (request, error) {
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	switch target {
	case models.HookWorkChat:
		return request{URL: rawURL, Header: h, Body: body}, nil
	case models.HookFeishu:
		if len(body) < 2 || body[0] != '{' {
			return request{}, errors.New("the message is not a JSON object")
		}
		ts := strconv.FormatInt(now.Unix(), 10)
		head, _ := json.Marshal(ts)
		sig, _ := json.Marshal(FeishuSign(ts, secret))
		out := []byte(`{"timestamp":` + string(head) + `,"sign":` + string(sig))
		if string(body) == "{}" {
			out = append(out, '}')
		} else {
			out = append(append(out, ','), body[1:]...)
		}
		return request{URL: rawURL, Header: h, Body: out}, nil
	case models.HookDingTalk:
		ts := strconv.FormatInt(now.UnixMilli(), 10)
		u, err := url.Parse(rawURL)
		if err != nil {
			return request{}, err
		}
		extra := "timestamp=" + ts + "&sign=" + url.QueryEscape(DingTalkSign(ts, secret))
		if u.RawQuery == "" {
			u.RawQuery = extra
		} else {
			u.RawQuery += "&" + extra
		}
		return request{URL: u.String(), Header: h, Body: body}, nil
	case models.HookCustom:
		key, err := customKey(secret)
		if err != nil {
			return request{}, err
		}
		ts := strconv.FormatInt(now.Unix(), 10)
		h.Set("webhook-id", id)
		h.Set("webhook-timestamp", ts)
		h.Set("webhook-signature", "v1,"+StandardSign(key, id, ts, body))
		return request{URL: rawURL, Header: h, Body: body}, nil
	}
	return request{}, errors.New("unknown target")
}

// FeishuSign is Feishu's custom-bot signature of timestamp (unix seconds, as sent).
func FeishuSign(timestamp, secret string) string {
	m := hmac.New(sha256.New, []byte(timestamp+"\n"+secret))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// DingTalkSign is DingTalk's robot signature of timestamp (unix milliseconds), before URL
// encoding.
func DingTalkSign(timestamp, secret string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(timestamp + "\n" + secret))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// StandardSign is the Standard Webhooks v1 signature (without the "v1," prefix).
func StandardSign(key []byte, id, timestamp string, body []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + timestamp + "."))
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// customKey decodes a Standard Webhooks secret ("whsec_" + base64 of 24 to 64 bytes).
func customKey(secret string) ([]byte, error) {
	rest, ok := strings.CutPrefix(secret, "whsec_")
	if !ok {
		return nil, errors.New(MsgCustomSecret)
	}
	key, err := base64.StdEncoding.DecodeString(rest)
	if err != nil || len(key) < 24 || len(key) > 64 {
		return nil, errors.New(MsgCustomSecret)
	}
	return key, nil
}

// NewCustomSecret returns a fresh Standard Webhooks secret (whsec_ + 32 random bytes).
func NewCustomSecret() string { return "whsec_" + newKeyBase64(32) }
