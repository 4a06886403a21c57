package api

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/maps"
	"dwsurvey/services/ratelimit"
)

// Reverse geocoding of geolocation questions (services/maps): the answer page sends the
// browser's point and gets the address; the provider's key and private key stay on the server.
// Each client address may ask reverseLimit times per reverseWindow (the provider's quota is
// the site's).
const (
	reverseLimit  = 30
	reverseWindow = 10 * time.Minute
)

func (s *server) registerMaps() {
	s.handle(http.MethodGet, "anon/web/map-reverse.do", "", "Address of a geolocation point (lng, lat; GCJ-02) from the configured map provider", noStore, s.mapReverse)
}

// geocoder is the configured provider (nil: no map key, the page keeps the coordinates).
func (s *server) geocoder() maps.Geocoder {
	m := s.d.Config.Maps
	key := m.ServiceKey
	if key == "" {
		key = m.Key
	}
	if key == "" || (m.Provider != "" && m.Provider != "amap") {
		return nil
	}
	return &maps.AMap{Key: key, PrivateKey: m.PrivateKey, Base: m.ServiceBase}
}

func (s *server) mapReverse(c *gin.Context) {
	g := s.geocoder()
	if g == nil {
		fail(c, models.Invalid("The map service is not configured"))
		return
	}
	lng, err1 := strconv.ParseFloat(strings.TrimSpace(c.Query("lng")), 64)
	lat, err2 := strconv.ParseFloat(strings.TrimSpace(c.Query("lat")), 64)
	if err1 != nil || err2 != nil || math.IsNaN(lng) || math.IsNaN(lat) || lng < -180 || lng > 180 || lat < -90 || lat > 90 {
		fail(c, models.Invalid("lng, lat: a longitude and a latitude are required"))
		return
	}
	ctx := c.Request.Context()
	lim := &ratelimit.Limiter{DB: s.d.DB}
	key := "map-reverse:" + c.ClientIP()
	if blocked, _, err := lim.Blocked(ctx, key, reverseLimit, reverseWindow); err != nil {
		fail(c, err)
		return
	} else if blocked {
		fail(c, models.Invalid("Too many location lookups, please try again later"))
		return
	}
	if err := lim.Hit(ctx, key, reverseWindow); err != nil {
		fail(c, err)
		return
	}
	rctx, cancel := context.WithTimeout(ctx, 8*time.Second)
	defer cancel()
	addr, err := g.Reverse(rctx, lng, lat)
	if err != nil {
		if !errors.Is(err, maps.ErrNoAddress) {
			slog.Warn("reverse geocoding failed", "err", err)
		}
		fail(c, models.Invalid("Location failed: no address was found for this position"))
		return
	}
	ok(c, addr)
}
