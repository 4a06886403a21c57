package review

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
)

// Assignee is one account, department or role assigned to a step (Name is filled on read).
type Assignee struct {
	Kind string `json:"kind"` // user | dept | role
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

func (a Assignee) key() string {
	switch a.Kind {
	case "dept":
		return keyDept + a.ID
	case "role":
		return keyRole + a.ID
	}
	return keyUser + a.ID
}

// Settings is a survey's review chain and graders (settings.do, settings-save.do).
type Settings struct {
	SurveyID string `json:"surveyId"`
	// Enabled: answers submitted from now on enter the chain.
	Enabled bool `json:"enabled"`
	// Levels: reviewer levels 1-3.
	Levels    int  `json:"levels"`
	AdminStep bool `json:"adminStep"`
	// Reviewers has one list per level (levels 1..Levels).
	Reviewers [][]Assignee `json:"reviewers"`
	// Admins decide the administrator step besides the owner.
	Admins []Assignee `json:"admins"`
	// Graders grade hand-scored questions besides the owner and data collaborators.
	Graders []Assignee `json:"graders"`
	// RemindMinutes: a waiting step is reminded every so often (0: never).
	RemindMinutes int `json:"remindMinutes"`
	// EscalateMinutes: a level undecided this long goes to the administrator step (0: never).
	EscalateMinutes int    `json:"escalateMinutes"`
	Revision        int    `json:"revision"`
	UpdatedAt       string `json:"updatedAt,omitempty"`
	// VerifyAttr is the reference client's view of the same settings (read only).
	VerifyAttr *VerifyAttr `json:"verifyAttr,omitempty"`
}

// VerifyAttr is surveyAttrs.verifyAttr of the reference: dataVerify, verifyLevel, verifyAdmin.
type VerifyAttr struct {
	DataVerify  bool `json:"dataVerify"`
	VerifyLevel int  `json:"verifyLevel"`
	VerifyAdmin bool `json:"verifyAdmin"`
}

// Limits of the settings.
const (
	MaxLevels         = 3
	maxAssignees      = 50
	maxIntervalMinute = 365 * 24 * 60
)

func decodeAssignees(raw string) []Assignee {
	out := []Assignee{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	return out
}

func decodeLevels(raw string) [][]Assignee {
	out := [][]Assignee{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &out)
	}
	return out
}

func settingsOf(row *models.ReviewSetting, surveyID string) *Settings {
	if row == nil {
		return &Settings{SurveyID: surveyID, Levels: 1, Reviewers: [][]Assignee{{}}, Admins: []Assignee{}, Graders: []Assignee{},
			VerifyAttr: &VerifyAttr{VerifyLevel: 1}}
	}
	st := &Settings{SurveyID: row.SurveyID, Enabled: row.Enabled, Levels: row.Levels, AdminStep: row.AdminStep,
		Reviewers: decodeLevels(row.Reviewers), Admins: decodeAssignees(row.Admins), Graders: decodeAssignees(row.Graders),
		RemindMinutes: row.RemindMinutes, EscalateMinutes: row.EscalateMinutes, Revision: row.Revision}
	if !row.UpdatedAt.IsZero() {
		st.UpdatedAt = models.FormatTime(row.UpdatedAt)
	}
	for len(st.Reviewers) < st.Levels {
		st.Reviewers = append(st.Reviewers, []Assignee{})
	}
	st.VerifyAttr = &VerifyAttr{DataVerify: st.Enabled, VerifyLevel: st.Levels, VerifyAdmin: st.AdminStep}
	return st
}

// setting reads the stored row of a survey (nil when never saved).
func (s *Service) setting(ctx context.Context, db *gorm.DB, surveyID string) (*models.ReviewSetting, error) {
	var row models.ReviewSetting
	err := db.WithContext(ctx).Where("survey_id = ?", surveyID).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &row, nil
}

// Settings returns the review settings of a survey (owner or design collaborator).
func (s *Service) Settings(ctx context.Context, p *account.Principal, surveyID string) (*Settings, error) {
	sv, err := s.designAccess(ctx, p, surveyID)
	if err != nil {
		return nil, err
	}
	row, err := s.setting(ctx, s.DB, sv.ID)
	if err != nil {
		return nil, err
	}
	st := settingsOf(row, sv.ID)
	if err := s.nameAssignees(ctx, st); err != nil {
		return nil, err
	}
	return st, nil
}

func (s *Service) designAccess(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, error) {
	if s.Surveys == nil || p == nil {
		return nil, models.ErrNotFound
	}
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedDesign)
	if errors.Is(err, models.ErrForbidden) {
		return nil, models.ErrNotFound
	}
	return sv, err
}

// SaveSettings validates and stores the review settings; answers submitted afterwards use
// them (answers already in a chain keep the chain they started with). A refused input
// changes nothing.
func (s *Service) SaveSettings(ctx context.Context, p *account.Principal, in Settings, e audit.Entry) (*Settings, error) {
	sv, err := s.designAccess(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	if in.Levels < 1 || in.Levels > MaxLevels {
		return nil, models.Invalid("The number of review levels must be 1, 2 or 3")
	}
	if len(in.Reviewers) > in.Levels {
		in.Reviewers = in.Reviewers[:in.Levels]
	}
	for len(in.Reviewers) < in.Levels {
		in.Reviewers = append(in.Reviewers, nil)
	}
	for i := range in.Reviewers {
		if in.Reviewers[i], err = s.cleanAssignees(ctx, in.Reviewers[i], levelName(i+1)); err != nil {
			return nil, err
		}
		if in.Enabled && len(in.Reviewers[i]) == 0 {
			return nil, models.Invalid("Level %d needs at least one reviewer", i+1)
		}
	}
	if in.Admins, err = s.cleanAssignees(ctx, in.Admins, "Administrator step"); err != nil {
		return nil, err
	}
	if in.Graders, err = s.cleanAssignees(ctx, in.Graders, "Graders"); err != nil {
		return nil, err
	}
	if in.RemindMinutes < 0 || in.RemindMinutes > maxIntervalMinute {
		return nil, models.Invalid("The reminder interval must be between 0 (no reminders) and %d minutes", maxIntervalMinute)
	}
	if in.EscalateMinutes < 0 || in.EscalateMinutes > maxIntervalMinute {
		return nil, models.Invalid("The escalation deadline must be between 0 (no escalation) and %d minutes", maxIntervalMinute)
	}
	rev, _ := json.Marshal(in.Reviewers)
	adm, _ := json.Marshal(in.Admins)
	grd, _ := json.Marshal(in.Graders)
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Where("survey_id = ?", sv.ID)
		if s.mysql() {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		var cur models.ReviewSetting
		revision := 1
		if err := q.Take(&cur).Error; err == nil {
			revision = cur.Revision + 1
		} else if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		row := models.ReviewSetting{SurveyID: sv.ID, Enabled: in.Enabled, Levels: in.Levels, AdminStep: in.AdminStep,
			Reviewers: string(rev), Admins: string(adm), Graders: string(grd), RemindMinutes: in.RemindMinutes,
			EscalateMinutes: in.EscalateMinutes, Revision: revision, UpdatedBy: p.UserID, UpdatedAt: now}
		return tx.Save(&row).Error
	})
	if err != nil {
		return nil, err
	}
	s.settings.forget(sv.ID)
	state := "off"
	if in.Enabled {
		state = "on"
	}
	s.record(ctx, e, "Review settings", "survey "+sv.ID+": verification "+state+", "+levelName(in.Levels)+" level(s)")
	return s.Settings(ctx, p, sv.ID)
}

func levelName(n int) string { return "Level " + string(rune('0'+n)) }

// cleanAssignees checks kinds and that every account, department or role exists; it drops
// duplicates and keeps the order.
func (s *Service) cleanAssignees(ctx context.Context, list []Assignee, what string) ([]Assignee, error) {
	out := []Assignee{}
	seen := map[string]bool{}
	for _, a := range list {
		a.Kind, a.ID, a.Name = strings.TrimSpace(a.Kind), strings.TrimSpace(a.ID), ""
		if a.Kind != "user" && a.Kind != "dept" && a.Kind != "role" {
			return nil, models.Invalid("%s: unknown assignee kind %q (use user, dept or role)", what, a.Kind)
		}
		if a.ID == "" {
			return nil, models.Invalid("%s: an assignee has no id", what)
		}
		if seen[a.key()] {
			continue
		}
		seen[a.key()] = true
		var n int64
		var err error
		switch a.Kind {
		case "user":
			err = s.DB.WithContext(ctx).Model(&models.User{}).Where("id = ?", a.ID).Count(&n).Error
		case "dept":
			err = s.DB.WithContext(ctx).Model(&models.Department{}).Where("id = ?", a.ID).Count(&n).Error
		case "role":
			err = s.DB.WithContext(ctx).Model(&models.Role{}).Where("id = ?", a.ID).Count(&n).Error
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, models.Invalid("%s: the %s %q does not exist", what, a.Kind, a.ID)
		}
		out = append(out, a)
	}
	if len(out) > maxAssignees {
		return nil, models.Invalid("%s: at most %d assignees", what, maxAssignees)
	}
	return out, nil
}

// nameAssignees fills the display names of every assignee of st.
func (s *Service) nameAssignees(ctx context.Context, st *Settings) error {
	lists := append([][]Assignee{st.Admins, st.Graders}, st.Reviewers...)
	var users, depts, roles []string
	for _, l := range lists {
		for _, a := range l {
			switch a.Kind {
			case "user":
				users = append(users, a.ID)
			case "dept":
				depts = append(depts, a.ID)
			case "role":
				roles = append(roles, a.ID)
			}
		}
	}
	names, err := s.names(ctx, users, depts, roles)
	if err != nil {
		return err
	}
	for _, l := range lists {
		for i := range l {
			l[i].Name = names[l[i].key()]
		}
	}
	return nil
}

// names maps assignee keys to display names (users: name, else login name).
func (s *Service) names(ctx context.Context, users, depts, roles []string) (map[string]string, error) {
	out := map[string]string{}
	db := s.DB.WithContext(ctx)
	if len(users) > 0 {
		var us []models.User
		if err := db.Select("id", "login_name", "name").Where("id IN ?", users).Find(&us).Error; err != nil {
			return nil, err
		}
		for _, u := range us {
			out[keyUser+u.ID] = displayName(u.Name, u.LoginName)
		}
	}
	if len(depts) > 0 {
		var ds []models.Department
		if err := db.Select("id", "name").Where("id IN ?", depts).Find(&ds).Error; err != nil {
			return nil, err
		}
		for _, d := range ds {
			out[keyDept+d.ID] = d.Name
		}
	}
	if len(roles) > 0 {
		var rs []models.Role
		if err := db.Select("id", "name").Where("id IN ?", roles).Find(&rs).Error; err != nil {
			return nil, err
		}
		for _, r := range rs {
			out[keyRole+r.ID] = r.Name
		}
	}
	return out, nil
}

func displayName(name, login string) string {
	if strings.TrimSpace(name) != "" {
		return name
	}
	return login
}

// Directory is what an author may assign: matching active accounts, departments and roles
// (at most 20 of each; accounts show only id, login name and name).
type Directory struct {
	Users []DirUser   `json:"users"`
	Depts []DirEntity `json:"depts"`
	Roles []DirEntity `json:"roles"`
}

// DirUser is an account in the directory.
type DirUser struct {
	ID        string `json:"id"`
	LoginName string `json:"loginName"`
	Name      string `json:"name"`
}

// DirEntity is a department or role in the directory.
type DirEntity struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// SearchDirectory finds accounts (login name or name), departments and roles by q.
func (s *Service) SearchDirectory(ctx context.Context, p *account.Principal, q string) (*Directory, error) {
	if p == nil {
		return nil, models.ErrNotFound
	}
	q = strings.TrimSpace(q)
	if len([]rune(q)) > 64 {
		return nil, models.Invalid("The search text is limited to 64 characters")
	}
	db := s.DB.WithContext(ctx)
	out := &Directory{Users: []DirUser{}, Depts: []DirEntity{}, Roles: []DirEntity{}}
	uq := db.Model(&models.User{}).Select("id", "login_name", "name").Where("status <> 0")
	if q != "" {
		c1, like := models.Contains("login_name", q)
		c2, _ := models.Contains("name", q)
		uq = uq.Where("("+c1+" OR "+c2+")", like, like)
	}
	var us []models.User
	if err := uq.Order("login_name").Limit(20).Find(&us).Error; err != nil {
		return nil, err
	}
	for _, u := range us {
		out.Users = append(out.Users, DirUser{ID: u.ID, LoginName: u.LoginName, Name: u.Name})
	}
	dq := db.Model(&models.Department{}).Select("id", "name")
	rq := db.Model(&models.Role{}).Select("id", "name")
	if q != "" {
		c1, like := models.Contains("name", q)
		c2, _ := models.Contains("code", q)
		dq = dq.Where(c1, like)
		rq = rq.Where("("+c1+" OR "+c2+")", like, like)
	}
	var ds []models.Department
	if err := dq.Order("name").Limit(20).Find(&ds).Error; err != nil {
		return nil, err
	}
	for _, d := range ds {
		out.Depts = append(out.Depts, DirEntity{ID: d.ID, Name: d.Name})
	}
	var rs []models.Role
	if err := rq.Order("name").Limit(20).Find(&rs).Error; err != nil {
		return nil, err
	}
	for _, r := range rs {
		out.Roles = append(out.Roles, DirEntity{ID: r.ID, Name: r.Name})
	}
	return out, nil
}

// settingsCache keeps the review settings the submit path reads (settingsTTL; a save in
// this process forgets its entry at once, other processes see it within settingsTTL).
type settingsCache struct {
	mu sync.Mutex
	m  map[string]cachedSetting
}

type cachedSetting struct {
	row *models.ReviewSetting // nil: never saved
	exp time.Time
}

const (
	settingsTTL        = 2 * time.Second
	maxCachedSettings  = 10000
	settingsCacheSweep = maxCachedSettings
)

func (c *settingsCache) get(id string, now time.Time) (*models.ReviewSetting, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || now.After(e.exp) {
		return nil, false
	}
	return e.row, true
}

func (c *settingsCache) put(id string, row *models.ReviewSetting, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= settingsCacheSweep {
		c.m = map[string]cachedSetting{}
	}
	c.m[id] = cachedSetting{row: row, exp: now.Add(settingsTTL)}
}

func (c *settingsCache) forget(id string) {
	c.mu.Lock()
	delete(c.m, id)
	c.mu.Unlock()
}

// cachedSetting returns the setting of a survey through the cache.
func (s *Service) cachedSetting(ctx context.Context, surveyID string) (*models.ReviewSetting, error) {
	now := time.Now()
	if row, ok := s.settings.get(surveyID, now); ok {
		return row, nil
	}
	row, err := s.setting(ctx, s.DB, surveyID)
	if err != nil {
		return nil, err
	}
	s.settings.put(surveyID, row, now)
	return row, nil
}

// keysOf are the assignee keys of a list, sorted (workflow inputs compare them).
func keysOf(list []Assignee) []string {
	out := make([]string, 0, len(list))
	for _, a := range list {
		out = append(out, a.key())
	}
	sort.Strings(out)
	return out
}
