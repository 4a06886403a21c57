// Package models holds the GORM models, query functions, error kinds and migrations.
package models

import (
	"errors"
	"fmt"
	"time"
)

// ErrNotFound means the object does not exist or the caller may not see it; both
// answer the same way so that existence is not leaked.
var ErrNotFound = errors.New("not found")

// ErrForbidden means the caller is known but lacks the permission.
var ErrForbidden = errors.New("account has no permission for this operation")

// InvalidError is a user-facing refusal (bad input, a rule not met). Msg is shown as is.
type InvalidError struct{ Msg string }

func (e *InvalidError) Error() string { return e.Msg }

// Invalid builds an InvalidError.
func Invalid(format string, args ...any) error {
	return &InvalidError{Msg: fmt.Sprintf(format, args...)}
}

// AsInvalid returns the InvalidError inside err, if any.
func AsInvalid(err error) (*InvalidError, bool) {
	var ie *InvalidError
	ok := errors.As(err, &ie)
	return ie, ok
}

// RateLimitedError refuses a request over a rate limit; Wait is how long until the caller may
// try again (the API answers HTTP 429 with Retry-After).
type RateLimitedError struct {
	Msg  string
	Wait time.Duration
}

func (e *RateLimitedError) Error() string { return e.Msg }

// AsRateLimited returns the RateLimitedError inside err, if any.
func AsRateLimited(err error) (*RateLimitedError, bool) {
	var re *RateLimitedError
	ok := errors.As(err, &re)
	return re, ok
}
