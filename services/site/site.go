// Package site keeps the site's header/footer info and site property (branding, login
// page, registration switch, theme), editable by administrators.
package site

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

const (
	keyFooter   = "footer_info"
	keyProperty = "site_property"
	// VersionNumber is this build's version shown in the footer and version info.
	VersionNumber = "Ent V8.0 build 20250113"
)

// FooterInfo is the shape of anon/web/footer-info.do.
type FooterInfo struct {
	SiteName        string `json:"siteName"`
	SiteURL         string `json:"siteUrl"`
	SiteIcp         string `json:"siteIcp"`
	BrandName       string `json:"brandName"`
	BrandURL        string `json:"brandUrl"`
	VersionNumber   string `json:"versionNumber"`
	HideDwCopyright bool   `json:"hideDwCopyright"`
	MinLogo         string `json:"minLogo"`
}

type LoginRegister struct {
	RegisterEnabled bool   `json:"registerEnabled"`
	LoginTitle      string `json:"loginTitle"`
	LoginSubTitle   string `json:"loginSubTitle"`
}

type SysTheme struct {
	PrimaryColor string `json:"primaryColor"`
}

// PropertyJSON is the editable site property (spec: dwHeader, dwFooter, loginRegister, sysTheme).
type PropertyJSON struct {
	DwHeader      map[string]any `json:"dwHeader"`
	DwFooter      map[string]any `json:"dwFooter"`
	LoginRegister LoginRegister  `json:"loginRegister"`
	SysTheme      SysTheme       `json:"sysTheme"`
}

// Settings is what administrators read and save.
type Settings struct {
	FooterInfo   FooterInfo   `json:"footerInfo"`
	PropertyJSON PropertyJSON `json:"propertyJson"`
}

// DefaultSettings are used until an administrator saves.
func DefaultSettings() Settings {
	return Settings{
		FooterInfo: FooterInfo{SiteName: "DWSurvey", SiteURL: "", BrandName: "DWSurvey", VersionNumber: VersionNumber},
		PropertyJSON: PropertyJSON{
			DwHeader: map[string]any{}, DwFooter: map[string]any{},
			LoginRegister: LoginRegister{RegisterEnabled: true, LoginTitle: "DWSurvey", LoginSubTitle: "Surveys, exams and votes"},
			SysTheme:      SysTheme{PrimaryColor: "#015AB4"},
		},
	}
}

type Service struct{ DB *gorm.DB }

// Get returns the stored settings merged over the defaults.
func (s *Service) Get(ctx context.Context) (Settings, error) {
	st := DefaultSettings()
	var rows []models.SiteSetting
	if err := s.DB.WithContext(ctx).Where("`key` IN ?", []string{keyFooter, keyProperty}).Find(&rows).Error; err != nil {
		return st, err
	}
	for _, r := range rows {
		var err error
		switch r.Key {
		case keyFooter:
			err = json.Unmarshal([]byte(r.Value), &st.FooterInfo)
		case keyProperty:
			err = json.Unmarshal([]byte(r.Value), &st.PropertyJSON)
		}
		if err != nil {
			return st, err
		}
	}
	st.FooterInfo.VersionNumber = VersionNumber
	return st, nil
}

// RegistrationOpen reports the registration switch.
func (s *Service) RegistrationOpen(ctx context.Context) (bool, error) {
	st, err := s.Get(ctx)
	return st.PropertyJSON.LoginRegister.RegisterEnabled, err
}

var colorPattern = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// Save validates and stores the settings.
func (s *Service) Save(ctx context.Context, st Settings) error {
	f := &st.FooterInfo
	f.SiteName = strings.TrimSpace(f.SiteName)
	if f.SiteName == "" || len([]rune(f.SiteName)) > 64 {
		return models.Invalid("The site name is required and at most 64 characters")
	}
	for _, u := range []string{f.SiteURL, f.BrandURL} {
		if u != "" && !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "/") {
			return models.Invalid("Links must start with http://, https:// or /")
		}
	}
	if len([]rune(f.SiteIcp)) > 64 || len([]rune(f.BrandName)) > 64 {
		return models.Invalid("Filing number and brand name are at most 64 characters")
	}
	if c := st.PropertyJSON.SysTheme.PrimaryColor; c != "" && !colorPattern.MatchString(c) {
		return models.Invalid("The theme colour must be a hex colour such as #015AB4")
	}
	if st.PropertyJSON.DwHeader == nil {
		st.PropertyJSON.DwHeader = map[string]any{}
	}
	if st.PropertyJSON.DwFooter == nil {
		st.PropertyJSON.DwFooter = map[string]any{}
	}
	f.VersionNumber = VersionNumber
	fj, _ := json.Marshal(st.FooterInfo)
	pj, _ := json.Marshal(st.PropertyJSON)
	now := time.Now().UTC()
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, r := range []models.SiteSetting{{Key: keyFooter, Value: string(fj), UpdatedAt: now}, {Key: keyProperty, Value: string(pj), UpdatedAt: now}} {
			r := r
			if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "key"}},
				DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"})}).Create(&r).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// LicenceRemainingMillis answers anon/web/vl: this edition has no expiring licence, so it
// reports a fixed positive year; a negative value would mean "invalid".
func LicenceRemainingMillis() int64 { return int64(365 * 24 * time.Hour / time.Millisecond) }
