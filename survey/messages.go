package survey

import (
	"sort"
	"strings"

	"dwsurvey/survey/dsl"
)

// Message is a validation message: a stable key for translation, the
// English text, and its parameters. QuDwID names the question, ItemDwID
// the option, blank, row or file the message is about (when any).
type Message struct {
	QuDwID   string         `json:"quDwId,omitempty"`
	ItemDwID string         `json:"itemDwId,omitempty"`
	Key      string         `json:"key"`
	Text     string         `json:"text"`
	Params   map[string]any `json:"params"`
}

// MessageTexts maps message keys to English templates; {name} is replaced
// by the parameter (numbers printed as JavaScript prints them).
var MessageTexts = map[string]string{
	"required":       "This question is required",
	"minOptions":     "Select at least {n} options",
	"maxOptions":     "Select at most {n} options",
	"groupMin":       "Group {i}: select at least {n} options",
	"groupMax":       "Group {i}: select at most {n} options",
	"orderRequired":  "Rank at least {n} options",
	"blankRequired":  "Blank {i} is required",
	"scoreRequired":  "Score every item",
	"rowRequired":    "Row {i} is not answered",
	"rowMin":         "Row {i} - at least {n} items",
	"rowMax":         "Row {i} - at most {n} items",
	"colMin":         "Column {i} - at least {n} items",
	"colMax":         "Column {i} - at most {n} items",
	"minLength":      "Enter at least {n} characters",
	"maxLength":      "Enter at most {n} characters",
	"minValue":       "Minimum not less than {n}",
	"maxValue":       "Maximum not more than {n}",
	"outOfRange":     "The value must be between {min} and {max}",
	"timeRange":      "The end cannot be before the start",
	"timeOutOfRange": "The time must be between {min} and {max}",
	"email":          "Enter a valid email address",
	"unstrcn":        "Cannot be all Chinese characters",
	"strcn":          "Enter Chinese characters only",
	"num":            "Enter a number",
	"digits":         "Enter an integer",
	"tel":            "Enter a valid telephone number",
	"phone":          "Enter a valid mobile number",
	"telPhone":       "Enter a valid telephone or mobile number",
	"date":           "Enter a valid date",
	"time":           "Enter a valid time",
	"datetime":       "Enter a valid date and time",
	"identCode":      "Enter a valid ID number",
	"zipcode":        "Enter a valid postal code",
	"url":            "Enter a valid URL",
	"custom":         "{message}",
	"fileSize":       "File size cannot exceed {n}MB!",
	"imageSize":      "Image size cannot exceed {n}KB",
	"fileCount":      "At most {n} files can be uploaded",
	"fileType":       "File type {ext} is not allowed",
	"signatureEmpty": "Drawing board is empty",
	"validateRule":   "Hint: {message}",
	"mutex":          "These options cannot be chosen together",
	"mutual":         "An exclusive option cannot be combined with other options",
	"quotaFull":      "The item quota is full",
	"pageMinTime":    "Current page answering time {x} minutes is less than the page minimum of {n} minutes",
}

// DefaultCustomMessage is used by CUSTOM/REGEX checks without regexMsg.
const DefaultCustomMessage = "The content does not match the required format"

func newMsg(qu, key string, params map[string]any) *Message {
	if params == nil {
		params = map[string]any{}
	}
	return &Message{QuDwID: qu, Key: key, Text: render(MessageTexts[key], params), Params: params}
}

func render(tpl string, params map[string]any) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var s string
		switch v := params[k].(type) {
		case float64:
			s = dsl.FormatNumber(v)
		case int:
			s = dsl.FormatNumber(float64(v))
		case string:
			s = v
		}
		tpl = strings.ReplaceAll(tpl, "{"+k+"}", s)
	}
	return tpl
}
