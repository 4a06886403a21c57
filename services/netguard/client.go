package netguard

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// Client sends guarded HTTP requests. The zero value works with the defaults below; set the
// fields before the first request. Safe for concurrent use.
type Client struct {
	Guard *Guard
	// Timeout bounds the whole exchange: dial, TLS, request, redirects and reading the body
	// (default 5 s).
	Timeout time.Duration
	// MaxRedirects is the most redirects followed (default 3; negative: none).
	MaxRedirects int
	// MaxRequestBytes bounds the request body (default 1 MiB).
	MaxRequestBytes int64
	// MaxResponseBytes is the most of the response body read (default 64 KiB); the rest is
	// dropped and Response.Truncated set.
	MaxResponseBytes int64
	// UserAgent is sent with every request (default "DWSurvey").
	UserAgent string

	once sync.Once
	hc   *http.Client
}

// Response is what the target answered.
type Response struct {
	Status int
	Header http.Header
	// Body holds at most MaxResponseBytes of the response body.
	Body      []byte
	Truncated bool
	// Redirects is how many redirects were followed.
	Redirects int
	// Latency is the time from sending the request to the end of reading the body.
	Latency time.Duration
}

// ErrTooLarge marks a request body over MaxRequestBytes.
var ErrTooLarge = errors.New("request body too large")

// ErrRedirects marks a request that was redirected more than MaxRedirects times, or to a
// URL that is not http(s).
var ErrRedirects = errors.New("redirect refused")

// ErrTimeout marks an exchange that did not finish within Timeout.
var ErrTimeout = errors.New("timed out")

func (c *Client) init() {
	c.once.Do(func() {
		if c.Guard == nil {
			c.Guard = &Guard{}
		}
		if c.Timeout <= 0 {
			c.Timeout = 5 * time.Second
		}
		if c.MaxRedirects == 0 {
			c.MaxRedirects = 3
		}
		if c.MaxRequestBytes <= 0 {
			c.MaxRequestBytes = 1 << 20
		}
		if c.MaxResponseBytes <= 0 {
			c.MaxResponseBytes = 64 << 10
		}
		if c.UserAgent == "" {
			c.UserAgent = "DWSurvey"
		}
		dialer := &net.Dialer{Timeout: c.Timeout, KeepAlive: 30 * time.Second, Control: c.Guard.control}
		tr := &http.Transport{
			Proxy: nil, // never a proxy from the environment: it would dial addresses we did not check
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				host, port, err := net.SplitHostPort(addr)
				if err != nil {
					return nil, err
				}
				addrs, err := c.Guard.Resolve(ctx, host)
				if err != nil {
					return nil, err
				}
				var last error
				for _, a := range addrs { // dial the checked addresses, never the name again
					conn, err := dialer.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
					if err == nil {
						return conn, nil
					}
					last = err
				}
				return nil, last
			},
			TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
			ForceAttemptHTTP2:      true,
			MaxIdleConns:           100,
			MaxIdleConnsPerHost:    4,
			IdleConnTimeout:        60 * time.Second,
			TLSHandshakeTimeout:    c.Timeout,
			ResponseHeaderTimeout:  c.Timeout,
			MaxResponseHeaderBytes: 64 << 10,
		}
		c.hc = &http.Client{
			Transport: tr,
			CheckRedirect: func(req *http.Request, via []*http.Request) error {
				if c.MaxRedirects < 0 || len(via) > c.MaxRedirects {
					return fmt.Errorf("%w: more than %d redirects", ErrRedirects, max(c.MaxRedirects, 0))
				}
				if _, err := ParseURL(req.URL.String()); err != nil {
					return fmt.Errorf("%w: %v", ErrRedirects, err)
				}
				return nil
			},
		}
	})
}

// Do sends one request to rawURL (checked by ParseURL; the addresses are checked when the
// request dials) and reads at most MaxResponseBytes of the answer. header may be nil. A
// response with any status is a Response, not an error; errors are refusals (ErrInvalidURL,
// ErrBlocked, ErrTooLarge, ErrRedirects), ErrTimeout, or network failures.
func (c *Client) Do(ctx context.Context, method, rawURL string, header http.Header, body []byte) (*Response, error) {
	c.init()
	u, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > c.MaxRequestBytes {
		return nil, fmt.Errorf("%w: %d bytes, at most %d", ErrTooLarge, len(body), c.MaxRequestBytes)
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, &URLError{"the request cannot be built"}
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	req.Header.Set("User-Agent", c.UserAgent)
	if len(body) > 0 {
		req.ContentLength = int64(len(body))
	}
	start := time.Now()
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	defer resp.Body.Close()
	redirects := 0
	for r := resp.Request; r != nil && r.Response != nil; r = r.Response.Request {
		redirects++
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.MaxResponseBytes+1))
	if err != nil && len(data) == 0 {
		return nil, c.classify(ctx, err)
	}
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Body: data, Redirects: redirects, Latency: time.Since(start)}
	if int64(len(data)) > c.MaxResponseBytes {
		out.Body, out.Truncated = data[:c.MaxResponseBytes], true
	}
	return out, nil
}

// classify unwraps url.Error and names timeouts.
func (c *Client) classify(ctx context.Context, err error) error {
	for _, known := range []error{ErrBlocked, ErrInvalidURL, ErrRedirects, ErrResolve} {
		if errors.Is(err, known) {
			var b *BlockedError
			if errors.As(err, &b) {
				return b
			}
			var u *URLError
			if errors.As(err, &u) {
				return u
			}
			return UnwrapURL(err)
		}
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Errorf("%w: no complete answer within %s", ErrTimeout, c.Timeout)
	}
	return UnwrapURL(err)
}

// UnwrapURL drops the *url.Error wrapper (its message repeats the URL, which may hold tokens
// or credentials in the query: WeChat's appid/secret, AMap's key).
func UnwrapURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// RetryAfter reads a Retry-After header (seconds or an HTTP date) relative to now; 0 when
// absent or unreadable.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
