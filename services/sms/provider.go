package sms

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// Param is one template parameter; providers that take a list (Tencent) use the order given.
type Param struct {
	Name  string
	Value string
}

// Provider sends one approved template to one phone (E.164, e.g. +8613800138000).
type Provider interface {
	SendTemplate(ctx context.Context, phone, template string, params []Param) error
	Name() string
}

// Gateway is the configured provider with the product's two templates: verification codes
// and survey invitations. It is the Sender of contact invitations.
type Gateway struct {
	Provider       Provider
	CodeTemplate   string
	InviteTemplate string
}

// Configured reports whether messages can be sent at all.
func (g *Gateway) Configured() bool { return g != nil && g.Provider != nil }

// Send sends a survey invitation (params name, survey, link; Sender for contacts).
func (g *Gateway) Send(ctx context.Context, phone string, params map[string]string) error {
	if !g.Configured() || g.InviteTemplate == "" {
		return ErrNotConfigured
	}
	p, err := NormalizePhone(phone)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadNumber, err)
	}
	return g.Provider.SendTemplate(ctx, p, g.InviteTemplate, []Param{{"name", params["name"]}, {"survey", params["survey"]}, {"link", params["link"]}})
}

// SendCode sends a verification code.
func (g *Gateway) SendCode(ctx context.Context, phone, code string) error {
	if !g.Configured() {
		return ErrNotConfigured
	}
	return g.Provider.SendTemplate(ctx, phone, g.CodeTemplate, []Param{{"code", code}})
}

var (
	mainland = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	e164     = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
)

// ErrPhone is the message of a number that is not a mobile number.
const ErrPhone = "Please enter a valid mobile phone number"

// NormalizePhone turns a mainland mobile number (13800138000, +86 138 0013 8000,
// 008613800138000) or an E.164 number into E.164 form.
func NormalizePhone(s string) (string, error) {
	s = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "").Replace(strings.TrimSpace(s))
	if strings.HasPrefix(s, "00") {
		s = "+" + s[2:]
	}
	if mainland.MatchString(s) {
		return "+86" + s, nil
	}
	if strings.HasPrefix(s, "+86") && !mainland.MatchString(s[3:]) {
		return "", fmt.Errorf("%s", ErrPhone)
	}
	if e164.MatchString(s) {
		return s, nil
	}
	return "", fmt.Errorf("%s", ErrPhone)
}
