// Package maps is the reverse geocoding of geolocation questions (second document: anLocation
// formattedAddress and addressComponent) behind a provider interface. The provider is AMap's
// web service API (restapi.amap.com /v3/geocode/regeo), signed when a private key is set
// (AMap "digital signature": sig = MD5 of the parameters sorted by name, joined as k=v with &,
// followed by the private key). Without a key nothing is asked and the answer page keeps the
// coordinates (today's offline behaviour).
package maps

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"dwsurvey/services/netguard"
)

// Address is the reverse geocoding of a point in the answer's anLocation shape.
type Address struct {
	FormattedAddress string           `json:"formattedAddress"`
	AddressComponent AddressComponent `json:"addressComponent"`
}

// AddressComponent is anLocation.addressComponent.
type AddressComponent struct {
	Country      string `json:"country"`
	Province     string `json:"province"`
	City         string `json:"city"`
	Citycode     string `json:"citycode"`
	District     string `json:"district"`
	Adcode       string `json:"adcode"`
	Township     string `json:"township"`
	Street       string `json:"street"`
	StreetNumber string `json:"streetNumber"`
}

// Geocoder turns a point (GCJ-02 longitude, latitude) into an address.
type Geocoder interface {
	Reverse(ctx context.Context, lng, lat float64) (*Address, error)
}

// ErrNoAddress: the provider knows no address there (or refused the request).
var ErrNoAddress = errors.New("maps: no address")

// AMap is AMap's web service reverse geocoding.
type AMap struct {
	Key string
	// PrivateKey signs the requests (the key's "digital signature" setting); empty: unsigned.
	PrivateKey string
	// Base is https://restapi.amap.com (a stand-in in tests).
	Base string
	HTTP *http.Client
}

// Sign is AMap's digital signature of params (sig excluded).
func Sign(params url.Values, privateKey string) string {
	keys := make([]string, 0, len(params))
	for k := range params {
		if k != "sig" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + params.Get(k)
	}
	h := md5.Sum([]byte(strings.Join(parts, "&") + privateKey))
	return hex.EncodeToString(h[:])
}

// Reverse asks /v3/geocode/regeo for the point.
func (a *AMap) Reverse(ctx context.Context, lng, lat float64) (*Address, error) {
	base := strings.TrimRight(a.Base, "/")
	if base == "" {
		base = "https://restapi.amap.com"
	}
	q := url.Values{"key": {a.Key}, "location": {strconv.FormatFloat(lng, 'f', 6, 64) + "," + strconv.FormatFloat(lat, 'f', 6, 64)}, "output": {"JSON"}}
	if a.PrivateKey != "" {
		q.Set("sig", Sign(q, a.PrivateKey))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v3/geocode/regeo?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	c := a.HTTP
	if c == nil {
		c = &http.Client{Timeout: 5 * time.Second}
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("amap regeo: %w", netguard.UnwrapURL(err)) // the URL holds the key
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	var r struct {
		Status    string `json:"status"`
		Info      string `json:"info"`
		Infocode  string `json:"infocode"`
		Regeocode struct {
			FormattedAddress flexString `json:"formatted_address"`
			AddressComponent struct {
				Country      flexString `json:"country"`
				Province     flexString `json:"province"`
				City         flexString `json:"city"`
				Citycode     flexString `json:"citycode"`
				District     flexString `json:"district"`
				Adcode       flexString `json:"adcode"`
				Township     flexString `json:"township"`
				StreetNumber struct {
					Street flexString `json:"street"`
					Number flexString `json:"number"`
				} `json:"streetNumber"`
			} `json:"addressComponent"`
		} `json:"regeocode"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("amap regeo: HTTP %d: unreadable answer", resp.StatusCode)
	}
	if r.Status != "1" {
		return nil, fmt.Errorf("amap regeo: %s (%s): %w", r.Info, r.Infocode, ErrNoAddress)
	}
	ac := r.Regeocode.AddressComponent
	out := &Address{FormattedAddress: string(r.Regeocode.FormattedAddress), AddressComponent: AddressComponent{Country: string(ac.Country),
		Province: string(ac.Province), City: string(ac.City), Citycode: string(ac.Citycode), District: string(ac.District), Adcode: string(ac.Adcode),
		Township: string(ac.Township), Street: string(ac.StreetNumber.Street), StreetNumber: string(ac.StreetNumber.Number)}}
	if out.FormattedAddress == "" {
		return nil, ErrNoAddress
	}
	return out, nil
}

// flexString reads AMap's fields, which are a string, or [] when empty.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*f = flexString(s)
		return nil
	}
	*f = ""
	return nil
}
