// Package sms declares how the product sends text messages. The real provider clients
// (and their local stand-ins) come with the sign-in issue (SMS login codes); until one is
// configured every sender reports ErrNotConfigured and features offer SMS as "not configured".
package sms

import (
	"context"
	"errors"
)

// ErrNotConfigured means no SMS provider is set up on this installation.
var ErrNotConfigured = errors.New("SMS is not configured")

// Sender sends one templated text message. phone is E.164 (+8613800138000) or a mainland
// mobile number; templateParams fill the provider's approved template (providers send
// only approved templates), e.g. {"survey": "...", "link": "https://..."}. A refusal of the
// number itself wraps ErrBadNumber, so callers can record it as a bounce.
type Sender interface {
	Send(ctx context.Context, phone string, templateParams map[string]string) error
	// Configured reports whether messages can be sent at all.
	Configured() bool
}

// ErrBadNumber is a provider's refusal of the recipient number.
var ErrBadNumber = errors.New("the phone number was refused")

// NotConfigured is the Sender of an installation without an SMS provider.
type NotConfigured struct{}

// Send always fails with ErrNotConfigured.
func (NotConfigured) Send(context.Context, string, map[string]string) error { return ErrNotConfigured }

// Configured is false.
func (NotConfigured) Configured() bool { return false }
