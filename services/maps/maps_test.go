package maps_test

import (
	"context"
	"errors"
	"net"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"dwsurvey/internal/standin"
	"dwsurvey/services/maps"
)

// The AMap client against the stand-in, which recomputes the digital signature itself.
func TestAMapReverse(t *testing.T) {
	st := &standin.Server{AMapKey: "k1", AMapPrivateKey: "p1"}
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	ctx := context.Background()

	a, err := (&maps.AMap{Key: "k1", PrivateKey: "p1", Base: srv.URL}).Reverse(ctx, 116.397428, 39.90923)
	if err != nil {
		t.Fatal(err)
	}
	if a.FormattedAddress != "北京市东城区东华门街道天安门" || a.AddressComponent.Province != "北京市" || a.AddressComponent.City != "" ||
		a.AddressComponent.District != "东城区" || a.AddressComponent.Street != "东长安街" || a.AddressComponent.StreetNumber != "1号" {
		t.Fatalf("address %+v", a)
	}
	for name, c := range map[string]*maps.AMap{
		"wrong private key": {Key: "k1", PrivateKey: "p2", Base: srv.URL},
		"unsigned":          {Key: "k1", Base: srv.URL},
		"wrong key":         {Key: "k2", PrivateKey: "p1", Base: srv.URL},
	} {
		if _, err := c.Reverse(ctx, 116.397428, 39.90923); !errors.Is(err, maps.ErrNoAddress) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if st.CallCount("amap-regeo") != 4 {
		t.Fatalf("%d requests", st.CallCount("amap-regeo"))
	}
}

// The signature is MD5 over the sorted k=v pairs joined with & followed by the private key
// (AMap's documented digital signature; sig itself is excluded).
func TestSign(t *testing.T) {
	q := url.Values{"location": {"116.481488,39.990464"}, "key": {"abc"}, "output": {"JSON"}, "sig": {"ignored"}}
	// md5("key=abc&location=116.481488,39.990464&output=JSONsecret"), computed with md5sum
	if got := maps.Sign(q, "secret"); got != "1266db0d2b5d7c7c5dccf09b6c9870f2" {
		t.Fatalf("sig %q", got)
	}
}

// A transport failure does not repeat the request URL, which holds the key and signature.
func TestReverseErrorHidesKey(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String()
	l.Close()
	_, err = (&maps.AMap{Key: "amap-key-secret", PrivateKey: "amap-private", Base: base}).Reverse(context.Background(), 116.397428, 39.90923)
	if err == nil || strings.Contains(err.Error(), "amap-key-secret") || strings.Contains(err.Error(), "sig=") {
		t.Fatalf("error %v", err)
	}
}
