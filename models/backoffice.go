package models

import (
	"time"

	"gorm.io/gorm"

	"dwsurvey/models/cascadedata"
)

// Cascade data source scopes (spec: private at questionnaire level, public at system level,
// public at user level).
const (
	CascadePrivate = "private" // one survey's own source (SurveyID), managed by its designers
	CascadeUser    = "user"    // an author's public source, usable in any of the author's surveys
	CascadeSystem  = "system"  // a public source of the installation, managed by admin:cascade
)

// Enabled / disabled state of survey groups and cascade sources (spec section 4).
const (
	StateDisabled = 0
	StateEnabled  = 1
)

// CascadeSource is a cascade data source: a tree of labelled values a CASCADE question offers
// level by level. Its nodes are CascadeNode rows. A language copy (CopyOfID set, LanguageCode
// its language) has no nodes of its own: it serves the original's tree with the labels of its
// CascadeLabel rows, so answer values are the same in every language.
type CascadeSource struct {
	ID           string `gorm:"primaryKey;size:64"`
	Name         string `gorm:"size:64;not null"`
	Scope        string `gorm:"size:8;not null;index"`
	OwnerID      string `gorm:"size:64;not null;index"`
	SurveyID     string `gorm:"size:64;index"`
	State        int    `gorm:"not null;default:1"`
	CountLevel   int    `gorm:"not null;default:0"`
	NodeCount    int    `gorm:"not null;default:0"`
	CopyOfID     string `gorm:"size:64;index"`
	LanguageCode string `gorm:"size:16;not null;default:''"`
	// Builtin names the shipped data set a source was created from ("" for user data).
	Builtin string `gorm:"size:32;not null;default:''"`
	// Revision grows with every change of the tree or of the labels.
	Revision  int `gorm:"not null;default:1"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// CascadeNode is one node of a source's tree. ItemID is unique within the source; ParentID
// is "" for the first level. Level counts from 1; Sort orders siblings; Leaf means no children.
type CascadeNode struct {
	SourceID string `gorm:"primaryKey;size:64;index:ix_cascade_children,priority:1"`
	ItemID   string `gorm:"primaryKey;size:64"`
	ParentID string `gorm:"size:64;not null;default:'';index:ix_cascade_children,priority:2"`
	Sort     int    `gorm:"not null;default:0;index:ix_cascade_children,priority:3"`
	Label    string `gorm:"size:255;not null"`
	Value    string `gorm:"size:255;not null"`
	Level    int    `gorm:"not null"`
	Leaf     bool   `gorm:"not null"`
}

// CascadeLabel is the translated label of one node in a language copy (SourceID is the copy).
type CascadeLabel struct {
	SourceID string `gorm:"primaryKey;size:64"`
	ItemID   string `gorm:"primaryKey;size:64"`
	Label    string `gorm:"size:255;not null"`
}

// Notice audiences.
const (
	NoticeAll  = "all"  // every user
	NoticeDept = "dept" // members of DeptID and of its sub-departments
)

// Notice states.
const (
	NoticeDraft     = 0
	NoticePublished = 1
)

// Notice is an administrator's message to all users or to a department. Content is rich
// text kept as sanitised HTML.
type Notice struct {
	ID          string     `gorm:"primaryKey;size:64"`
	Title       string     `gorm:"size:255;not null"`
	Content     string     `gorm:"type:longtext"`
	Audience    string     `gorm:"size:8;not null"`
	DeptID      string     `gorm:"size:64;not null;default:'';index"`
	State       int        `gorm:"not null;default:0"`
	PublishedAt *time.Time `gorm:"index"`
	CreatorID   string     `gorm:"size:64;not null"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// NoticeRead records that a user has read a notice.
type NoticeRead struct {
	NoticeID string `gorm:"primaryKey;size:64"`
	UserID   string `gorm:"primaryKey;size:64;index"`
	ReadAt   time.Time
}

// AnswerLogArchive has the columns of AnswerLog; rows keep their original ids so that a
// repeated archive batch cannot copy a row twice.
type AnswerLogArchive struct {
	ID         string    `gorm:"primaryKey;size:64"`
	SurveyID   string    `gorm:"size:64;not null;index"`
	Event      string    `gorm:"size:32;not null"`
	IP         string    `gorm:"column:ip;size:64"`
	CreatedAt  time.Time `gorm:"index"`
	UpdatedAt  time.Time
	ArchivedAt time.Time
}

// BackOfficeMigration (version 16) creates cascade data sources, notices and the answer log
// archive, indexes answer logs by time (archiving, the admin list), and loads the built-in
// cascade source of China's provinces, cities and districts.
var BackOfficeMigration = Migration{Version: 16, Name: "cascade sources, notices, answer log archive", Up: func(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&CascadeSource{}, &CascadeNode{}, &CascadeLabel{}, &Notice{}, &NoticeRead{}, &AnswerLogArchive{}, &AnswerLog{}); err != nil {
		return err
	}
	return SeedBuiltinCascades(tx)
}}

// BuiltinChinaID is the id of the built-in source of China's provinces, cities and districts.
const BuiltinChinaID = "builtin-china-pcd"

// SeedBuiltinCascades creates the built-in public sources that are missing (an administrator
// may disable or rename them; they are not created again while they exist).
func SeedBuiltinCascades(tx *gorm.DB) error {
	var n int64
	if err := tx.Model(&CascadeSource{}).Where("id = ?", BuiltinChinaID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	rows, err := cascadedata.ChinaPCD()
	if err != nil {
		return err
	}
	nodes := make([]CascadeNode, len(rows))
	levels := 0
	for i, r := range rows {
		nodes[i] = CascadeNode{SourceID: BuiltinChinaID, ItemID: r.ID, ParentID: r.ParentID, Sort: r.Sort, Label: r.Label,
			Value: r.Label, Level: r.Level, Leaf: r.Leaf}
		levels = max(levels, r.Level)
	}
	now := time.Now().UTC()
	return tx.Transaction(func(tx *gorm.DB) error {
		src := CascadeSource{ID: BuiltinChinaID, Name: cascadedata.ChinaPCDName, Scope: CascadeSystem, OwnerID: "1",
			State: StateEnabled, CountLevel: levels, NodeCount: len(nodes), Builtin: "china-pcd", Revision: 1, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&src).Error; err != nil {
			return err
		}
		return tx.CreateInBatches(nodes, 2000).Error
	})
}
