package standin

import (
	"crypto/md5"
	"encoding/hex"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// amapRegeo is AMap's web service reverse geocoding (/v3/geocode/regeo): the key must be the
// account's, the digital signature (when the key has a private key: sig = MD5 of the other
// parameters sorted by name as k=v joined with &, then the private key) must match, and the
// location must be "lng,lat" with at most 6 decimals inside the valid range. Refusals answer
// status 0 with AMap's info codes. Every point answers one fixed address in Beijing.
func (s *Server) amapRegeo(w http.ResponseWriter, r *http.Request) {
	s.count("amap-regeo")
	q := r.URL.Query()
	fail := func(info, code string) {
		writeJSON(w, http.StatusOK, map[string]any{"status": "0", "info": info, "infocode": code})
	}
	if s.AMapKey == "" || q.Get("key") != s.AMapKey {
		fail("INVALID_USER_KEY", "10001")
		return
	}
	if s.AMapPrivateKey != "" {
		keys := []string{}
		for k := range q {
			if k != "sig" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		var b strings.Builder
		for i, k := range keys {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(k + "=" + q.Get(k))
		}
		sum := md5.Sum([]byte(b.String() + s.AMapPrivateKey))
		if q.Get("sig") != hex.EncodeToString(sum[:]) {
			fail("INVALID_USER_SIGNATURE", "10007")
			return
		}
	}
	lngS, latS, ok := strings.Cut(q.Get("location"), ",")
	lng, err1 := strconv.ParseFloat(lngS, 64)
	lat, err2 := strconv.ParseFloat(latS, 64)
	if !ok || err1 != nil || err2 != nil || lng < -180 || lng > 180 || lat < -90 || lat > 90 || decimals(lngS) > 6 || decimals(latS) > 6 {
		fail("INVALID_PARAMS", "20000")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "1", "info": "OK", "infocode": "10000", "regeocode": map[string]any{
		"formatted_address": "北京市东城区东华门街道天安门",
		"addressComponent": map[string]any{"country": "中国", "province": "北京市", "city": []string{}, "citycode": "010",
			"district": "东城区", "adcode": "110101", "township": "东华门街道",
			"streetNumber": map[string]any{"street": "东长安街", "number": "1号"}},
	}})
}

func decimals(v string) int {
	if _, f, ok := strings.Cut(v, "."); ok {
		return len(f)
	}
	return 0
}
