// Package netguard makes outgoing HTTP requests to URLs that users typed (webhooks, JSON-URL
// imports) safe for the network the server runs in:
//
//   - only http and https URLs, without credentials in them;
//   - every address a host name resolves to is checked before anything is sent, and a request
//     is refused when one of them is loopback, private, link-local (the cloud metadata address
//     169.254.169.254 included), multicast, unspecified or otherwise not a public unicast
//     address (IPv4 embedded in IPv6 is checked as the IPv4 it is), unless the administrator
//     allowed a CIDR that holds it (config outbound.allow_cidrs);
//   - the connection goes to the address that was checked (one resolution per dial, and the
//     socket's peer is checked again when it connects), so a name that answers differently the
//     second time (DNS rebinding) cannot slip through;
//   - redirects are followed at most MaxRedirects times, each target checked like the first;
//   - the request body, the response headers and the response body are bounded in size, and
//     the whole exchange (redirects and the body read included) in time;
//   - no proxy from the environment is used (it would dial addresses we did not check).
//
// Nothing here logs: URLs of webhooks carry access tokens.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
)

// Resolver looks host names up (net.DefaultResolver satisfies it; tests map names).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard decides which addresses outgoing requests may reach. The zero Guard refuses every
// internal address and resolves with net.DefaultResolver. Safe for concurrent use.
type Guard struct {
	// Allow lists the CIDRs an administrator opened (e.g. an intranet service, or 127.0.0.1/32
	// for tests that reach stand-ins on this machine). An address inside one is allowed even
	// when it is internal.
	Allow []netip.Prefix
	// Resolver resolves host names (net.DefaultResolver when nil).
	Resolver Resolver
}

// ParseCIDRs parses the administrator's allow list ("10.1.2.0/24", or a single address,
// which means just that address).
func ParseCIDRs(list []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not an IP address or CIDR", s)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// ErrInvalidURL marks a URL that is not an absolute http(s) URL with a host.
var ErrInvalidURL = errors.New("invalid URL")

// URLError is a refused URL with the reason (errors.Is(err, ErrInvalidURL) holds).
type URLError struct{ Reason string }

func (e *URLError) Error() string   { return "Invalid URL: " + e.Reason }
func (e *URLError) Is(t error) bool { return t == ErrInvalidURL }

// ErrBlocked marks a request refused because a host resolves to an address it may not reach.
var ErrBlocked = errors.New("address not allowed")

// BlockedError says which host resolved to which refused address, and why
// (errors.Is(err, ErrBlocked) holds).
type BlockedError struct {
	Host   string
	Addr   netip.Addr
	Reason string // "loopback", "private", "link-local", ...
}

func (e *BlockedError) Error() string {
	if e.Host == "" || e.Host == e.Addr.String() {
		return fmt.Sprintf("The address %s is a %s address: outgoing requests may not reach internal addresses", e.Addr, e.Reason)
	}
	return fmt.Sprintf("The host %s resolves to %s, a %s address: outgoing requests may not reach internal addresses", e.Host, e.Addr, e.Reason)
}

func (e *BlockedError) Is(t error) bool { return t == ErrBlocked }

// ParseURL checks the form of a user-given URL: absolute, http or https, a host, no
// credentials, at most 2,048 characters. It does not resolve anything (CheckURL does).
func ParseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, &URLError{"the URL is empty"}
	}
	if len(raw) > 2048 {
		return nil, &URLError{"the URL is longer than 2048 characters"}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, &URLError{"the URL cannot be read"}
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, &URLError{"only http and https URLs are allowed"}
	}
	if u.Opaque != "" || u.Hostname() == "" {
		return nil, &URLError{"the URL has no host"}
	}
	if u.User != nil {
		return nil, &URLError{"the URL may not contain a user name or password"}
	}
	if p := u.Port(); p != "" {
		var n int
		if _, err := fmt.Sscanf(p, "%d", &n); err != nil || n < 1 || n > 65535 {
			return nil, &URLError{"the URL's port is not valid"}
		}
	}
	return u, nil
}

// CheckURL checks the form of raw and that its host resolves only to addresses the guard
// allows (the check done when a hook is saved; every request is checked again when it dials).
func (g *Guard) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := ParseURL(raw)
	if err != nil {
		return nil, err
	}
	if _, err := g.Resolve(ctx, u.Hostname()); err != nil {
		return nil, err
	}
	return u, nil
}

// ErrResolve marks a host name that could not be resolved.
var ErrResolve = errors.New("host name not resolved")

// Resolve returns the addresses of host (an IP literal is its own address), refusing when
// any of them is not allowed.
func (g *Guard) Resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a.WithZone("")}
	} else {
		r := g.Resolver
		if r == nil {
			r = net.DefaultResolver
		}
		found, err := r.LookupNetIP(ctx, "ip", host)
		if err != nil || len(found) == 0 {
			return nil, fmt.Errorf("%w: the host %s could not be resolved", ErrResolve, host)
		}
		addrs = found
	}
	for i, a := range addrs {
		a = a.Unmap().WithZone("")
		addrs[i] = a
		if err := g.CheckAddr(a); err != nil {
			var b *BlockedError
			if errors.As(err, &b) {
				b.Host = host
			}
			return nil, err
		}
	}
	return addrs, nil
}

// CheckAddr refuses an address that is not public unicast, unless an allowed CIDR holds it.
func (g *Guard) CheckAddr(a netip.Addr) error {
	a = a.Unmap().WithZone("")
	if !a.IsValid() {
		return &BlockedError{Addr: a, Reason: "invalid"}
	}
	for _, p := range g.Allow {
		if p.Contains(a) {
			return nil
		}
	}
	if r := internalReason(a); r != "" {
		return &BlockedError{Addr: a, Reason: r}
	}
	return nil
}

// special lists the ranges that are never the public internet, with their reason.
var special = func() []struct {
	p      netip.Prefix
	reason string
} {
	rows := [][2]string{
		{"0.0.0.0/8", "unspecified"},
		{"10.0.0.0/8", "private"},
		{"100.64.0.0/10", "shared (carrier-grade NAT)"},
		{"127.0.0.0/8", "loopback"},
		{"169.254.0.0/16", "link-local (cloud metadata)"},
		{"172.16.0.0/12", "private"},
		{"192.0.0.0/24", "reserved"},
		{"192.168.0.0/16", "private"},
		{"198.18.0.0/15", "reserved"},
		{"224.0.0.0/4", "multicast"},
		{"240.0.0.0/4", "reserved"},
		{"::/128", "unspecified"},
		{"::1/128", "loopback"},
		{"100::/64", "reserved"},
		{"fc00::/7", "private"},
		{"fe80::/10", "link-local"},
		{"fec0::/10", "site-local"},
		{"ff00::/8", "multicast"},
	}
	out := make([]struct {
		p      netip.Prefix
		reason string
	}, len(rows))
	for i, r := range rows {
		out[i].p, out[i].reason = netip.MustParsePrefix(r[0]), r[1]
	}
	return out
}()

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	nat64Site = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour = netip.MustParsePrefix("2002::/16")
	teredo    = netip.MustParsePrefix("2001::/32")
	v4compat  = netip.MustParsePrefix("::/96")
)

// internalReason is why a is not a public unicast address ("" when it is).
func internalReason(a netip.Addr) string {
	for _, s := range special {
		if s.p.Contains(a) {
			return s.reason
		}
	}
	if a.Is4() {
		if a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) {
			return "broadcast"
		}
		return ""
	}
	b := a.As16()
	var embedded netip.Addr
	switch {
	case nat64.Contains(a), v4compat.Contains(a):
		embedded = netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	case sixToFour.Contains(a):
		embedded = netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})
	case nat64Site.Contains(a):
		return "NAT64 (local use)"
	case teredo.Contains(a):
		return "Teredo tunnel"
	}
	if embedded.IsValid() {
		if r := internalReason(embedded); r != "" {
			return r + " (embedded in IPv6)"
		}
	}
	return ""
}

// control checks the peer of every socket before it connects (the last line: whatever path
// led to a dial, the address it reaches was checked).
func (g *Guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("netguard: unexpected dial address %q", address)
	}
	return g.CheckAddr(ap.Addr())
}
