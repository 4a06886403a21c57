package models

import (
	"context"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// SchemaMigration records an applied migration step.
type SchemaMigration struct {
	Version   int    `gorm:"primaryKey;autoIncrement:false"`
	Name      string `gorm:"size:128;not null"`
	AppliedAt time.Time
}

// Migration is one ordered, forward-only schema step. Steps must work on MySQL/MariaDB
// and SQLite alike, so they use GORM's migrator rather than raw DDL.
type Migration struct {
	Version int
	Name    string
	Up      func(tx *gorm.DB) error
}

// Migrations is the ordered list of every schema step. Append only.
var Migrations = []Migration{
	{Version: 1, Name: "accounts, roles, departments, tokens, rate counters, system log, site, uploads", Up: func(tx *gorm.DB) error {
		return tx.AutoMigrate(&User{}, &Role{}, &Permission{}, &RolePermission{}, &UserRole{}, &Department{},
			&UserDepartment{}, &AuthToken{}, &RateCounter{}, &SysLog{}, &SysLogArchive{}, &SiteSetting{}, &UploadFile{})
	}},
	{Version: 2, Name: "surveys, versions, groups, collaborators, templates, question banks", Up: func(tx *gorm.DB) error {
		return tx.AutoMigrate(&Survey{}, &SurveyVersion{}, &SurveyGroup{}, &SurveyCollaborator{}, &SurveyTemplate{},
			&QuBank{}, &QuBankQuestion{})
	}},
	{Version: 3, Name: "answers, answer counters, captcha challenges, answer logs", Up: func(tx *gorm.DB) error {
		return tx.AutoMigrate(&Answer{}, &AnswerCounter{}, &AnswerCaptcha{}, &AnswerLog{})
	}},
	{Version: 4, Name: "collection settings, answer passwords", Up: func(tx *gorm.DB) error {
		return tx.AutoMigrate(&CollectSetting{}, &AnswerPassword{})
	}},
	AnalysisMigration,       // version 5: answer items, device, list index (models/analysis.go)
	ReviewMigration,         // version 6: answer reviews, item time, overview counters (models/review.go)
	LanguageMigration,       // version 7: survey content languages (models/language.go)
	TranslationMigration,    // version 17: language drafts, AI translation jobs (models/language.go)
	OutboxMigration,         // version 8: outbox of workflow events (models/outbox.go)
	EmbedMigration,          // version 11: site widget embedding (models/collect.go)
	ReviewChainMigration,    // version 12: review chains, reviewer queue, hand grading (models/reviewchain.go)
	ExportMigration,         // version 13: exports (models/export.go)
	ExportCopyMigration,     // version 23: answer export copies (models/export.go)
	ExportPositionMigration, // version 24: running exports' positions (models/export.go)
	WebhookMigration,        // version 14: webhooks, deliveries, attempts (models/webhook.go)
	ContactsMigration,       // version 15: contacts, bind records, distributions (models/contacts.go)
	BackOfficeMigration,     // version 16: cascade sources, notices, answer log archive (models/backoffice.go)
	AdminResourcesMigration, // version 21: open API apps, style/poster templates, site hosts (models/openapp.go)
	LotteryMigration,        // version 18: lotteries, solutions, eval dimensions and raters (models/lottery.go)
	PrintTemplateMigration,  // version 22: print templates of PDF answer sheets (models/printtemplate.go)
	SigninMigration,         // version 19: sms codes, sign-in states, third-party identities (models/signin.go)
}

// LatestVersion is the schema version this binary needs (the highest step).
func LatestVersion() int {
	v := 0
	for _, m := range Migrations {
		v = max(v, m.Version)
	}
	return v
}

// ordered returns the steps sorted by version and refuses duplicates.
func ordered() ([]Migration, error) {
	out := append([]Migration(nil), Migrations...)
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations %q and %q share version %d", out[i-1].Name, out[i].Name, out[i].Version)
		}
	}
	return out, nil
}

// Migrate applies every missing step in order, then syncs the permission catalogue and
// the system roles. It is safe to run repeatedly and from several processes in turn.
func Migrate(ctx context.Context, db *gorm.DB) error {
	db = db.WithContext(ctx)
	if err := db.AutoMigrate(&SchemaMigration{}); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	var applied []SchemaMigration
	if err := db.Find(&applied).Error; err != nil {
		return err
	}
	done := map[int]bool{}
	for _, m := range applied {
		done[m.Version] = true
	}
	steps, err := ordered()
	if err != nil {
		return err
	}
	for _, m := range steps {
		if done[m.Version] {
			continue
		}
		if err := m.Up(db); err != nil {
			return fmt.Errorf("migration %d (%s): %w", m.Version, m.Name, err)
		}
		rec := SchemaMigration{Version: m.Version, Name: m.Name, AppliedAt: time.Now().UTC()}
		if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&rec).Error; err != nil {
			return err
		}
	}
	return seedCatalog(db)
}

// SchemaVersion returns the highest applied migration (0 for an empty database).
func SchemaVersion(ctx context.Context, db *gorm.DB) (int, error) {
	if !db.Migrator().HasTable(&SchemaMigration{}) {
		return 0, nil
	}
	var v int
	err := db.WithContext(ctx).Model(&SchemaMigration{}).Select("COALESCE(MAX(version),0)").Scan(&v).Error
	return v, err
}

func seedCatalog(db *gorm.DB) error {
	return db.Transaction(func(tx *gorm.DB) error {
		for _, p := range PermissionCatalog {
			p := p
			if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}},
				DoUpdates: clause.AssignmentColumns([]string{"name", "code", "perm_group", "sort"})}).Create(&p).Error; err != nil {
				return err
			}
		}
		for _, sr := range SystemRoles {
			r := sr.Role
			if err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}},
				DoUpdates: clause.AssignmentColumns([]string{"name", "code", "type", "note"})}).Create(&r).Error; err != nil {
				return err
			}
			if err := tx.Where("role_id = ?", r.ID).Delete(&RolePermission{}).Error; err != nil {
				return err
			}
			for _, code := range sr.Perms {
				if err := tx.Create(&RolePermission{RoleID: r.ID, PermissionCode: code}).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
}
