package answer

import (
	"context"
	"fmt"
	"math"
	"time"

	"dwsurvey/models"
)

// Throttling of survey-id probes (issue 19 C5). Anonymous respondent calls carry the client
// address in their context (WithProbeAddress). Each lookup of a survey id or sid that does not
// exist counts against that address; past ProbeLimit misses in ProbeWindow, EVERY survey lookup
// from the address is refused with a RateLimitedError (HTTP 429) until the window ends - known
// ids too, or the refusal itself would tell which ids exist. Counters are the shared rate
// counters (services/ratelimit), so all replicas see them. Lookups served from the submit
// fast-path cache (a survey answered in the last seconds) are not checked.

// Probe limits used when the Service leaves them zero.
const (
	DefaultProbeLimit  = 20
	DefaultProbeWindow = 10 * time.Minute
)

type probeAddressKey struct{}

// WithProbeAddress marks ctx as an anonymous survey lookup from ip (see above).
func WithProbeAddress(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, probeAddressKey{}, ip)
}

func probeAddress(ctx context.Context) (string, bool) {
	ip, ok := ctx.Value(probeAddressKey{}).(string)
	return ip, ok
}

func probeCounterKey(ip string) string { return "answer:probe:ip:" + ip }

// probeBlocked refuses a guarded lookup from an address over its miss limit.
func (s *Service) probeBlocked(ctx context.Context) error {
	ip, guarded := probeAddress(ctx)
	if !guarded {
		return nil
	}
	blocked, wait, err := s.Limiter.Blocked(ctx, probeCounterKey(ip), s.ProbeLimit, s.ProbeWindow)
	if err != nil || !blocked {
		return err
	}
	return &models.RateLimitedError{Wait: wait,
		Msg: fmt.Sprintf("Too many requests for surveys that do not exist; try again in %d minutes", int(math.Ceil(wait.Minutes())))}
}

// probeMissed counts a guarded lookup of an unknown survey id against its address.
func (s *Service) probeMissed(ctx context.Context) error {
	if ip, guarded := probeAddress(ctx); guarded {
		return s.Limiter.Hit(ctx, probeCounterKey(ip), s.ProbeWindow)
	}
	return nil
}

// LookupSurvey finds a survey by sid or id for an anonymous call of another service (the QR
// code of collect), with the same probe accounting as the answer calls: not found counts a
// miss against the caller's address, and an address over its limit gets a RateLimitedError.
func (s *Service) LookupSurvey(ctx context.Context, sidOrID string) (*models.Survey, error) {
	return s.loadSurvey(ctx, sidOrID)
}
