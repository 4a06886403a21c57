package site

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"dwsurvey/models"
)

// maxPropertyJSON bounds the stored site property (header and footer blocks are free JSON).
const maxPropertyJSON = 32 << 10

// MinContrast is the contrast the theme colour must have with white text (WCAG 2.2 AA for
// normal text): buttons in the console and on answer pages are white text on it.
const MinContrast = 4.5

// MsgContrast refuses a theme colour too light for white text.
const MsgContrast = "The theme colour needs a contrast of at least 4.5:1 with white text (WCAG AA); choose a darker colour"

// linkOK accepts "", http(s) URLs with a host, and paths of this site ("/…", not "//…").
func linkOK(u string) bool {
	if u == "" {
		return true
	}
	if strings.HasPrefix(u, "/") {
		return !strings.HasPrefix(u, "//") && !strings.ContainsAny(u, "\\\r\n\t ")
	}
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != "" && !strings.ContainsAny(u, " \r\n\t")
}

// checkSettings validates the theme and fills empty blocks.
func checkSettings(st *Settings) error {
	th := &st.PropertyJSON.SysTheme
	th.PrimaryColor = strings.TrimSpace(th.PrimaryColor)
	if c := th.PrimaryColor; c != "" {
		if !colorPattern.MatchString(c) {
			return models.Invalid("The theme colour must be a hex colour such as #015AB4")
		}
		if ContrastWithWhite(c) < MinContrast {
			return models.Invalid(MsgContrast)
		}
	}
	th.Logo = strings.TrimSpace(th.Logo)
	if len(th.Logo) > 1024 || !linkOK(th.Logo) {
		return models.Invalid("The logo must be an http(s) address or an uploaded file of this site")
	}
	lr := &st.PropertyJSON.LoginRegister
	if len([]rune(lr.LoginTitle)) > 64 || len([]rune(lr.LoginSubTitle)) > 128 {
		return models.Invalid("The login title is at most 64 characters and the subtitle at most 128")
	}
	if st.PropertyJSON.DwHeader == nil {
		st.PropertyJSON.DwHeader = map[string]any{}
	}
	if st.PropertyJSON.DwFooter == nil {
		st.PropertyJSON.DwFooter = map[string]any{}
	}
	return nil
}

// ContrastWithWhite is the WCAG contrast ratio of a #rgb / #rrggbb colour with white.
func ContrastWithWhite(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return 0
	}
	lum := 0.0
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
		if err != nil {
			return 0
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		lum += w * c
	}
	return 1.05 / (lum + 0.05)
}
