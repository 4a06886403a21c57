package collect

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
)

// ---- site widget embedding (survey/c/comp) ----

// Embed is the data of comp/get.do and the body of comp/save.do: whether other sites may frame
// the survey's answer pages, and which (origins such as https://shop.example.com, or
// https://*.example.com for its subdomains).
type Embed struct {
	SurveyID string   `json:"surveyId" form:"surveyId"`
	Enabled  bool     `json:"enabled" form:"enabled"`
	Origins  []string `json:"origins" form:"origins"`
}

// Embedding bounds.
const (
	MaxEmbedOrigins    = 50
	maxEmbedOriginSize = 200
)

// embedOrigin is what a CSP frame-ancestors source may name for a site: http(s), a host (a
// leading "*." for subdomains), an optional port, nothing else.
var embedOrigin = regexp.MustCompile(`^https?://(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$`)

// normOrigin reads one origin as an author writes it (a trailing slash, upper case) and
// returns it in the form CSP takes, or "" when it is not an http(s) origin.
func normOrigin(v string) string {
	v = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(v), "/"))
	if !embedOrigin.MatchString(v) {
		return ""
	}
	if u, err := url.Parse(strings.Replace(v, "*.", "x.", 1)); err != nil || u.Host == "" || u.Path != "" {
		return ""
	}
	return v
}

// GetEmbed returns the embedding settings.
func (s *Service) GetEmbed(ctx context.Context, p *account.Principal, id string) (*Embed, error) {
	sv, cs, err := s.readableSetting(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return &Embed{SurveyID: sv.ID, Enabled: cs.EmbedEnabled, Origins: splitOrigins(cs.EmbedOrigins)}, nil
}

// SaveEmbed validates and stores the embedding settings: every origin must be an http(s)
// origin without a path (at most MaxEmbedOrigins); turning embedding on needs at least one.
func (s *Service) SaveEmbed(ctx context.Context, p *account.Principal, in Embed) (*Embed, error) {
	sv, err := s.check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	var origins []string
	seen := map[string]bool{}
	for i, o := range in.Origins {
		if strings.TrimSpace(o) == "" {
			continue
		}
		n := normOrigin(o)
		if n == "" || len(n) > maxEmbedOriginSize {
			return nil, models.Invalid("Line %d is not a site address such as https://shop.example.com (http or https, a host, an optional port, no path)", i+1)
		}
		if !seen[n] {
			seen[n] = true
			origins = append(origins, n)
		}
	}
	if len(origins) > MaxEmbedOrigins {
		return nil, models.Invalid("At most %d sites", MaxEmbedOrigins)
	}
	if in.Enabled && len(origins) == 0 {
		return nil, models.Invalid("Please list the sites that may show the survey")
	}
	if err := s.upsert(ctx, s.DB, sv.ID, map[string]any{"embed_enabled": in.Enabled, "embed_origins": strings.Join(origins, "\n")}); err != nil {
		return nil, err
	}
	if origins == nil {
		origins = []string{}
	}
	return &Embed{SurveyID: sv.ID, Enabled: in.Enabled, Origins: origins}, nil
}

// FrameAncestors is the CSP frame-ancestors source list of a survey's answer pages (by sid or
// id): the listed origins when embedding is on, else 'none' (also for unknown surveys).
func (s *Service) FrameAncestors(ctx context.Context, sidOrID string) (string, error) {
	var cs models.CollectSetting
	err := s.DB.WithContext(ctx).Table("collect_settings cs").Select("cs.embed_enabled, cs.embed_origins").
		Joins("JOIN surveys sv ON sv.id = cs.survey_id").Where("sv.sid = ? OR sv.id = ?", sidOrID, sidOrID).Take(&cs).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "'none'", nil
	}
	if err != nil {
		return "'none'", err
	}
	origins := splitOrigins(cs.EmbedOrigins)
	if !cs.EmbedEnabled || len(origins) == 0 {
		return "'none'", nil
	}
	return "'self' " + strings.Join(origins, " "), nil
}

func splitOrigins(v string) []string {
	out := []string{}
	for _, o := range strings.Split(v, "\n") {
		if o = strings.TrimSpace(o); o != "" && normOrigin(o) == o { // stored values are normal; re-checked when served
			out = append(out, o)
		}
	}
	return out
}
