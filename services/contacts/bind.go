package contacts

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
)

// NewLinkID is the relateContactEsId of a new bind record: 12 random bytes (96 bits) as 24
// hex digits, so that nobody can guess another person's link.
func NewLinkID() string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// BindInput binds people to a survey: whole contact groups, chosen contacts, chosen system
// users and the members of departments.
type BindInput struct {
	SurveyID   string   `json:"surveyId"`
	GroupIDs   []string `json:"groupIds"`
	ContactIDs []string `json:"contactIds"`
	UserIDs    []string `json:"userIds"`
	DeptIDs    []string `json:"deptIds"`
}

// BindResult counts the new bind records and those that existed already.
type BindResult struct {
	Added   int `json:"added"`
	Already int `json:"already"`
}

// MaxBindPerCall bounds the people bound by one call.
const MaxBindPerCall = 20000

// Bind creates a bind record for every person named (contacts of the caller's address
// book, active system users); people bound already keep their record and link. A group,
// contact, user or department that does not exist (or is another user's) is refused and
// nothing is bound.
func (s *Service) Bind(ctx context.Context, p *account.Principal, in BindInput) (*BindResult, error) {
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	uid := p.UserID
	groups, contactIDs, userIDs, deptIDs := cleanIDs(in.GroupIDs), cleanIDs(in.ContactIDs), cleanIDs(in.UserIDs), cleanIDs(in.DeptIDs)
	if len(groups)+len(contactIDs)+len(userIDs)+len(deptIDs) == 0 {
		return nil, models.Invalid("Choose the groups, contacts or users to bind")
	}
	db := s.DB.WithContext(ctx)
	var n int64
	if len(groups) > 0 {
		if err := db.Model(&models.ContactGroup{}).Where("owner_id = ? AND id IN ?", uid, groups).Count(&n).Error; err != nil {
			return nil, err
		}
		if int(n) != len(groups) {
			return nil, models.ErrNotFound
		}
	}
	type person struct{ contact, user, group string }
	var people []person
	if len(contactIDs) > 0 {
		var got []string
		if err := db.Model(&models.Contact{}).Where("owner_id = ? AND id IN ?", uid, contactIDs).Pluck("id", &got).Error; err != nil {
			return nil, err
		}
		if len(got) != len(contactIDs) {
			return nil, models.ErrNotFound
		}
		for _, id := range contactIDs {
			people = append(people, person{contact: id})
		}
	}
	if len(groups) > 0 {
		var rows []models.Contact
		if err := db.Select("id, group_id").Where("owner_id = ? AND group_id IN ?", uid, groups).Order("created_at, id").Find(&rows).Error; err != nil {
			return nil, err
		}
		for _, c := range rows {
			people = append(people, person{contact: c.ID, group: c.GroupID})
		}
	}
	if len(deptIDs) > 0 {
		if err := db.Model(&models.Department{}).Where("id IN ?", deptIDs).Count(&n).Error; err != nil {
			return nil, err
		}
		if int(n) != len(deptIDs) {
			return nil, models.ErrNotFound
		}
		var members []string
		if err := db.Model(&models.UserDepartment{}).Where("dept_id IN ?", deptIDs).Distinct().Pluck("user_id", &members).Error; err != nil {
			return nil, err
		}
		userIDs = cleanIDs(append(userIDs, members...))
	}
	if len(userIDs) > 0 {
		var got []string
		if err := db.Model(&models.User{}).Where("id IN ? AND status = ?", userIDs, models.UserActive).Pluck("id", &got).Error; err != nil {
			return nil, err
		}
		if len(got) != len(userIDs) && len(deptIDs) == 0 {
			return nil, models.ErrNotFound
		}
		for _, id := range got {
			people = append(people, person{user: id})
		}
	}
	if len(people) > MaxBindPerCall {
		return nil, models.Invalid("At most %d people can be bound at a time", MaxBindPerCall)
	}
	now := s.now()
	res := &BindResult{}
	seen := map[string]bool{}
	err = db.Transaction(func(tx *gorm.DB) error {
		var rows []models.SurveyBind
		for _, pp := range people {
			k := pp.contact + "|" + pp.user
			if seen[k] {
				continue
			}
			seen[k] = true
			rows = append(rows, models.SurveyBind{ID: NewLinkID(), SurveyID: sv.ID, ContactID: pp.contact, UserID: pp.user,
				GroupID: pp.group, CreatedBy: uid, CreatedAt: now})
		}
		for i := 0; i < len(rows); i += 500 {
			chunk := rows[i:min(i+500, len(rows))]
			r := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&chunk)
			if r.Error != nil {
				return r.Error
			}
			res.Added += int(r.RowsAffected)
		}
		res.Already = len(rows) - res.Added
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.audit(ctx, auditEntry(p, "People bound to a survey", fmt.Sprintf("survey %s: %d added, %d already bound", sv.ID, res.Added, res.Already)))
	return res, nil
}

// Bind states (computed from the answers).
const (
	StateCompleted  = "completed"
	StateUnanswered = "unanswered"
)

// BindRecord is a bind record as the API shows it.
type BindRecord struct {
	ID        string `json:"id"` // the relateContactEsId
	Kind      string `json:"kind"`
	ContactID string `json:"contactId"`
	UserID    string `json:"userId"`
	Name      string `json:"name"`
	Account   string `json:"account"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	GroupName string `json:"groupName"`
	State     string `json:"state"`
	Answers   int64  `json:"answerCount"`
	Link      string `json:"link"`
	// LastSend is the state of the latest invitation or reminder ("" when none was sent).
	LastSend   string `json:"lastSend"`
	LastSendAt string `json:"lastSendAt"`
	CreateTime string `json:"createTime"`
}

// BindListInput filters the bind records: Kind contact or user ("" both), State completed
// or unanswered ("" both), Keyword in name, account, e-mail or phone.
type BindListInput struct {
	SurveyID string
	Kind     string
	State    string
	Keyword  string
	Current  int
	Size     int
}

type bindRow struct {
	models.SurveyBind
	CName, CAccount, CEmail, CPhone string
	UName, ULogin, UEmail, UPhone   string
	GroupName                       string
	Answers                         int64
}

// bindQuery is the bind records of a survey with their people and answer counts.
func (s *Service) bindQuery(ctx context.Context, surveyID string) *gorm.DB {
	counts := func(col string) *gorm.DB {
		return s.DB.Table("answers").Select(col+", COUNT(*) AS n").
			Where("survey_id = ? AND "+col+" <> '' AND save_status = 0 AND deleted_at IS NULL", surveyID).Group(col)
	}
	return s.DB.WithContext(ctx).Table("survey_binds b").
		Joins("LEFT JOIN contacts c ON c.id = b.contact_id").
		Joins("LEFT JOIN users u ON u.id = b.user_id").
		Joins("LEFT JOIN contact_groups g ON g.id = c.group_id").
		Joins("LEFT JOIN (?) ac ON b.contact_id <> '' AND ac.contact_id = b.contact_id", counts("contact_id")).
		Joins("LEFT JOIN (?) au ON b.user_id <> '' AND au.user_id = b.user_id", counts("user_id")).
		Where("b.survey_id = ?", surveyID)
}

const bindAnswers = "(COALESCE(ac.n, 0) + COALESCE(au.n, 0))"

// Binds pages a survey's bind records, oldest first, each with its state and link.
func (s *Service) Binds(ctx context.Context, p *account.Principal, in BindListInput) (int64, []BindRecord, error) {
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedAny)
	if err != nil {
		return 0, nil, err
	}
	q := s.bindQuery(ctx, sv.ID)
	switch in.Kind {
	case "contact":
		q = q.Where("b.contact_id <> ''")
	case "user":
		q = q.Where("b.user_id <> ''")
	}
	switch in.State {
	case StateCompleted:
		q = q.Where(bindAnswers + " > 0")
	case StateUnanswered:
		q = q.Where(bindAnswers + " = 0")
	}
	if k := strings.TrimSpace(in.Keyword); k != "" {
		cond, like := models.Contains("c.name", k)
		args := []any{like}
		for _, col := range []string{"c.account", "c.email", "c.phone", "u.name", "u.login_name"} {
			c, _ := models.Contains(col, k)
			cond += " OR " + c
			args = append(args, like)
		}
		q = q.Where("("+cond+")", args...)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var rows []bindRow
	if err := q.Select("b.*, c.name AS c_name, c.account AS c_account, c.email AS c_email, c.phone AS c_phone, " +
		"u.name AS u_name, u.login_name AS u_login, u.email AS u_email, u.cellphone AS u_phone, g.name AS group_name, " + bindAnswers + " AS answers").
		Order("b.created_at, b.id").Offset((in.Current - 1) * in.Size).Limit(in.Size).Scan(&rows).Error; err != nil {
		return 0, nil, err
	}
	out, err := s.bindRecords(ctx, sv, rows)
	return total, out, err
}

func (s *Service) bindRecords(ctx context.Context, sv *models.Survey, rows []bindRow) ([]BindRecord, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	last, err := s.lastSends(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]BindRecord, 0, len(rows))
	for _, r := range rows {
		b := BindRecord{ID: r.ID, ContactID: r.ContactID, UserID: r.UserID, GroupName: r.GroupName, Answers: r.Answers,
			Link: s.Link(sv.Sid, r.ID), CreateTime: models.FormatTime(r.CreatedAt), State: StateUnanswered}
		if r.ContactID != "" {
			b.Kind, b.Name, b.Account, b.Email, b.Phone = "contact", r.CName, r.CAccount, r.CEmail, r.CPhone
		} else {
			b.Kind, b.Name, b.Account, b.Email, b.Phone = "user", r.UName, r.ULogin, r.UEmail, r.UPhone
			if b.Name == "" {
				b.Name = r.ULogin
			}
		}
		if r.Answers > 0 {
			b.State = StateCompleted
		}
		if ls, ok := last[r.ID]; ok {
			b.LastSend = ls.State
			if ls.SentAt != nil {
				b.LastSendAt = models.FormatTime(*ls.SentAt)
			}
		}
		out = append(out, b)
	}
	return out, nil
}

// lastSends returns the latest send (highest round) of each bind record.
func (s *Service) lastSends(ctx context.Context, bindIDs []string) (map[string]models.InvitationSend, error) {
	out := map[string]models.InvitationSend{}
	if len(bindIDs) == 0 {
		return out, nil
	}
	var rows []models.InvitationSend
	if err := s.DB.WithContext(ctx).Where("bind_id IN ?", bindIDs).Order("updated_at").Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.BindID] = r
	}
	return out, nil
}

// Link is the unique answer address of a bind record.
func (s *Service) Link(sid, bindID string) string {
	return strings.TrimRight(s.PublicURL, "/") + "/v8/diaowen/an/" + sid + "/contacts/" + bindID
}

// Unbind removes bind records of a survey (their answers stay; their links stop working).
func (s *Service) Unbind(ctx context.Context, p *account.Principal, surveyID string, ids []string) (int, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if err != nil {
		return 0, err
	}
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return 0, models.Invalid("Choose the bind records to remove")
	}
	n := 0
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ownAll(tx, &models.SurveyBind{}, "survey_id", sv.ID, ids); err != nil {
			return err
		}
		r := tx.Where("survey_id = ? AND id IN ?", sv.ID, ids).Delete(&models.SurveyBind{})
		n = int(r.RowsAffected)
		return r.Error
	})
	return n, err
}

// BindCounts is the bind summary of a survey.
type BindCounts struct {
	Total      int64 `json:"total"`
	Completed  int64 `json:"completed"`
	Unanswered int64 `json:"unanswered"`
	Contacts   int64 `json:"contacts"`
	Users      int64 `json:"users"`
}

// Counts summarises a survey's bind records.
func (s *Service) Counts(ctx context.Context, p *account.Principal, surveyID string) (*BindCounts, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	var r struct {
		Total, Completed, Contacts, Users int64
	}
	if err := s.bindQuery(ctx, sv.ID).Select("COUNT(*) AS total, COALESCE(SUM(CASE WHEN " + bindAnswers + " > 0 THEN 1 ELSE 0 END), 0) AS completed, " +
		"COALESCE(SUM(CASE WHEN b.contact_id <> '' THEN 1 ELSE 0 END), 0) AS contacts, COALESCE(SUM(CASE WHEN b.user_id <> '' THEN 1 ELSE 0 END), 0) AS users").
		Scan(&r).Error; err != nil {
		return nil, err
	}
	return &BindCounts{Total: r.Total, Completed: r.Completed, Unanswered: r.Total - r.Completed, Contacts: r.Contacts, Users: r.Users}, nil
}

// UserOption is a system user an author may bind (c/user-bind).
type UserOption struct {
	ID          string   `json:"id"`
	LoginName   string   `json:"loginName"`
	Name        string   `json:"name"`
	Departments []string `json:"departments"`
}

// Users pages the active system users an author may bind, filtered by name or login name
// and department.
func (s *Service) Users(ctx context.Context, p *account.Principal, keyword, deptID string, current, size int) (int64, []UserOption, error) {
	if _, err := owner(p); err != nil {
		return 0, nil, err
	}
	q := s.DB.WithContext(ctx).Model(&models.User{}).Where("status = ?", models.UserActive)
	if k := strings.TrimSpace(keyword); k != "" {
		c1, like := models.Contains("name", k)
		c2, _ := models.Contains("login_name", k)
		q = q.Where("("+c1+" OR "+c2+")", like, like)
	}
	if d := strings.TrimSpace(deptID); d != "" {
		q = q.Where("id IN (?)", s.DB.Model(&models.UserDepartment{}).Select("user_id").Where("dept_id = ?", d))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return 0, nil, err
	}
	var us []models.User
	if err := q.Order("login_name").Offset((current - 1) * size).Limit(size).Find(&us).Error; err != nil {
		return 0, nil, err
	}
	out := make([]UserOption, 0, len(us))
	for _, u := range us {
		var depts []string
		s.DB.WithContext(ctx).Model(&models.Department{}).Joins("JOIN user_departments ud ON ud.dept_id = departments.id").
			Where("ud.user_id = ?", u.ID).Order("departments.name").Pluck("departments.name", &depts)
		if depts == nil {
			depts = []string{}
		}
		out = append(out, UserOption{ID: u.ID, LoginName: u.LoginName, Name: u.Name, Departments: depts})
	}
	return total, out, nil
}

// fmtTime formats an optional time for lists ("" when none).
func fmtTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return models.FormatTime(*t)
}
