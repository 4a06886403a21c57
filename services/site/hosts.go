package site

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

// Per-hostname settings (ent/site-domain): one installation serves several branded domains.
// A hostname with its own settings answers them from footer-info.do and get-sys-property;
// any other hostname gets the site-wide settings.

// MaxHosts bounds the branded hostnames of an installation.
const MaxHosts = 100

var hostPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// NormalizeHost lower-cases a hostname and drops a port and a trailing dot; "" when it is
// not a hostname (or an IP address).
func NormalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, port, err := net.SplitHostPort(h); err == nil && port != "" && strings.Trim(port, "0123456789") == "" {
		h = host
	}
	h = strings.TrimSuffix(h, ".")
	if h == "" || len(h) > 253 || !hostPattern.MatchString(h) {
		if ip := net.ParseIP(strings.Trim(h, "[]")); ip != nil {
			return ip.String()
		}
		return ""
	}
	return h
}

// Host is one hostname's settings as the admin list shows them.
type Host struct {
	Hostname   string   `json:"hostname"`
	Settings   Settings `json:"settings"`
	UpdateTime string   `json:"updateTime"`
}

// Hosts lists the hostnames with their own settings, by name.
func (s *Service) Hosts(ctx context.Context) ([]Host, error) {
	var rows []models.SiteHost
	if err := s.DB.WithContext(ctx).Order("hostname").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]Host, 0, len(rows))
	for _, r := range rows {
		st := DefaultSettings()
		if err := json.Unmarshal([]byte(r.Settings), &st); err != nil {
			return nil, err
		}
		st.FooterInfo.VersionNumber = VersionNumber
		out = append(out, Host{Hostname: r.Hostname, Settings: st, UpdateTime: models.FormatTime(r.UpdatedAt)})
	}
	return out, nil
}

// SaveHost validates and stores the settings of one hostname (the same rules as Save).
func (s *Service) SaveHost(ctx context.Context, hostname string, st Settings) (*Host, error) {
	h := NormalizeHost(hostname)
	if h == "" || net.ParseIP(h) != nil {
		return nil, models.Invalid("Enter a hostname such as survey.example.com (no scheme, path or IP address)")
	}
	if err := s.check(&st); err != nil {
		return nil, err
	}
	raw, _ := json.Marshal(st)
	if len(raw) > maxPropertyJSON {
		return nil, models.Invalid("The site property is larger than 32 KB")
	}
	now := time.Now().UTC()
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&models.SiteHost{}).Where("hostname <> ?", h).Count(&n).Error; err != nil {
			return err
		}
		if n >= MaxHosts {
			return models.Invalid("At most 100 hostnames can have their own settings")
		}
		return tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "hostname"}},
			DoUpdates: clause.AssignmentColumns([]string{"settings", "updated_at"})}).
			Create(&models.SiteHost{Hostname: h, Settings: string(raw), UpdatedAt: now}).Error
	})
	if err != nil {
		return nil, err
	}
	return &Host{Hostname: h, Settings: st, UpdateTime: models.FormatTime(now)}, nil
}

// DeleteHost removes a hostname's own settings (it then uses the site-wide ones).
func (s *Service) DeleteHost(ctx context.Context, hostname string) error {
	res := s.DB.WithContext(ctx).Where("hostname = ?", NormalizeHost(hostname)).Delete(&models.SiteHost{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return models.ErrNotFound
	}
	return nil
}

// GetFor returns the settings that apply to hostname: its own when it has them, otherwise
// the site-wide ones.
func (s *Service) GetFor(ctx context.Context, hostname string) (Settings, error) {
	if h := NormalizeHost(hostname); h != "" {
		var row models.SiteHost
		err := s.DB.WithContext(ctx).Take(&row, "hostname = ?", h).Error
		if err == nil {
			st := DefaultSettings()
			if err := json.Unmarshal([]byte(row.Settings), &st); err != nil {
				return st, err
			}
			st.FooterInfo.VersionNumber = VersionNumber
			return st, nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return DefaultSettings(), err
		}
	}
	return s.Get(ctx)
}
