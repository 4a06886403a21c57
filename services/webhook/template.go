package webhook

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"dwsurvey/models"
)

// Template shapes the messages of the bot targets (WeCom, Feishu, DingTalk); custom hooks get
// the whole answer as JSON instead.
type Template struct {
	// Title is the first line of an answer's message (plain text, at most MaxTitleRunes);
	// it may quote answers with piped placeholders ({Q1}, {Q2|fallback}: docs/logic-language.md).
	// Empty: "New answer: <survey title>". Messages of other events use their own titles.
	Title string `json:"title"`
	// Questions are the dwIds of the questions shown with their answers, in this order (at
	// most MaxQuestions).
	Questions []string `json:"questions"`
	// Link adds a link to the answer (to the survey's statistics for "survey closed").
	Link bool `json:"link"`
	// Lang is the language of the message's own words: zh-CN (default) or en-US.
	Lang string `json:"lang"`
}

// Bounds of a template.
const (
	MaxTitleRunes = 200
	MaxQuestions  = 10
)

// Template messages: every refusal a client can show.
const (
	MsgTitleTooLong    = "The message title is longer than 200 characters"
	MsgTooManyQuestion = "A message shows at most 10 questions"
	MsgTemplateLang    = "The message language must be zh-CN or en-US"
)

// check validates t against the survey's questions (dwId -> known); it returns the cleaned
// template.
func (t Template) check(known func(dwID string) bool) (Template, error) {
	t.Title = strings.TrimSpace(t.Title)
	if utf8.RuneCountInString(t.Title) > MaxTitleRunes {
		return t, models.Invalid(MsgTitleTooLong)
	}
	if strings.ContainsAny(t.Title, "\r\n") {
		return t, models.Invalid("The message title must be one line")
	}
	if len(t.Questions) > MaxQuestions {
		return t, models.Invalid(MsgTooManyQuestion)
	}
	seen := map[string]bool{}
	qs := make([]string, 0, len(t.Questions))
	for _, q := range t.Questions {
		q = strings.TrimSpace(q)
		if q == "" || seen[q] {
			continue
		}
		if len(q) > 64 || !known(q) {
			return t, models.Invalid("The question %q is not in this survey", clip(q, 64))
		}
		seen[q] = true
		qs = append(qs, q)
	}
	t.Questions = qs
	switch t.Lang {
	case "":
		t.Lang = "zh-CN"
	case "zh-CN", "en-US":
	default:
		return t, models.Invalid(MsgTemplateLang)
	}
	return t, nil
}

func (t Template) encode() string {
	if t.Questions == nil {
		t.Questions = []string{}
	}
	b, _ := json.Marshal(t)
	return string(b)
}

func decodeTemplate(s string) Template {
	var t Template
	_ = json.Unmarshal([]byte(s), &t)
	if t.Questions == nil {
		t.Questions = []string{}
	}
	if t.Lang == "" {
		t.Lang = "zh-CN"
	}
	return t
}
