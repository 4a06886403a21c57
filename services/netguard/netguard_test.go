package netguard_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	. "dwsurvey/services/netguard"
)

func TestCheckAddrRefusesInternalAddresses(t *testing.T) {
	g := &Guard{}
	blocked := map[string]string{
		"127.0.0.1":        "loopback",
		"127.8.9.10":       "loopback",
		"10.0.0.1":         "private",
		"172.16.5.4":       "private",
		"192.168.1.1":      "private",
		"169.254.169.254":  "link-local (cloud metadata)",
		"0.0.0.0":          "unspecified",
		"100.64.0.1":       "shared (carrier-grade NAT)",
		"224.0.0.1":        "multicast",
		"255.255.255.255":  "reserved",
		"::1":              "loopback",
		"::":               "unspecified",
		"fe80::1":          "link-local",
		"fc00::1":          "private",
		"fd00:ec2::254":    "private", // the IPv6 metadata address of one cloud
		"ff02::1":          "multicast",
		"::ffff:127.0.0.1": "loopback",
		"::ffff:10.1.2.3":  "private",
		"64:ff9b::7f00:1":  "loopback (embedded in IPv6)",
		"2002:a9fe:a9fe::": "link-local (cloud metadata) (embedded in IPv6)",
		"2001:0:1::1":      "Teredo tunnel",
	}
	for s, reason := range blocked {
		err := g.CheckAddr(netip.MustParseAddr(s))
		var b *BlockedError
		if !errors.As(err, &b) || !errors.Is(err, ErrBlocked) || b.Reason != reason {
			t.Errorf("%s: %v, want blocked as %s", s, err, reason)
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::"} {
		if err := g.CheckAddr(netip.MustParseAddr(s)); err != nil {
			t.Errorf("%s refused: %v", s, err)
		}
	}
	allow, err := ParseCIDRs([]string{"127.0.0.1", " 10.20.0.0/16 "})
	if err != nil {
		t.Fatal(err)
	}
	open := &Guard{Allow: allow}
	for _, s := range []string{"127.0.0.1", "::ffff:127.0.0.1", "10.20.3.4"} {
		if err := open.CheckAddr(netip.MustParseAddr(s)); err != nil {
			t.Errorf("allowed %s refused: %v", s, err)
		}
	}
	for _, s := range []string{"127.0.0.2", "10.21.0.1", "::1"} {
		if err := open.CheckAddr(netip.MustParseAddr(s)); err == nil {
			t.Errorf("%s outside the allowed CIDRs passed", s)
		}
	}
	if _, err := ParseCIDRs([]string{"10.0.0.0/33"}); err == nil {
		t.Error("a bad CIDR was accepted")
	}
}

func TestParseURLRefusesWhatIsNotHTTP(t *testing.T) {
	for raw, want := range map[string]string{
		"":                             "empty",
		"ftp://example.com/x":          "only http and https",
		"javascript:alert(1)":          "only http and https",
		"file:///etc/passwd":           "only http and https",
		"http://":                      "no host",
		"example.com/hook":             "only http and https",
		"https://user:pw@example.com/": "user name or password",
		"http://example.com:99999/":    "port",
		"https://" + strings.Repeat("a", 2050) + ".com": "longer than 2048",
	} {
		_, err := ParseURL(raw)
		if !errors.Is(err, ErrInvalidURL) || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want an invalid URL (%s)", raw, err, want)
		}
	}
	if _, err := ParseURL("https://open.feishu.cn/open-apis/bot/v2/hook/abc?x=1"); err != nil {
		t.Error(err)
	}
}

// mapResolver resolves names from a table; calls counts the lookups per name.
type mapResolver struct {
	mu    sync.Mutex
	names map[string][]string // name -> answers of successive lookups (the last one repeats)
	calls map[string]int
}

func (r *mapResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.calls == nil {
		r.calls = map[string]int{}
	}
	answers, ok := r.names[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	i := min(r.calls[host], len(answers)-1)
	r.calls[host]++
	return []netip.Addr{netip.MustParseAddr(answers[i])}, nil
}

// serveOn starts a test server on ip (127.0.0.x: every loopback address works on Linux).
func serveOn(t *testing.T, ip string, h http.Handler) (*httptest.Server, string) {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	s := httptest.NewUnstartedServer(h)
	s.Listener.Close()
	s.Listener = l
	s.Start()
	t.Cleanup(s.Close)
	return s, fmt.Sprint(l.Addr().(*net.TCPAddr).Port)
}

// canary counts every request that reaches it: the refused requests must never arrive.
func canary(t *testing.T) (*atomic.Int64, string) {
	var hits atomic.Int64
	_, port := serveOn(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	return &hits, port
}

func TestClientRefusesInternalTargetsAndNothingArrives(t *testing.T) {
	hits, cport := canary(t)
	// 127.0.0.2 plays a public host (allowed by the administrator's CIDR); it redirects to the canary.
	_, pport := serveOn(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-canary":
			http.Redirect(w, r, "http://127.0.0.1:"+cport+"/", http.StatusFound)
		case "/to-localhost":
			http.Redirect(w, r, "http://localhost:"+cport+"/", http.StatusTemporaryRedirect)
		case "/to-ftp":
			http.Redirect(w, r, "ftp://public.test/", http.StatusFound)
		default:
			_, _ = w.Write([]byte("public ok"))
		}
	}))
	res := &mapResolver{names: map[string][]string{
		"public.test":     {"127.0.0.2"},
		"loopback.test":   {"127.0.0.1"},
		"localhost":       {"127.0.0.1"},
		"metadata.test":   {"169.254.169.254"},
		"rebinding.test":  {"127.0.0.2", "127.0.0.1"},
		"mapped-v6.test":  {"::ffff:127.0.0.1"},
		"private-v4.test": {"10.0.0.1"},
	}}
	allow, _ := ParseCIDRs([]string{"127.0.0.2/32"})
	c := &Client{Guard: &Guard{Allow: allow, Resolver: res}, Timeout: 2 * time.Second}
	ctx := context.Background()

	for _, target := range []string{
		"http://127.0.0.1:" + cport + "/",
		"http://[::1]:" + cport + "/",
		"http://loopback.test:" + cport + "/",
		"http://localhost:" + cport + "/",
		"http://mapped-v6.test:" + cport + "/",
		"http://10.0.0.1:" + cport + "/",
		"http://169.254.169.254/latest/meta-data/",
		"http://metadata.test/latest/meta-data/",
		"http://private-v4.test/",
		"http://public.test:" + pport + "/to-canary",
		"http://public.test:" + pport + "/to-localhost",
	} {
		_, err := c.Do(ctx, http.MethodPost, target, nil, []byte(`{}`))
		var b *BlockedError
		if !errors.As(err, &b) || !strings.Contains(err.Error(), "may not reach internal addresses") {
			t.Errorf("%s: %v, want a refusal naming the internal address", target, err)
		}
		if _, err := c.Guard.CheckURL(ctx, target); strings.Contains(target, "/to-") == (err != nil) {
			t.Errorf("CheckURL(%s) = %v (the check at save sees the first host only)", target, err)
		}
	}
	if _, err := c.Do(ctx, http.MethodGet, "http://public.test:"+pport+"/to-ftp", nil, nil); !errors.Is(err, ErrRedirects) {
		t.Errorf("redirect to ftp: %v", err)
	}
	if _, err := c.Do(ctx, http.MethodGet, "http://nowhere.test/", nil, nil); !errors.Is(err, ErrResolve) || !strings.Contains(err.Error(), "nowhere.test could not be resolved") {
		t.Errorf("unknown name: %v", err)
	}
	// DNS rebinding: the name answers a public address first and loopback afterwards; the
	// request goes to the address that was checked.
	r, err := c.Do(ctx, http.MethodGet, "http://rebinding.test:"+pport+"/", nil, nil)
	if err != nil || string(r.Body) != "public ok" {
		t.Fatalf("rebinding host: %v %+v", err, r)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the canary was reached %d times", n)
	}
	// the allowed CIDR opens exactly its addresses
	ok := &Client{Guard: &Guard{Allow: mustCIDRs(t, "127.0.0.1/32")}}
	if r, err := ok.Do(ctx, http.MethodPost, "http://127.0.0.1:"+cport+"/", nil, nil); err != nil || r.Status != 200 || hits.Load() != 1 {
		t.Fatalf("allowed CIDR: %v %+v hits %d", err, r, hits.Load())
	}
}

func mustCIDRs(t *testing.T, s ...string) []netip.Prefix {
	p, err := ParseCIDRs(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestClientBoundsRedirectsSizesAndTime(t *testing.T) {
	srv, port := serveOn(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/hop/"):
			var n int
			fmt.Sscanf(strings.TrimPrefix(r.URL.Path, "/hop/"), "%d", &n)
			if n > 0 {
				http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusTemporaryRedirect)
				return
			}
			_, _ = w.Write([]byte("arrived"))
		case r.URL.Path == "/big":
			_, _ = w.Write([]byte(strings.Repeat("x", 100_000)))
		case r.URL.Path == "/slow":
			time.Sleep(1500 * time.Millisecond)
		case r.URL.Path == "/retry":
			w.Header().Set("Retry-After", "120")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}))
	_ = srv
	base := "http://127.0.0.1:" + port
	c := &Client{Guard: &Guard{Allow: mustCIDRs(t, "127.0.0.1")}, Timeout: time.Second, MaxResponseBytes: 1000, MaxRequestBytes: 10}
	ctx := context.Background()
	r, err := c.Do(ctx, http.MethodPost, base+"/hop/3", nil, []byte("{}"))
	if err != nil || string(r.Body) != "arrived" || r.Redirects != 3 {
		t.Fatalf("3 redirects: %v %+v", err, r)
	}
	if _, err := c.Do(ctx, http.MethodPost, base+"/hop/4", nil, nil); !errors.Is(err, ErrRedirects) {
		t.Fatalf("4 redirects: %v", err)
	}
	r, err = c.Do(ctx, http.MethodGet, base+"/big", nil, nil)
	if err != nil || len(r.Body) != 1000 || !r.Truncated {
		t.Fatalf("big body: %v len %d truncated %v", err, len(r.Body), r.Truncated)
	}
	if _, err := c.Do(ctx, http.MethodPost, base+"/", nil, []byte("01234567890")); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("large request: %v", err)
	}
	if _, err := c.Do(ctx, http.MethodGet, base+"/slow", nil, nil); !errors.Is(err, ErrTimeout) {
		t.Fatalf("slow target: %v", err)
	}
	r, err = c.Do(ctx, http.MethodGet, base+"/retry", nil, nil)
	if err != nil || r.Status != 429 || RetryAfter(r.Header, time.Now()) != 2*time.Minute {
		t.Fatalf("retry-after: %v %+v", err, r)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	h := http.Header{"Retry-After": {now.Add(90 * time.Second).Format(http.TimeFormat)}}
	if d := RetryAfter(h, now); d != 90*time.Second {
		t.Fatalf("Retry-After date: %v", d)
	}
	if d := RetryAfter(http.Header{"Retry-After": {"soon"}}, now); d != 0 {
		t.Fatalf("unreadable Retry-After: %v", d)
	}
}
