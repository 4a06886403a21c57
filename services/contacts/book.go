// Package contacts is the address book of survey authors (dw/contacts: groups and
// contacts, imports, export), the people bound to a survey (c/bind-contacts, c/user-bind)
// with their unique answer links, the contacts' answer-side login, the invitations and
// reminders sent to them (InvitationWorkflow, docs/contacts.md) and "My tasks".
//
// Every object belongs to one owner: another user's contact, group, bind record or
// distribution answers models.ErrNotFound.
package contacts

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/mail"
	"dwsurvey/services/outbox"
	"dwsurvey/services/ratelimit"
	"dwsurvey/services/sms"
	surveysvc "dwsurvey/services/survey"
)

// Service implements the address book, binding, contact login, distributions and tasks.
type Service struct {
	DB      *gorm.DB
	Surveys *surveysvc.Service
	Audit   *audit.Recorder
	Limiter *ratelimit.Limiter
	Now     func() time.Time
	// Loc is the server time zone of the dates shown.
	Loc *time.Location
	// PublicURL is the base of the unique links (server.public_url; dev: the listen address).
	PublicURL string
	// Outbox is nudged after a distribution was written with its event.
	Outbox outbox.Nudger
	// Mail sends e-mail invitations (nil or unconfigured: e-mail is refused).
	Mail *mail.Client
	// SMS sends text invitations (nil: not configured).
	SMS sms.Sender
	// TokenTTL of contact logins (default 12 h); LoginMaxFailures per account in LoginWindow.
	TokenTTL         time.Duration
	LoginMaxFailures int
	LoginWindow      time.Duration
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) loc() *time.Location {
	if s.Loc == nil {
		return time.UTC
	}
	return s.Loc
}

// Field limits and messages of contacts (spec sections 3 and 5).
const (
	MaxNameChars    = 64
	MaxAccountChars = 64
	MaxJobChars     = 64
	MaxGroupChars   = 18

	MsgNameRequired    = "missing name"
	MsgAccountRequired = "missing account"
	MsgBadEmail        = "invalid e-mail address"
	MsgBadPhone        = "invalid phone number"
	MsgDuplicate       = "duplicate account"
	MsgBadPassword     = "the initial password must be 6 to 18 characters"
)

// phonePattern: a mainland mobile number (11 digits, 13-19), or an international number in
// E.164 form (+ and 7 to 15 digits).
var phonePattern = regexp.MustCompile(`^(1[3-9]\d{9}|\+[1-9]\d{6,14})$`)

// ValidPhone reports a phone number the contacts accept.
func ValidPhone(p string) bool { return phonePattern.MatchString(p) }

// ContactInput is a contact as the form or an import row gives it.
type ContactInput struct {
	ID       string `json:"id"`
	GroupID  string `json:"groupId"`
	Account  string `json:"account"`
	Name     string `json:"name"`
	Email    string `json:"email"`
	Phone    string `json:"phone"`
	JobTitle string `json:"jobTitle"`
	// Password is the initial password (empty on edit: unchanged).
	Password string `json:"password"`
	Verified *bool  `json:"verified"`
}

func (in *ContactInput) trim() {
	in.Account, in.Name = strings.TrimSpace(in.Account), strings.TrimSpace(in.Name)
	in.Email, in.Phone = strings.TrimSpace(in.Email), strings.ReplaceAll(strings.TrimSpace(in.Phone), " ", "")
	in.JobTitle, in.GroupID = strings.TrimSpace(in.JobTitle), strings.TrimSpace(in.GroupID)
}

// problems lists why a contact is not acceptable (empty: fine), without the database.
func (in *ContactInput) problems(newContact bool) []string {
	var out []string
	if in.Account == "" {
		out = append(out, MsgAccountRequired)
	} else if utf8.RuneCountInString(in.Account) > MaxAccountChars || strings.ContainsAny(in.Account, " \t\r\n<>\"'&/\\") {
		out = append(out, "invalid account (at most 64 characters, no spaces or < > \" ' & / \\)")
	}
	if in.Name == "" {
		out = append(out, MsgNameRequired)
	} else if utf8.RuneCountInString(in.Name) > MaxNameChars {
		out = append(out, "the name is longer than 64 characters")
	}
	if in.Email != "" && account.ValidateEmail(in.Email, false) != nil {
		out = append(out, MsgBadEmail)
	}
	if in.Phone != "" && !ValidPhone(in.Phone) {
		out = append(out, MsgBadPhone)
	}
	if utf8.RuneCountInString(in.JobTitle) > MaxJobChars {
		out = append(out, "the job title is longer than 64 characters")
	}
	if in.Password != "" && account.ValidatePassword(in.Password) != nil {
		out = append(out, MsgBadPassword)
	}
	return out
}

// Contact is a contact as the API shows it (never the password hash).
type Contact struct {
	ID          string `json:"id"`
	GroupID     string `json:"groupId"`
	GroupName   string `json:"groupName"`
	Account     string `json:"account"`
	Name        string `json:"name"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	JobTitle    string `json:"jobTitle"`
	HasPassword bool   `json:"hasPassword"`
	Verified    bool   `json:"verified"`
	CreateTime  string `json:"createTime"`
}

// Group is a contact group with its size.
type Group struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Count      int64  `json:"count"`
	CreateTime string `json:"createTime"`
}

func owner(p *account.Principal) (string, error) {
	if p == nil {
		return "", models.ErrNotFound
	}
	return p.UserID, nil
}

// Groups lists the caller's groups by name with their contact counts.
func (s *Service) Groups(ctx context.Context, p *account.Principal) ([]Group, error) {
	uid, err := owner(p)
	if err != nil {
		return nil, err
	}
	var gs []models.ContactGroup
	if err := s.DB.WithContext(ctx).Where("owner_id = ?", uid).Order("name").Find(&gs).Error; err != nil {
		return nil, err
	}
	var counts []struct {
		GroupID string
		N       int64
	}
	if err := s.DB.WithContext(ctx).Model(&models.Contact{}).Select("group_id, COUNT(*) AS n").Where("owner_id = ?", uid).
		Group("group_id").Scan(&counts).Error; err != nil {
		return nil, err
	}
	n := map[string]int64{}
	for _, c := range counts {
		n[c.GroupID] = c.N
	}
	out := []Group{}
	for _, g := range gs {
		out = append(out, Group{ID: g.ID, Name: g.Name, Count: n[g.ID], CreateTime: models.FormatTime(g.CreatedAt)})
	}
	return out, nil
}

// SaveGroup creates (no id) or renames a group. Names are 1-18 characters, unique per owner.
func (s *Service) SaveGroup(ctx context.Context, p *account.Principal, id, name string) (*Group, error) {
	uid, err := owner(p)
	if err != nil {
		return nil, err
	}
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > MaxGroupChars {
		return nil, models.Invalid("The group name must be 1 to 18 characters")
	}
	var dup int64
	s.DB.WithContext(ctx).Model(&models.ContactGroup{}).Where("owner_id = ? AND name = ? AND id <> ?", uid, name, id).Count(&dup)
	if dup > 0 {
		return nil, models.Invalid("A group with this name already exists")
	}
	now := s.now()
	g := models.ContactGroup{ID: uuid.NewString(), OwnerID: uid, Name: name, CreatedAt: now, UpdatedAt: now}
	if id != "" {
		if err := s.DB.WithContext(ctx).Where("id = ? AND owner_id = ?", id, uid).Take(&g).Error; err != nil {
			return nil, notFound(err)
		}
		if err := s.DB.WithContext(ctx).Model(&g).Updates(map[string]any{"name": name, "updated_at": now}).Error; err != nil {
			return nil, err
		}
		g.Name = name
	} else if err := s.DB.WithContext(ctx).Create(&g).Error; err != nil {
		return nil, err
	}
	return &Group{ID: g.ID, Name: g.Name, CreateTime: models.FormatTime(g.CreatedAt)}, nil
}

// DeleteGroup removes a group; its contacts stay, in no group.
func (s *Service) DeleteGroup(ctx context.Context, p *account.Principal, id string) error {
	uid, err := owner(p)
	if err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("id = ? AND owner_id = ?", id, uid).Delete(&models.ContactGroup{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return models.ErrNotFound
		}
		return tx.Model(&models.Contact{}).Where("owner_id = ? AND group_id = ?", uid, id).Update("group_id", "").Error
	})
}

// ListInput filters the contacts: Keyword matches account, name, e-mail, phone or job title;
// GroupID "" is every group, "none" the contacts in no group.
type ListInput struct {
	GroupID string
	Keyword string
	Current int
	Size    int
}

// List pages the caller's contacts, newest first.
func (s *Service) List(ctx context.Context, p *account.Principal, in ListInput) (int64, []Contact, error) {
	uid, err := owner(p)
	if err != nil {
		return 0, nil, err
	}
	q := s.DB.WithContext(ctx).Model(&models.Contact{}).Where("owner_id = ?", uid)
	switch g := strings.TrimSpace(in.GroupID); g {
	case "":
	case "none":
		q = q.Where("group_id = ''")
	default:
		q = q.Where("group_id = ?", g)
	}
	if k := strings.TrimSpace(in.Keyword); k != "" {
		cond, like := models.Contains("account", k)
		for _, col := range []string{"name", "email", "phone", "job_title"} {
			c, _ := models.Contains(col, k)
			cond += " OR " + c
		}
		q = q.Where("("+cond+")", like, like, like, like, like)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []models.Contact
	if err := q.Order("created_at DESC, id").Offset((in.Current - 1) * in.Size).Limit(in.Size).Find(&rows).Error; err != nil {
		return 0, nil, err
	}
	out, err := s.view(ctx, uid, rows)
	return total, out, err
}

func (s *Service) view(ctx context.Context, uid string, rows []models.Contact) ([]Contact, error) {
	names, err := s.groupNames(ctx, uid)
	if err != nil {
		return nil, err
	}
	out := make([]Contact, 0, len(rows))
	for _, r := range rows {
		out = append(out, Contact{ID: r.ID, GroupID: r.GroupID, GroupName: names[r.GroupID], Account: r.Account, Name: r.Name,
			Email: r.Email, Phone: r.Phone, JobTitle: r.JobTitle, HasPassword: r.PasswordHash != "", Verified: r.Verified,
			CreateTime: models.FormatTime(r.CreatedAt)})
	}
	return out, nil
}

func (s *Service) groupNames(ctx context.Context, uid string) (map[string]string, error) {
	var gs []models.ContactGroup
	if err := s.DB.WithContext(ctx).Where("owner_id = ?", uid).Find(&gs).Error; err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, g := range gs {
		m[g.ID] = g.Name
	}
	return m, nil
}

func (s *Service) ownGroup(ctx context.Context, db *gorm.DB, uid, groupID string) error {
	if groupID == "" {
		return nil
	}
	var n int64
	if err := db.WithContext(ctx).Model(&models.ContactGroup{}).Where("id = ? AND owner_id = ?", groupID, uid).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return models.Invalid("The group does not exist")
	}
	return nil
}

// Save creates (no id) or edits a contact. The account is unique in the owner's address
// book; an empty password on edit keeps the stored one.
func (s *Service) Save(ctx context.Context, p *account.Principal, in ContactInput) (*Contact, error) {
	uid, err := owner(p)
	if err != nil {
		return nil, err
	}
	in.trim()
	if probs := in.problems(in.ID == ""); len(probs) > 0 {
		return nil, models.Invalid("%s", capitalize(strings.Join(probs, "; ")))
	}
	if err := s.ownGroup(ctx, s.DB, uid, in.GroupID); err != nil {
		return nil, err
	}
	var dup int64
	if err := s.DB.WithContext(ctx).Model(&models.Contact{}).Where("owner_id = ? AND account = ? AND id <> ?", uid, in.Account, in.ID).
		Count(&dup).Error; err != nil {
		return nil, err
	}
	if dup > 0 {
		return nil, models.Invalid("A contact with this account already exists")
	}
	hash := ""
	if in.Password != "" {
		if hash, err = account.HashPassword(in.Password); err != nil {
			return nil, err
		}
	}
	now := s.now()
	var c models.Contact
	if in.ID == "" {
		c = models.Contact{ID: uuid.NewString(), OwnerID: uid, GroupID: in.GroupID, Account: in.Account, Name: in.Name, Email: in.Email,
			Phone: in.Phone, JobTitle: in.JobTitle, PasswordHash: hash, Verified: in.Verified != nil && *in.Verified, CreatedAt: now, UpdatedAt: now}
		if err := s.DB.WithContext(ctx).Create(&c).Error; err != nil {
			if isDuplicate(err) {
				return nil, models.Invalid("A contact with this account already exists")
			}
			return nil, err
		}
	} else {
		if err := s.DB.WithContext(ctx).Where("id = ? AND owner_id = ?", in.ID, uid).Take(&c).Error; err != nil {
			return nil, notFound(err)
		}
		up := map[string]any{"group_id": in.GroupID, "account": in.Account, "name": in.Name, "email": in.Email, "phone": in.Phone,
			"job_title": in.JobTitle, "updated_at": now}
		if hash != "" {
			up["password_hash"] = hash
		}
		if in.Verified != nil {
			up["verified"] = *in.Verified
		}
		err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Model(&models.Contact{}).Where("id = ?", c.ID).Updates(up).Error; err != nil {
				return err
			}
			if hash != "" { // a new password ends the contact's logins
				return tx.Model(&models.ContactToken{}).Where("contact_id = ? AND revoked_at IS NULL", c.ID).Update("revoked_at", now).Error
			}
			return nil
		})
		if err != nil {
			if isDuplicate(err) {
				return nil, models.Invalid("A contact with this account already exists")
			}
			return nil, err
		}
		if err := s.DB.WithContext(ctx).Take(&c, "id = ?", c.ID).Error; err != nil {
			return nil, err
		}
	}
	out, err := s.view(ctx, uid, []models.Contact{c})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// Delete removes the caller's contacts among ids with their logins and their bind records
// of surveys (their answers stay). Unknown or foreign ids are refused before anything changes.
func (s *Service) Delete(ctx context.Context, p *account.Principal, ids []string) (int, error) {
	uid, err := owner(p)
	if err != nil {
		return 0, err
	}
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return 0, models.Invalid("Choose the contacts to delete")
	}
	n := 0
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ownAll(tx, &models.Contact{}, "owner_id", uid, ids); err != nil {
			return err
		}
		if err := tx.Where("contact_id IN ?", ids).Delete(&models.ContactToken{}).Error; err != nil {
			return err
		}
		if err := tx.Where("contact_id IN ?", ids).Delete(&models.SurveyBind{}).Error; err != nil {
			return err
		}
		res := tx.Where("owner_id = ? AND id IN ?", uid, ids).Delete(&models.Contact{})
		n = int(res.RowsAffected)
		return res.Error
	})
	return n, err
}

// Move puts the caller's contacts ids into group groupID ("" = no group).
func (s *Service) Move(ctx context.Context, p *account.Principal, ids []string, groupID string) (int, error) {
	uid, err := owner(p)
	if err != nil {
		return 0, err
	}
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return 0, models.Invalid("Choose the contacts to move")
	}
	if err := s.ownGroup(ctx, s.DB, uid, strings.TrimSpace(groupID)); err != nil {
		return 0, err
	}
	n := 0
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ownAll(tx, &models.Contact{}, "owner_id", uid, ids); err != nil {
			return err
		}
		res := tx.Model(&models.Contact{}).Where("owner_id = ? AND id IN ?", uid, ids).
			Updates(map[string]any{"group_id": strings.TrimSpace(groupID), "updated_at": s.now()})
		n = int(res.RowsAffected)
		return res.Error
	})
	return n, err
}

// ownAll refuses (not found) unless every id names a row of model whose col is owner: a
// call naming one foreign or unknown id changes nothing.
func ownAll(tx *gorm.DB, model any, col, owner string, ids []string) error {
	var n int64
	if err := tx.Model(model).Where(col+" = ? AND id IN ?", owner, ids).Count(&n).Error; err != nil {
		return err
	}
	if int(n) != len(ids) {
		return models.ErrNotFound
	}
	return nil
}

func cleanIDs(ids []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.ErrNotFound
	}
	return err
}

func isDuplicate(err error) bool {
	m := strings.ToLower(err.Error())
	return errors.Is(err, gorm.ErrDuplicatedKey) || strings.Contains(m, "duplicate entry") || strings.Contains(m, "unique constraint")
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func auditEntry(p *account.Principal, name, notes string) audit.Entry {
	e := audit.Entry{Name: name, Notes: notes, OperationType: audit.OpCreate, Success: true}
	if p != nil {
		e.UserID, e.UserName = p.UserID, p.LoginName
	}
	return e
}

func (s *Service) audit(ctx context.Context, e audit.Entry) {
	if s.Audit != nil {
		s.Audit.Record(ctx, e)
	}
}
