// Package survey holds the authoring rules: My surveys (list, create, copy, recycle bin,
// states, groups), the designer document (load, save, publish, versions, export),
// templates, question banks, imports and collaboration. Every call on one survey goes
// through Service.access, which applies the owner-or-collaborator rule.
package survey

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// Service implements the authoring calls.
type Service struct {
	DB *gorm.DB
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Collection starts / signals the collection workflow after publish and state changes (nil: none).
	Collection CollectionHook
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Need is the right a call needs on a survey.
type Need int

const (
	// NeedAny: owner or any collaborator (read calls such as info.do).
	NeedAny Need = iota
	// NeedDesign: owner or a collaborator with design rights.
	NeedDesign
	// NeedData: owner or a collaborator with data rights.
	NeedData
	// NeedOwner: only the owner (delete, recycle bin, collaborators, templates from it).
	NeedOwner
)

// Access is the result of the access check.
type Access struct {
	Survey *models.Survey
	// Rights is "owner" for the owner, else the collaborator's rights (design, data, both).
	Rights string
}

// IsOwner reports owner access.
func (a *Access) IsOwner() bool { return a.Rights == "owner" }

// access is THE survey access rule: the survey (by id or sid, not in the recycle bin) is
// visible to its owner and to its collaborators. Anybody else, the super administrator
// included, gets models.ErrNotFound. A collaborator who lacks the right the call needs
// gets models.ErrForbidden (it already knows the survey exists).
func (s *Service) access(ctx context.Context, db *gorm.DB, p *account.Principal, idOrSid string, need Need) (*Access, error) {
	return s.accessIn(ctx, db, p, idOrSid, need, false)
}

func (s *Service) accessIn(ctx context.Context, db *gorm.DB, p *account.Principal, idOrSid string, need Need, deleted bool) (*Access, error) {
	idOrSid = strings.TrimSpace(idOrSid)
	if p == nil || idOrSid == "" {
		return nil, models.ErrNotFound
	}
	if db == nil {
		db = s.DB
	}
	var sv models.Survey
	q := db.WithContext(ctx).Where("id = ? OR sid = ?", idOrSid, idOrSid)
	if deleted {
		q = q.Where("deleted_at IS NOT NULL")
	} else {
		q = q.Where("deleted_at IS NULL")
	}
	if err := q.Take(&sv).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, models.ErrNotFound
		}
		return nil, err
	}
	if sv.OwnerID == p.UserID {
		return &Access{Survey: &sv, Rights: "owner"}, nil
	}
	var c models.SurveyCollaborator
	err := db.WithContext(ctx).Where("survey_id = ? AND user_id = ?", sv.ID, p.UserID).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	okRight := false
	switch need {
	case NeedAny:
		okRight = true
	case NeedDesign:
		okRight = c.Rights == models.RightDesign || c.Rights == models.RightBoth
	case NeedData:
		okRight = c.Rights == models.RightData || c.Rights == models.RightBoth
	case NeedOwner:
		okRight = false
	}
	if !okRight {
		return nil, models.ErrForbidden
	}
	return &Access{Survey: &sv, Rights: c.Rights}, nil
}

// Check exposes the access rule to other services (answers, statistics): it returns the
// survey when p may use it with need.
func (s *Service) Check(ctx context.Context, p *account.Principal, idOrSid string, need Need) (*models.Survey, error) {
	a, err := s.access(ctx, nil, p, idOrSid, need)
	if err != nil {
		return nil, err
	}
	return a.Survey, nil
}

const sidAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// SidLength is the length of new sids: 14 characters of sidAlphabet chosen uniformly carry
// 14·log2(36) ≈ 72 random bits, so sids cannot be guessed (older 7-character sids stay valid:
// lookups never look at the length).
const SidLength = 14

// newSid returns a SidLength-character lowercase alphanumeric short code from crypto/rand
// (bytes of 252 and above are dropped, so every character is equally likely).
func newSid() string {
	out := make([]byte, 0, SidLength)
	var buf [32]byte
	for len(out) < SidLength {
		_, _ = rand.Read(buf[:])
		for _, v := range buf {
			if int(v) < 252 && len(out) < SidLength { // 252 = 7·36
				out = append(out, sidAlphabet[int(v)%len(sidAlphabet)])
			}
		}
	}
	return string(out)
}

func (s *Service) uniqueSid(ctx context.Context, db *gorm.DB) (string, error) {
	for i := 0; i < 20; i++ {
		sid := newSid()
		var n int64
		if err := db.WithContext(ctx).Model(&models.Survey{}).Where("sid = ?", sid).Count(&n).Error; err != nil {
			return "", err
		}
		if n == 0 {
			return sid, nil
		}
	}
	return "", errors.New("could not find a free sid")
}

func newID() string { return uuid.NewString() }

func validType(t string) bool {
	for _, v := range models.SurveyTypes {
		if v == t {
			return true
		}
	}
	return false
}

func checkTitle(title string) (string, error) {
	title = strings.TrimSpace(title)
	if title == "" {
		return "", models.Invalid("Please enter the survey title")
	}
	if utf8.RuneCountInString(title) > 200 {
		return "", models.Invalid("The survey title must be at most 200 characters")
	}
	return title, nil
}

// newDraft builds the document of a new, empty survey.
func newDraft(sv *models.Survey) *lang.Survey {
	d := &lang.Survey{ID: lang.Str(sv.ID), Sid: lang.Str(sv.Sid), DwID: lang.Str(newID()), SurveyType: lang.Str(sv.SurveyType),
		SurveyName: lang.Str(sv.Title), SurveyNameObj: &lang.Text{DwHTML: escapeText(sv.Title), DwText: sv.Title},
		SurveyDetail: &lang.SurveyDetail{DwID: lang.Str(newID())},
		Questions:    []*lang.Question{}}
	d.ApplyDefaults()
	withReferenceBlocks(d)
	return d
}

// withReferenceBlocks gives a new draft every settings block the reference (DWSurvey v6)
// designer and answer page read without checking (surveyAttrs.anBroAttr.enabled,
// surveyStyle.logoImg.enabled, …), all switched off, so that its client opens surveys
// created here. The values are the reference client's own defaults.
func withReferenceBlocks(d *lang.Survey) {
	a := d.SurveyAttrs
	raw := func(dst *json.RawMessage, v string) {
		if len(*dst) == 0 {
			*dst = json.RawMessage(v)
		}
	}
	raw(&a.AnBroAttr, `{"enabled":false,"anNum":1}`)
	raw(&a.AnIPAttr, `{"enabled":false,"anNum":1}`)
	raw(&a.AnEndNumAttr, `{"enabled":false,"endNum":null}`)
	raw(&a.AnEndTimeAttr, `{"enabled":false,"endTime":null}`)
	raw(&a.AnStartTimeAttr, `{"enabled":false,"startTime":null}`)
	if a.AnPwdAttr == nil {
		a.AnPwdAttr = &lang.AnPwdAttr{}
	}
	if a.OpoqAttr == nil {
		a.OpoqAttr = &lang.Enabled{}
	}
	st := d.SurveyStyle
	for _, img := range []**lang.StyleImg{&st.PageTopImg, &st.PageBgImg, &st.LogoImg} {
		if *img == nil {
			*img = &lang.StyleImg{}
		}
	}
}

func marshalDoc(d *lang.Survey) (string, error) {
	if d.Questions == nil {
		d.Questions = []*lang.Question{}
	}
	b, err := lang.MarshalCanonical(d)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// loadDoc parses a stored document (stored documents are always valid JSON).
func loadDoc(text string) (*lang.Survey, error) {
	if strings.TrimSpace(text) == "" {
		return &lang.Survey{Questions: []*lang.Question{}}, nil
	}
	d, _, err := lang.Parse([]byte(text))
	if err != nil {
		return nil, err
	}
	return d, nil
}

// idList merges {id} and {ids} bodies, trimmed and de-duplicated.
func IDList(id string, ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range append([]string{id}, ids...) {
		v = strings.TrimSpace(v)
		if v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
