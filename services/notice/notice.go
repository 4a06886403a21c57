// Package notice implements notices: administrators (admin:notice) write rich-text notices to
// every user or to a department (its members and the members of its sub-departments) and
// publish them; users see the published notices meant for them, with the unread ones counted
// in the console header, and mark them read.
package notice

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
)

// Limits.
const (
	MaxTitleChars   = 100
	MaxContentBytes = 200 << 10
)

// Service implements the notice calls.
type Service struct {
	DB    *gorm.DB
	Audit *audit.Recorder
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Actor is the administrator of an admin call (for the audit log).
type Actor struct{ UserID, UserName, IP string }

func (s *Service) record(ctx context.Context, a Actor, op, name string) {
	if s.Audit != nil {
		s.Audit.Record(ctx, audit.Entry{Name: name, OperationType: op, Success: true, UserID: a.UserID, UserName: a.UserName, IP: a.IP})
	}
}

// Row is a notice in the lists (Content only in Info and the admin's edit view).
type Row struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Content     string `json:"content,omitempty"`
	Audience    string `json:"audience"`
	DeptID      string `json:"deptId,omitempty"`
	DeptName    string `json:"deptName,omitempty"`
	State       int    `json:"state"`
	PublishTime string `json:"publishTime,omitempty"`
	CreateDate  string `json:"createDate"`
	UpdateDate  string `json:"updateDate"`
	// Read: the caller has read it (user lists); ReadCount: how many users have (admin list).
	Read      bool  `json:"read"`
	ReadCount int64 `json:"readCount"`
}

func toRow(n *models.Notice) Row {
	return Row{ID: n.ID, Title: n.Title, Audience: n.Audience, DeptID: n.DeptID, State: n.State, PublishTime: models.FormatTimePtr(n.PublishedAt),
		CreateDate: models.FormatTime(n.CreatedAt), UpdateDate: models.FormatTime(n.UpdatedAt)}
}

// Input is the body of the admin save call.
type Input struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Content  string `json:"content"`
	Audience string `json:"audience"`
	DeptID   string `json:"deptId"`
	// State 1 publishes (the first time stamps the publish time), 0 keeps or makes it a draft.
	State *int `json:"state"`
}

// Save creates or updates a notice. The content is rich text cleaned by the server's one
// sanitiser; the title is plain text. Every check comes before the write.
func (s *Service) Save(ctx context.Context, a Actor, in Input) (*Row, error) {
	title := strings.TrimSpace(in.Title)
	switch {
	case title == "":
		return nil, models.Invalid("Please enter the notice title")
	case utf8.RuneCountInString(title) > MaxTitleChars:
		return nil, models.Invalid("The notice title must be at most %d characters", MaxTitleChars)
	case len(in.Content) > MaxContentBytes:
		return nil, models.Invalid("The notice content is larger than %d KB", MaxContentBytes>>10)
	}
	content := surveysvc.SanitizeHTML(in.Content)
	if strings.TrimSpace(surveysvc.PlainText(content)) == "" && !strings.Contains(content, "<img") {
		return nil, models.Invalid("Please enter the notice content")
	}
	audience := strings.TrimSpace(in.Audience)
	if audience == "" {
		audience = models.NoticeAll
	}
	dept := strings.TrimSpace(in.DeptID)
	switch audience {
	case models.NoticeAll:
		dept = ""
	case models.NoticeDept:
		var n int64
		if dept != "" {
			if err := s.DB.WithContext(ctx).Model(&models.Department{}).Where("id = ?", dept).Count(&n).Error; err != nil {
				return nil, err
			}
		}
		if n == 0 {
			return nil, models.Invalid("Department is required: choose the department the notice is for")
		}
	default:
		return nil, models.Invalid("audience must be all or dept")
	}
	if in.State != nil && *in.State != models.NoticeDraft && *in.State != models.NoticePublished {
		return nil, models.Invalid("state must be 1 (published) or 0 (draft)")
	}
	now := s.now()
	n := &models.Notice{ID: uuid.NewString(), CreatorID: a.UserID, CreatedAt: now}
	if in.ID != "" {
		var err error
		if n, err = s.byID(ctx, in.ID); err != nil {
			return nil, err
		}
	}
	n.Title, n.Content, n.Audience, n.DeptID, n.UpdatedAt = title, content, audience, dept, now
	if in.State != nil {
		n.State = *in.State
	}
	if n.State == models.NoticePublished && n.PublishedAt == nil {
		n.PublishedAt = &now
	}
	var err error
	if in.ID == "" {
		err = s.DB.WithContext(ctx).Create(n).Error
	} else {
		err = s.DB.WithContext(ctx).Save(n).Error
	}
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Save notice %s (%s), state %d", n.Title, n.ID, n.State))
	r := toRow(n)
	r.Content = n.Content
	return &r, nil
}

func (s *Service) byID(ctx context.Context, id string) (*models.Notice, error) {
	var n models.Notice
	err := s.DB.WithContext(ctx).Where("id = ?", strings.TrimSpace(id)).Take(&n).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || strings.TrimSpace(id) == "" {
		return nil, models.ErrNotFound
	}
	return &n, err
}

// Filter narrows the admin list.
type Filter struct {
	Title string
	State *int
}

// List pages every notice for the admin, newest first, with read counts and department names.
func (s *Service) List(ctx context.Context, f Filter, page, size int) ([]Row, int64, error) {
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.Notice{})
	if v := strings.TrimSpace(f.Title); v != "" {
		q = q.Where(models.Contains("title", v))
	}
	if f.State != nil {
		q = q.Where("state = ?", *f.State)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var ns []models.Notice
	if err := q.Omit("content").Order("created_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&ns).Error; err != nil {
		return nil, 0, err
	}
	ids, depts := []string{}, []string{}
	for _, n := range ns {
		ids = append(ids, n.ID)
		if n.DeptID != "" {
			depts = append(depts, n.DeptID)
		}
	}
	reads := map[string]int64{}
	names := map[string]string{}
	if len(ids) > 0 {
		var cs []struct {
			NoticeID string
			N        int64
		}
		if err := db.Model(&models.NoticeRead{}).Select("notice_id, COUNT(*) AS n").Where("notice_id IN ?", ids).Group("notice_id").Scan(&cs).Error; err != nil {
			return nil, 0, err
		}
		for _, c := range cs {
			reads[c.NoticeID] = c.N
		}
	}
	if len(depts) > 0 {
		var ds []models.Department
		if err := db.Select("id, name").Where("id IN ?", depts).Find(&ds).Error; err != nil {
			return nil, 0, err
		}
		for _, d := range ds {
			names[d.ID] = d.Name
		}
	}
	out := make([]Row, 0, len(ns))
	for i := range ns {
		r := toRow(&ns[i])
		r.ReadCount, r.DeptName = reads[r.ID], names[r.DeptID]
		out = append(out, r)
	}
	return out, total, nil
}

// Get is the admin's view of one notice (with its content).
func (s *Service) Get(ctx context.Context, id string) (*Row, error) {
	n, err := s.byID(ctx, id)
	if err != nil {
		return nil, err
	}
	r := toRow(n)
	r.Content = n.Content
	return &r, nil
}

// Delete removes notices and their read marks.
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the notices to delete")
	}
	var gone []*models.Notice
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			n, err := (&Service{DB: tx}).byID(ctx, id)
			if err != nil {
				return err
			}
			if err := tx.Where("notice_id = ?", n.ID).Delete(&models.NoticeRead{}).Error; err != nil {
				return err
			}
			if err := tx.Where("id = ?", n.ID).Delete(&models.Notice{}).Error; err != nil {
				return err
			}
			gone = append(gone, n)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, n := range gone {
		s.record(ctx, a, audit.OpDelete, fmt.Sprintf("Delete notice %s (%s)", n.Title, n.ID))
	}
	return len(gone), nil
}

// audience returns the department ids whose notices reach the user: the user's departments
// and all departments above them.
func (s *Service) audience(ctx context.Context, userID string) ([]string, error) {
	db := s.DB.WithContext(ctx)
	var own []string
	if err := db.Model(&models.UserDepartment{}).Where("user_id = ?", userID).Pluck("dept_id", &own).Error; err != nil {
		return nil, err
	}
	if len(own) == 0 {
		return nil, nil
	}
	var all []models.Department
	if err := db.Select("id, parent_id").Find(&all).Error; err != nil {
		return nil, err
	}
	parent := make(map[string]string, len(all))
	for _, d := range all {
		parent[d.ID] = d.ParentID
	}
	seen := map[string]bool{}
	out := []string{}
	for _, d := range own {
		for d != "" && !seen[d] { // seen also stops a cycle in a damaged tree
			seen[d] = true
			out = append(out, d)
			d = parent[d]
		}
	}
	return out, nil
}

// visible is the query of the published notices p may read.
func (s *Service) visible(ctx context.Context, p *account.Principal) (*gorm.DB, error) {
	depts, err := s.audience(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.Notice{}).Where("state = ?", models.NoticePublished)
	who := db.Where("audience = ?", models.NoticeAll)
	if len(depts) > 0 {
		who = who.Or("audience = ? AND dept_id IN ?", models.NoticeDept, depts)
	}
	return q.Where(who), nil
}

// Mine pages the published notices meant for p, newest first (unreadOnly: those p has not
// read), each with its read flag.
func (s *Service) Mine(ctx context.Context, p *account.Principal, unreadOnly bool, page, size int) ([]Row, int64, error) {
	q, err := s.visible(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	read := s.DB.Model(&models.NoticeRead{}).Select("notice_id").Where("user_id = ?", p.UserID)
	if unreadOnly {
		q = q.Where("id NOT IN (?)", read)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var ns []models.Notice
	if err := q.Omit("content").Order("published_at DESC, id").Offset((page - 1) * size).Limit(size).Find(&ns).Error; err != nil {
		return nil, 0, err
	}
	ids := []string{}
	for _, n := range ns {
		ids = append(ids, n.ID)
	}
	done := map[string]bool{}
	if len(ids) > 0 {
		var rs []string
		if err := s.DB.WithContext(ctx).Model(&models.NoticeRead{}).Where("user_id = ? AND notice_id IN ?", p.UserID, ids).Pluck("notice_id", &rs).Error; err != nil {
			return nil, 0, err
		}
		for _, r := range rs {
			done[r] = true
		}
	}
	out := make([]Row, 0, len(ns))
	for i := range ns {
		r := toRow(&ns[i])
		r.Read = done[r.ID]
		out = append(out, r)
	}
	return out, total, nil
}

// Read returns a published notice meant for p and marks it read (idempotent). Any other
// notice is "not found".
func (s *Service) Read(ctx context.Context, p *account.Principal, id string) (*Row, error) {
	q, err := s.visible(ctx, p)
	if err != nil {
		return nil, err
	}
	var n models.Notice
	if err := q.Where("id = ?", strings.TrimSpace(id)).Take(&n).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	if err := s.mark(ctx, p, []string{n.ID}); err != nil {
		return nil, err
	}
	r := toRow(&n)
	r.Content, r.Read = n.Content, true
	return &r, nil
}

// MarkRead marks notices read: ids, or every visible one when all is true. Ids of notices p
// may not read are ignored (nothing is learnt about them).
func (s *Service) MarkRead(ctx context.Context, p *account.Principal, ids []string, all bool) (int, error) {
	q, err := s.visible(ctx, p)
	if err != nil {
		return 0, err
	}
	if !all {
		if len(ids) == 0 {
			return 0, models.Invalid("Please choose the notices to mark read")
		}
		q = q.Where("id IN ?", ids)
	}
	var visible []string
	if err := q.Pluck("id", &visible).Error; err != nil {
		return 0, err
	}
	return len(visible), s.mark(ctx, p, visible)
}

func (s *Service) mark(ctx context.Context, p *account.Principal, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	now := s.now()
	rows := make([]models.NoticeRead, len(ids))
	for i, id := range ids {
		rows[i] = models.NoticeRead{NoticeID: id, UserID: p.UserID, ReadAt: now}
	}
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 500).Error
}

// Unread is the header's view: how many published notices p has not read, and the newest few.
type Unread struct {
	Count  int64 `json:"count"`
	Latest []Row `json:"latest"`
}

// UnreadSummary counts p's unread notices and returns the newest 5.
func (s *Service) UnreadSummary(ctx context.Context, p *account.Principal) (*Unread, error) {
	rows, total, err := s.Mine(ctx, p, true, 1, 5)
	if err != nil {
		return nil, err
	}
	return &Unread{Count: total, Latest: rows}, nil
}
