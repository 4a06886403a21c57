package models

import "time"

// SysLog is one audit record: logins, logouts, admin actions and failures.
type SysLog struct {
	ID            int64     `gorm:"primaryKey;autoIncrement"`
	Name          string    `gorm:"size:128;not null"`
	Notes         string    `gorm:"size:1024"`
	OperationType string    `gorm:"size:32;not null;index"`
	Success       bool      `gorm:"not null"`
	UserID        string    `gorm:"size:64;index"`
	UserName      string    `gorm:"size:64"`
	IP            string    `gorm:"column:ip;size:64"`
	CreatedAt     time.Time `gorm:"index"`
}

// SysLogArchive has the same columns as SysLog; rows keep their original ids so a
// repeated archive batch cannot copy a row twice.
type SysLogArchive struct {
	ID            int64     `gorm:"primaryKey;autoIncrement:false"`
	Name          string    `gorm:"size:128;not null"`
	Notes         string    `gorm:"size:1024"`
	OperationType string    `gorm:"size:32;not null;index"`
	Success       bool      `gorm:"not null"`
	UserID        string    `gorm:"size:64;index"`
	UserName      string    `gorm:"size:64"`
	IP            string    `gorm:"column:ip;size:64"`
	CreatedAt     time.Time `gorm:"index"`
	ArchivedAt    time.Time
}

// SiteSetting stores one JSON document per key (footer info, site property).
type SiteSetting struct {
	Key       string `gorm:"primaryKey;size:64"`
	Value     string `gorm:"type:text;not null"`
	UpdatedAt time.Time
}

// UploadFile is a file kept in the blob store under BlobKey (server-chosen).
// ResourceTokenHash lets an anonymous uploader (a respondent) read the file back.
type UploadFile struct {
	ID                string `gorm:"primaryKey;size:64"`
	BlobKey           string `gorm:"size:255;not null"`
	FileName          string `gorm:"size:255;not null"`
	ContentType       string `gorm:"size:128;not null"`
	Size              int64  `gorm:"not null"`
	OwnerUserID       string `gorm:"size:64;index"`
	SurveyID          string `gorm:"size:64;index"`
	ResourceTokenHash string `gorm:"size:64"`
	CreatedAt         time.Time
}
