package answer

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// Who may answer a survey whose surveyAttrs.contactAttr is enabled (contactAttr.whoAn;
// docs/contacts.md). The reference leaves the values open; these are ours.
const (
	// WhoBound (default, also null): the people bound to the survey (c/bind-contacts,
	// c/user-bind), through their unique link or after logging in.
	WhoBound = "bind"
	// WhoOwnerContacts: any contact of the survey owner's address book (after logging in),
	// and the people bound to the survey.
	WhoOwnerContacts = "owner"
	// WhoLinkOnly: only the specified people, through their unique link (a login is not enough).
	WhoLinkOnly = "link"
)

// CodePersonLimit is the check code of a contact or bound user who reached the survey's
// per-person answer count (contactAttr.anNum, default 1).
const CodePersonLimit = 412

// keyPerson prefixes the per-person answer counters (capped at contactAttr.anNum).
const keyPerson = "person:"

type contactAttr struct {
	Enabled lang.Bool `json:"enabled"`
	WhoAn   lang.Str  `json:"whoAn"`
	AnNum   *lang.Num `json:"anNum"`
}

// person is who answers: a contact (ContactID) or a system user (UserID), identified by a
// personal link, a contact login or a user login; key is the counter of the person's answers.
type person struct {
	contactID, userID string
}

func (p *person) key() string {
	if p.contactID != "" {
		return keyPerson + "c:" + p.contactID
	}
	return keyPerson + "u:" + p.userID
}

func decodeContactAttr(raw []byte, a *attrs) {
	var c contactAttr
	decode(raw, &c)
	a.contactOn = bool(c.Enabled)
	a.contactWho = strings.TrimSpace(string(c.WhoAn))
	a.contactMax = 1
	if c.AnNum != nil {
		a.contactMax = max(0, int(*c.AnNum)) // 0: no limit
	}
}

// identify finds the person answering (nil when nobody in particular: an anonymous answer
// of a survey without the contact restriction). A refusal is a 413 (with the login offer)
// or the per-person limit (CodePersonLimit).
func (s *Service) identify(ctx context.Context, sv *models.Survey, a *attrs, cl Client) (*person, *Check, error) {
	var who *person
	if link := strings.TrimSpace(cl.ContactLink); link != "" {
		var b models.SurveyBind
		err := s.DB.WithContext(ctx).Where("id = ? AND survey_id = ?", link, sv.ID).Take(&b).Error
		switch {
		case err == nil:
			who = &person{contactID: b.ContactID, userID: b.UserID}
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return nil, nil, err
		case a.contactOn:
			return nil, refuse(413, "This personal answer link is not valid; please log in to answer"), nil
		}
	}
	if who == nil && cl.ContactID != "" {
		if cl.ContactOwnerID != sv.OwnerID {
			if a.contactOn {
				return nil, refuse(413, "Your contact account is not invited to answer this survey"), nil
			}
		} else {
			ok := !a.contactOn || a.contactWho == WhoOwnerContacts
			if !ok && a.contactWho != WhoLinkOnly {
				bound, err := s.bound(ctx, sv.ID, "contact_id", cl.ContactID)
				if err != nil {
					return nil, nil, err
				}
				ok = bound
			}
			if !ok {
				if a.contactWho == WhoLinkOnly {
					return nil, refuse(413, "Please open this survey through your personal answer link"), nil
				}
				return nil, refuse(413, "Your contact account is not invited to answer this survey"), nil
			}
			who = &person{contactID: cl.ContactID}
		}
	}
	if !a.contactOn {
		return who, nil, nil
	}
	if who == nil {
		if cl.UserID == "" {
			return nil, refuse(413, "Please log in to answer this survey"), nil
		}
		if a.contactWho == WhoLinkOnly {
			return nil, refuse(413, "Please open this survey through your personal answer link"), nil
		}
		bound, err := s.bound(ctx, sv.ID, "user_id", cl.UserID)
		if err != nil {
			return nil, nil, err
		}
		if !bound {
			return nil, refuse(413, "Your account is not invited to answer this survey"), nil
		}
		who = &person{userID: cl.UserID}
	}
	if a.contactMax > 0 {
		n, err := s.counterSum(ctx, sv.ID, who.key())
		if err != nil {
			return nil, nil, err
		}
		if n >= int64(a.contactMax) {
			return nil, personLimit(a.contactMax), nil
		}
	}
	return who, nil, nil
}

func personLimit(n int) *Check {
	if n == 1 {
		return refuse(CodePersonLimit, "You have already answered this survey")
	}
	return refuse(CodePersonLimit, "You have already answered this survey "+strconv.Itoa(n)+" times, the most allowed")
}

func (s *Service) bound(ctx context.Context, surveyID, col, id string) (bool, error) {
	var n int64
	err := s.DB.WithContext(ctx).Model(&models.SurveyBind{}).Where("survey_id = ? AND "+col+" = ?", surveyID, id).Count(&n).Error
	return n > 0, err
}

// anUser is the answer record's anUser (spec: userId, userName, relateContactEsId,
// dwEsContacts {esId, uname}): the logged-in user and the contact the gates identified
// (nil when the answer is anonymous).
func (s *Service) anUser(ctx context.Context, a *models.Answer) (map[string]any, error) {
	if a.UserID == "" && a.ContactID == "" {
		return nil, nil
	}
	out := map[string]any{"userId": a.UserID, "userName": ""}
	if a.UserID != "" {
		var u models.User
		if err := s.DB.WithContext(ctx).Select("id", "login_name").Where("id = ?", a.UserID).Take(&u).Error; err == nil {
			out["userName"] = u.LoginName
		}
	}
	if a.ContactID != "" {
		var c models.Contact
		err := s.DB.WithContext(ctx).Select("id", "name").Where("id = ?", a.ContactID).Take(&c).Error
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, err
		}
		var b models.SurveyBind
		if e := s.DB.WithContext(ctx).Select("id").Where("survey_id = ? AND contact_id = ?", a.SurveyID, a.ContactID).Take(&b).Error; e == nil {
			out["relateContactEsId"] = b.ID
		}
		out["dwEsContacts"] = map[string]string{"esId": a.ContactID, "uname": c.Name}
	}
	return out, nil
}
