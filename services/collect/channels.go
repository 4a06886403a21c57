package collect

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"rsc.io/qr"

	"dwsurvey/models"
	"dwsurvey/services/account"
	answersvc "dwsurvey/services/answer"
	surveysvc "dwsurvey/services/survey"
)

// ---- answer passwords (c/pwd) ----

// GenerateInput is the body of answer-pwd/generate.do.
type GenerateInput struct {
	SurveyID     string `json:"surveyId" form:"surveyId"`
	Count        int    `json:"count" form:"count"`
	Length       int    `json:"length" form:"length"`
	Tag          string `json:"tag" form:"tag"`
	AllowedCount int    `json:"allowedCount" form:"allowedCount"`
}

// PasswordRow is a row of answer-pwd/list.do.
type PasswordRow struct {
	ID           string `json:"id"`
	Code         string `json:"code"`
	Tag          string `json:"tag"`
	AllowedCount int    `json:"allowedCount"`
	UsedCount    int64  `json:"usedCount"`
	Enabled      bool   `json:"enabled"`
	CreatedAt    string `json:"createdAt"`
}

const pwdAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ" // no 0/O, 1/I

func randomCode(n int) (string, error) {
	b := make([]byte, n)
	max := big.NewInt(int64(len(pwdAlphabet)))
	for i := range b {
		v, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = pwdAlphabet[v.Int64()]
	}
	return string(b), nil
}

// Generate creates count random passwords (inserted in batches of 500).
func (s *Service) Generate(ctx context.Context, p *account.Principal, in GenerateInput) (int, error) {
	sv, err := s.check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return 0, err
	}
	switch {
	case in.Count < 1 || in.Count > 10000:
		return 0, models.Invalid("The number of passwords must be between 1 and 10000")
	case in.Length < 4 || in.Length > 16:
		return 0, models.Invalid("The password length must be between 4 and 16")
	case in.AllowedCount < 1:
		return 0, models.Invalid("Each password must admit at least 1 answer")
	case utf8.RuneCountInString(strings.TrimSpace(in.Tag)) > 64:
		return 0, models.Invalid("The tag is at most 64 characters")
	}
	var existing []string
	if err := s.DB.WithContext(ctx).Model(&models.AnswerPassword{}).Where("survey_id = ?", sv.ID).Pluck("code", &existing).Error; err != nil {
		return 0, err
	}
	seen := make(map[string]bool, len(existing)+in.Count)
	for _, c := range existing {
		seen[c] = true
	}
	now := s.now()
	rows := make([]models.AnswerPassword, 0, in.Count)
	for tries := 0; len(rows) < in.Count; tries++ {
		if tries > in.Count*20 {
			return 0, models.Invalid("Not enough distinct passwords of length %d: choose a longer length", in.Length)
		}
		c, err := randomCode(in.Length)
		if err != nil {
			return 0, err
		}
		if seen[c] {
			continue
		}
		seen[c] = true
		rows = append(rows, models.AnswerPassword{ID: uuid.NewString(), SurveyID: sv.ID, Code: c, Tag: strings.TrimSpace(in.Tag),
			AllowedCount: in.AllowedCount, Enabled: true, CreatedAt: now})
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.CreateInBatches(&rows, 500).Error; err != nil {
			return err
		}
		return s.upsert(ctx, tx, sv.ID, map[string]any{"has_passwords": true})
	})
	return len(rows), err
}

// PasswordFilter filters answer-pwd/list.do (Used: "used", "unused" or "").
type PasswordFilter struct {
	Tag  string
	Used string
}

func (s *Service) passwords(ctx context.Context, surveyID string, f PasswordFilter) ([]PasswordRow, error) {
	q := s.DB.WithContext(ctx).Where("survey_id = ?", surveyID)
	if t := strings.TrimSpace(f.Tag); t != "" {
		q = q.Where("tag = ?", t)
	}
	var list []models.AnswerPassword
	if err := q.Order("created_at, code").Find(&list).Error; err != nil {
		return nil, err
	}
	used, err := s.Answers.CounterSums(ctx, surveyID, "pwd:")
	if err != nil {
		return nil, err
	}
	out := make([]PasswordRow, 0, len(list))
	for _, p := range list {
		n := used[answersvc.PasswordCounterKey(p.Code)]
		if f.Used == "used" && n == 0 || f.Used == "unused" && n > 0 {
			continue
		}
		out = append(out, PasswordRow{ID: p.ID, Code: p.Code, Tag: p.Tag, AllowedCount: p.AllowedCount, UsedCount: n,
			Enabled: p.Enabled, CreatedAt: models.FormatTime(p.CreatedAt)})
	}
	return out, nil
}

// Passwords is answer-pwd/list.do: a page of the survey's passwords with used counts.
func (s *Service) Passwords(ctx context.Context, p *account.Principal, id string, f PasswordFilter, page, size int) ([]PasswordRow, int64, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return nil, 0, err
	}
	all, err := s.passwords(ctx, sv.ID, f)
	if err != nil {
		return nil, 0, err
	}
	from := min((page-1)*size, len(all))
	return all[from:min(from+size, len(all))], int64(len(all)), nil
}

// SetPasswordsEnabled enables or disables passwords (by ids) of a survey.
func (s *Service) SetPasswordsEnabled(ctx context.Context, p *account.Principal, id string, ids []string, enabled bool) (int64, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return 0, err
	}
	if ids = surveysvc.IDList("", ids); len(ids) == 0 {
		return 0, models.Invalid("Please choose the passwords")
	}
	var n int64
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := passwordsOfSurvey(tx, sv.ID, ids); err != nil {
			return err
		}
		res := tx.Model(&models.AnswerPassword{}).Where("survey_id = ? AND id IN ?", sv.ID, ids).Update("enabled", enabled)
		n = res.RowsAffected
		return res.Error
	})
	return n, err
}

// passwordsOfSurvey refuses a batch (not found) unless every id is a password of the survey,
// so a batch call changes all of its passwords or none.
func passwordsOfSurvey(tx *gorm.DB, surveyID string, ids []string) error {
	var n int64
	if err := tx.Model(&models.AnswerPassword{}).Where("survey_id = ? AND id IN ?", surveyID, ids).Count(&n).Error; err != nil {
		return err
	}
	if int(n) != len(ids) {
		return models.ErrNotFound
	}
	return nil
}

// DeletePasswords deletes passwords (by ids) of a survey.
func (s *Service) DeletePasswords(ctx context.Context, p *account.Principal, id string, ids []string) (int64, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return 0, err
	}
	if ids = surveysvc.IDList("", ids); len(ids) == 0 {
		return 0, models.Invalid("Please choose the passwords")
	}
	var n int64
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := passwordsOfSurvey(tx, sv.ID, ids); err != nil {
			return err
		}
		res := tx.Where("survey_id = ? AND id IN ?", sv.ID, ids).Delete(&models.AnswerPassword{})
		if res.Error != nil {
			return res.Error
		}
		n = res.RowsAffected
		var left int64
		if err := tx.Model(&models.AnswerPassword{}).Where("survey_id = ?", sv.ID).Count(&left).Error; err != nil {
			return err
		}
		return s.upsert(ctx, tx, sv.ID, map[string]any{"has_passwords": left > 0})
	})
	return n, err
}

// csvCell neutralises spreadsheet formulas (=, +, -, @ and control starts get a ').
func csvCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// ExportPasswords is answer-pwd/export.do: CSV (UTF-8 with BOM) of the filtered passwords.
func (s *Service) ExportPasswords(ctx context.Context, p *account.Principal, id string, f PasswordFilter) ([]byte, string, error) {
	sv, err := s.check(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return nil, "", err
	}
	rows, err := s.passwords(ctx, sv.ID, f)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"password", "tag", "allowedCount", "usedCount", "enabled", "createdAt"})
	for _, r := range rows {
		_ = w.Write([]string{csvCell(r.Code), csvCell(r.Tag), strconv.Itoa(r.AllowedCount), strconv.FormatInt(r.UsedCount, 10),
			strconv.FormatBool(r.Enabled), r.CreatedAt})
	}
	w.Flush()
	return buf.Bytes(), "answer-passwords-" + sv.Sid + ".csv", w.Error()
}

// ---- IP range rules (c/ip) ----

// IPRules is the data of ip-rule/get.do and the body of save.do.
type IPRules struct {
	SurveyID string `json:"surveyId" form:"surveyId"`
	Mode     string `json:"mode" form:"mode"` // allow | deny
	Rules    string `json:"rules" form:"rules"`
}

// GetIPRules returns the IP range rules of a survey.
func (s *Service) GetIPRules(ctx context.Context, p *account.Principal, id string) (*IPRules, error) {
	sv, cs, err := s.readableSetting(ctx, p, id)
	if err != nil {
		return nil, err
	}
	mode := cs.IPMode
	if mode == "" {
		mode = "allow"
	}
	return &IPRules{SurveyID: sv.ID, Mode: mode, Rules: cs.IPRules}, nil
}

// SaveIPRules validates every line (nothing is saved when one is bad) and stores the
// rules where the answer gate reads them (effective for the next request, no re-publish).
func (s *Service) SaveIPRules(ctx context.Context, p *account.Principal, in IPRules) (*IPRules, error) {
	sv, err := s.check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	mode := trim(in.Mode)
	if mode == "" {
		mode = "allow"
	}
	if mode != "allow" && mode != "deny" {
		return nil, models.Invalid("Unknown mode %q: use allow or deny", mode)
	}
	var lines []string
	for i, l := range strings.Split(strings.ReplaceAll(in.Rules, "\r\n", "\n"), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if !answersvc.ValidIPRule(l) {
			return nil, models.Invalid("Please enter a valid IP segment: line %d", i+1)
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		return nil, models.Invalid("Please enter the IP segment information")
	}
	if len(lines) > 2000 {
		return nil, models.Invalid("At most 2000 IP segments")
	}
	text := strings.Join(lines, "\n")
	if err := s.upsert(ctx, s.DB, sv.ID, map[string]any{"ip_mode": mode, "ip_rules": text}); err != nil {
		return nil, err
	}
	return &IPRules{SurveyID: sv.ID, Mode: mode, Rules: text}, nil
}

// ClearIPRules removes the rules (everybody may answer again).
func (s *Service) ClearIPRules(ctx context.Context, p *account.Principal, id string) error {
	sv, err := s.check(ctx, p, id, surveysvc.NeedDesign)
	if err != nil {
		return err
	}
	return s.upsert(ctx, s.DB, sv.ID, map[string]any{"ip_rules": ""})
}

// ---- share settings (survey/c/share) ----

// Share is the data of share/get.do and the body of share/save.do.
type Share struct {
	SurveyID    string `json:"surveyId" form:"surveyId"`
	Title       string `json:"title" form:"title"`
	ImageURL    string `json:"imageUrl" form:"imageUrl"`
	Description string `json:"description" form:"description"`
}

// GetShare returns the share settings.
func (s *Service) GetShare(ctx context.Context, p *account.Principal, id string) (*Share, error) {
	sv, cs, err := s.readableSetting(ctx, p, id)
	if err != nil {
		return nil, err
	}
	return &Share{SurveyID: sv.ID, Title: cs.ShareTitle, ImageURL: cs.ShareImage, Description: cs.ShareDesc}, nil
}

// SaveShare validates and stores the share settings.
func (s *Service) SaveShare(ctx context.Context, p *account.Principal, in Share) (*Share, error) {
	sv, err := s.check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	in.Title, in.ImageURL, in.Description = trim(in.Title), trim(in.ImageURL), trim(in.Description)
	switch {
	case utf8.RuneCountInString(in.Title) > 100:
		return nil, models.Invalid("The share title is at most 100 characters")
	case utf8.RuneCountInString(in.Description) > 200:
		return nil, models.Invalid("The share description is at most 200 characters")
	case len(in.ImageURL) > 1000:
		return nil, models.Invalid("The image address is too long")
	case in.ImageURL != "" && !strings.HasPrefix(in.ImageURL, "http://") && !strings.HasPrefix(in.ImageURL, "https://") && !strings.HasPrefix(in.ImageURL, "/"):
		return nil, models.Invalid("The image address must start with http://, https:// or /")
	}
	if err := s.upsert(ctx, s.DB, sv.ID, map[string]any{"share_title": in.Title, "share_image": in.ImageURL, "share_desc": in.Description}); err != nil {
		return nil, err
	}
	in.SurveyID = sv.ID
	return &in, nil
}

// ShareCard is the WeChat share card of an answer page (updateAppMessageShareData /
// updateTimelineShareData): the survey's share settings, its title when no share title is
// set, absolute addresses.
type ShareCard struct {
	Title  string `json:"title"`
	Desc   string `json:"desc"`
	ImgURL string `json:"imgUrl"`
	Link   string `json:"link"`
}

// PublicShare is the share card of a published survey (anonymous: what its answer page shows
// anyway); base is the site's address for relative image paths and the link.
func (s *Service) PublicShare(ctx context.Context, sid, base string) (*ShareCard, error) {
	sid = trim(sid)
	if sid == "" {
		return nil, models.Invalid("No survey id")
	}
	sv, err := s.Answers.LookupSurvey(ctx, sid) // unknown ids count as probes
	if err != nil {
		return nil, err
	}
	if sv.DeletedAt != nil || sv.PublishedVersion == 0 {
		return nil, models.ErrNotFound
	}
	cs, err := s.setting(ctx, s.DB, sv.ID)
	if err != nil {
		return nil, err
	}
	link := s.AnswerURL(base, sv.Sid)
	card := &ShareCard{Title: cs.ShareTitle, Desc: cs.ShareDesc, ImgURL: cs.ShareImage, Link: link}
	if card.Title == "" {
		card.Title = sv.Title
	}
	if strings.HasPrefix(card.ImgURL, "/") && !strings.HasPrefix(card.ImgURL, "//") {
		root := strings.TrimSuffix(link, "/v8/diaowen/an/"+sv.Sid)
		card.ImgURL = root + card.ImgURL
	}
	return card, nil
}

// ---- QR code ----

// AnswerURL is the respondent link of a survey on base (server.public_url or the request's).
func (s *Service) AnswerURL(base, sid string) string {
	if b := strings.TrimRight(trim(s.PublicURL), "/"); b != "" {
		base = b
	}
	return strings.TrimRight(base, "/") + "/v8/diaowen/an/" + sid
}

// QRCode is anon/survey/qrcode.do: a PNG of the answer URL of a published survey.
func (s *Service) QRCode(ctx context.Context, sid, base string) ([]byte, error) {
	sid = trim(sid)
	if sid == "" {
		return nil, models.Invalid("No survey id")
	}
	// through the answer service: an unknown sid counts as a probe of the caller's address
	sv, err := s.Answers.LookupSurvey(ctx, sid)
	if err != nil {
		return nil, err
	}
	if sv.DeletedAt != nil {
		return nil, models.ErrNotFound
	}
	code, err := qr.Encode(s.AnswerURL(base, sv.Sid), qr.M)
	if err != nil {
		return nil, err
	}
	code.Scale = 8
	return code.PNG(), nil
}
