// Package audit records and lists the system log (logins, logouts, admin actions, failures).
package audit

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// Operation types of the system log.
const (
	OpLogin            = "login"
	OpLogout           = "logout"
	OpRegister         = "register"
	OpPassword         = "password"
	OpCreate           = "create"
	OpUpdate           = "update"
	OpDelete           = "delete"
	OpPermissionDenied = "permission_denied"
	OpArchive          = "archive"
)

// Entry is one record to write.
type Entry struct {
	Name          string
	Notes         string
	OperationType string
	Success       bool
	UserID        string
	UserName      string
	IP            string
}

type Recorder struct{ DB *gorm.DB }

// Record writes e. It never fails the caller: a write error is logged, because losing an
// audit row must not undo the action it describes.
func (r *Recorder) Record(ctx context.Context, e Entry) {
	row := models.SysLog{Name: clip(e.Name, 128), Notes: clip(e.Notes, 1024), OperationType: e.OperationType,
		Success: e.Success, UserID: e.UserID, UserName: clip(e.UserName, 64), IP: clip(e.IP, 64), CreatedAt: time.Now().UTC()}
	if err := r.DB.WithContext(ctx).Create(&row).Error; err != nil {
		slog.Error("audit record failed", "err", err, "name", e.Name)
	}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// Filter narrows List. Zero values mean "any".
type Filter struct {
	UserName      string
	OperationType string
	Success       *bool
	From, To      time.Time
	Archived      bool
}

// Row is the API shape of a log record.
type Row struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Notes         string `json:"notes"`
	OperationType string `json:"operationType"`
	Success       bool   `json:"success"`
	UserID        string `json:"userId"`
	UserName      string `json:"userName"`
	IP            string `json:"ip"`
	CreateTime    string `json:"createTime"`
}

// List returns one page (newest first) and the total count.
func (r *Recorder) List(ctx context.Context, f Filter, page, size int) ([]Row, int64, error) {
	q := r.DB.WithContext(ctx).Model(&models.SysLog{})
	if f.Archived {
		q = r.DB.WithContext(ctx).Model(&models.SysLogArchive{})
	}
	if f.UserName != "" {
		q = q.Where(models.Contains("user_name", f.UserName))
	}
	if f.OperationType != "" {
		q = q.Where("operation_type = ?", f.OperationType)
	}
	if f.Success != nil {
		q = q.Where("success = ?", *f.Success)
	}
	if !f.From.IsZero() {
		q = q.Where("created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		q = q.Where("created_at <= ?", f.To.UTC())
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var logs []models.SysLog
	if err := q.Order("id DESC").Offset((page - 1) * size).Limit(size).Find(&logs).Error; err != nil {
		return nil, 0, err
	}
	rows := make([]Row, len(logs))
	for i, l := range logs {
		rows[i] = Row{ID: l.ID, Name: l.Name, Notes: l.Notes, OperationType: l.OperationType, Success: l.Success,
			UserID: l.UserID, UserName: l.UserName, IP: l.IP, CreateTime: models.FormatTime(l.CreatedAt)}
	}
	return rows, total, nil
}
