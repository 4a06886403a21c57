// Package site keeps the site's header/footer info and site property (branding, login
// page, registration switch, theme), editable by administrators.
package site

import (
	"context"
	"encoding/json"
	"regexp"
	"runtime"
	"runtime/debug"
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

// SysTheme is the system theme: the primary colour (buttons, links, the answer page's theme
// when a survey sets none) and the logo shown in the console header and on answer pages.
type SysTheme struct {
	PrimaryColor string `json:"primaryColor"`
	// Logo is an http(s) URL or a path of this site (an uploaded file's location).
	Logo string `json:"logo"`
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
			// self-registration is off until an administrator turns it on: an open
			// registration would put every author-level call within anyone's reach
			LoginRegister: LoginRegister{RegisterEnabled: false, LoginTitle: "DWSurvey", LoginSubTitle: "Surveys, exams and votes"},
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

// Save validates and stores the site-wide settings.
func (s *Service) Save(ctx context.Context, st Settings) error {
	if err := s.check(&st); err != nil {
		return err
	}
	fj, _ := json.Marshal(st.FooterInfo)
	pj, _ := json.Marshal(st.PropertyJSON)
	if len(pj) > maxPropertyJSON {
		return models.Invalid("The site property is larger than 32 KB")
	}
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

// check validates settings (site-wide or of one hostname) and normalises them.
func (s *Service) check(st *Settings) error {
	f := &st.FooterInfo
	f.SiteName = strings.TrimSpace(f.SiteName)
	if f.SiteName == "" || len([]rune(f.SiteName)) > 64 {
		return models.Invalid("The site name is required and at most 64 characters")
	}
	for _, u := range []string{f.SiteURL, f.BrandURL, f.MinLogo} {
		if !linkOK(u) {
			return models.Invalid("Links must start with http://, https:// or /")
		}
	}
	if len([]rune(f.SiteIcp)) > 64 || len([]rune(f.BrandName)) > 64 {
		return models.Invalid("Filing number and brand name are at most 64 characters")
	}
	if err := checkSettings(st); err != nil {
		return err
	}
	f.VersionNumber = VersionNumber
	return nil
}

// LicenceRemainingMillis answers anon/web/vl: this edition has no expiring licence, so it
// reports a fixed positive year; a negative value would mean "invalid".
func LicenceRemainingMillis() int64 { return int64(365 * 24 * time.Hour / time.Millisecond) }

// VersionInfo is the system/version page.
type VersionInfo struct {
	VersionNumber       string `json:"versionNumber"`
	VersionName         string `json:"versionName"`
	Revision            string `json:"revision"`
	RevisionTime        string `json:"revisionTime"`
	Modified            bool   `json:"modified"`
	GoVersion           string `json:"goVersion"`
	Platform            string `json:"platform"`
	Database            string `json:"database"`
	SchemaVersion       int    `json:"schemaVersion"`
	LatestSchemaVersion int    `json:"latestSchemaVersion"`
	TimeZone            string `json:"timeZone"`
}

// Version describes this build (the VCS stamp Go records in the binary) and its database.
func Version(dbDriver string, schema int, tz string) VersionInfo {
	v := VersionInfo{VersionNumber: VersionNumber, VersionName: "Ent", GoVersion: runtime.Version(),
		Platform: runtime.GOOS + "/" + runtime.GOARCH, Database: dbDriver, SchemaVersion: schema,
		LatestSchemaVersion: models.LatestVersion(), TimeZone: tz}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				v.Revision = kv.Value
			case "vcs.time":
				v.RevisionTime = kv.Value
			case "vcs.modified":
				v.Modified = kv.Value == "true"
			}
		}
	}
	return v
}
