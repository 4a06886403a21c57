package answer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
)

// Client identifies the respondent for the limits.
type Client struct {
	IP        string
	BrowserID string
	UserAgent string
	// UserID/UserName are set when a valid token was sent.
	UserID   string
	UserName string
	// ContactID, ContactOwnerID and ContactName are set when a contact's login token was sent.
	ContactID      string
	ContactOwnerID string
	ContactName    string
	// ContactLink is the relateContactEsId of a personal link (an/{sid}/contacts/{id}).
	ContactLink string
	// WeixinOpenID returns the respondent's WeChat openid for a survey from the signed
	// in-WeChat identity the browser holds ("" or nil: none; weixin.go).
	WeixinOpenID func(surveyID string) string
	// WeixinRefused is why the in-WeChat identification sent with this request failed (a
	// forged or replayed state, a used code): the gate shows it instead of starting again.
	WeixinRefused string
}

// GateInput is what the gates look at.
type GateInput struct {
	SidOrID string
	AnPwd   string
	Client  Client
	// Submit selects the save path: answer replays are detected and the captcha is verified.
	Submit      bool
	AnswerDwID  string
	CaptchaCode string
	SessionCode string
	// cached (submit fast path): the survey and collection settings come from a short-lived
	// cache and the answer-id lookup is skipped; the batch transaction re-checks both.
	cached bool
}

// Check is answerCheckResult (also the data of a refused save).
type Check struct {
	AnCheckIsPass     bool   `json:"anCheckIsPass"`
	AnCheckResultCode int    `json:"anCheckResultCode"`
	AnCheckResultMsg  string `json:"anCheckResultMsg"`
	ShowCaptcha       bool   `json:"showCaptcha"`
	SessionCode       string `json:"sessionCode"`
	RedirectURL       string `json:"redirectUrl"`
	DbAnswerID        string `json:"dbAnswerId"`
	IndexResponseID   string `json:"indexResponseId"`
	SumScore          any    `json:"sumScore"`
	ShowAnswerPwd     bool   `json:"showAnswerPwd"`
}

// gateState is what the gates found, for the caller.
type gateState struct {
	sv       *models.Survey
	pd       *pubDoc
	existing *models.Answer // the stored answer with this answerDwId (submit)
	pwdHash  string
	pwdCap   int    // answers the password admits (0 = no limit)
	attrs    attrs  // the published attributes with the collection settings applied
	captcha  string // session to consume inside the save transaction
	person   *person
	// personMax is the person's answer limit (0: none)
	personMax int
	// weixinOpenID is the identified WeChat respondent of a WeChat-only survey, weixinMax
	// the answers allowed per WeChat user (0: no limit).
	weixinOpenID string
	weixinMax    int
	cached       *gateEntry
}

func refuse(code int, msg string) *Check {
	return &Check{AnCheckResultCode: code, AnCheckResultMsg: msg}
}

// gate runs every check of a survey in THE fixed order (docs/api-answer.md). It returns the
// first refusal, or code 200. A nil check with st.existing set (submit only) means the
// answerDwId is already stored as submitted: the caller replays the first result.
func (s *Service) gate(ctx context.Context, in GateInput) (*gateState, *Check, error) {
	s.init()
	st := &gateState{}
	id := strings.TrimSpace(in.SidOrID)
	if id == "" {
		return st, refuse(501, "No survey id"), nil
	}
	var sv *models.Survey
	var ce *gateEntry
	var err error
	if in.cached {
		if ce, err = s.cachedGateRows(ctx, id); err != nil {
			return nil, nil, err
		}
		if ce == nil {
			return st, refuse(500, "The survey does not exist"), nil
		}
		sv, st.cached = ce.sv, ce
	} else {
		sv, err = s.loadSurvey(ctx, id)
		if errors.Is(err, models.ErrNotFound) {
			return st, refuse(500, "The survey does not exist"), nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	st.sv = sv
	if in.Submit && in.AnswerDwID != "" && !in.cached {
		var a models.Answer
		err := s.DB.WithContext(ctx).Where("survey_id = ? AND answer_dw_id = ? AND deleted_at IS NULL", sv.ID, in.AnswerDwID).Take(&a).Error
		if err == nil {
			st.existing = &a
			if a.SaveStatus == models.AnswerSubmitted {
				return st, nil, nil
			}
		} else if !errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil, err
		}
	}
	if sv.DeletedAt != nil {
		return st, refuse(404, "The survey has been deleted"), nil
	}
	if sv.PublishedVersion == 0 {
		return st, refuse(406, "The survey has not been published"), nil
	}
	// Designing (returned to edit) answers 405 at once; an ended survey still reads its
	// settings so that respondents learn why it ended (408 end time, 407 answer cap).
	if sv.State != models.SurveyCollecting && sv.State != models.SurveyEnded {
		return st, refuse(405, "The survey is not collecting answers"), nil
	}
	pd, err := s.published(ctx, sv)
	if err != nil {
		return nil, nil, err
	}
	st.pd = pd
	var cs *models.CollectSetting
	if ce != nil {
		cs = ce.cs
	} else if cs, err = s.collectSetting(ctx, sv.ID); err != nil {
		return nil, nil, err
	}
	st.attrs = applySetting(pd.attrs, cs)
	a := &st.attrs
	endedByAuthor := sv.State == models.SurveyEnded && cs != nil &&
		(cs.CloseReason == models.CloseReasonEndNow || cs.CloseReason == models.CloseReasonReturnToEdit)
	if !endedByAuthor {
		if c, err := s.windowAndCap(ctx, sv.ID, a); err != nil || c != nil {
			return st, c, err
		}
	}
	if sv.State == models.SurveyEnded {
		return st, refuse(405, "The survey is not collecting answers"), nil
	}
	if a.pwdOn || a.bulkPwd {
		pwdCap, c, err := s.checkPassword(ctx, sv.ID, a, in.AnPwd, in.Client.IP)
		if err != nil || c != nil {
			return st, c, err
		}
		st.pwdHash, st.pwdCap = sha(strings.TrimSpace(in.AnPwd)), pwdCap
		if pwdCap > 0 {
			n, err := s.counterSum(ctx, sv.ID, keyPwd+st.pwdHash[:16])
			if err != nil {
				return nil, nil, err
			}
			if n >= int64(pwdCap) {
				return st, refuse(403, "This answer password has been used the maximum number of times"), nil
			}
		}
	}
	byBrowser, byIP := int64(-1), int64(-1)
	countBy := func(col, v string) (int64, error) {
		if v == "" {
			return 0, nil
		}
		var n int64
		err := s.DB.WithContext(ctx).Model(&models.Answer{}).
			Where("survey_id = ? AND "+col+" = ? AND save_status = 0 AND deleted_at IS NULL", sv.ID, v).Count(&n).Error
		return n, err
	}
	if a.bro.Enabled {
		if byBrowser, err = countBy("browser_id", in.Client.BrowserID); err != nil {
			return nil, nil, err
		}
		if byBrowser >= int64(max(1, int(a.bro.AnNum))) {
			return st, refuse(401, "You have already answered this survey in this browser"), nil
		}
	}
	if a.ip.Enabled {
		if byIP, err = countBy("client_ip", in.Client.IP); err != nil {
			return nil, nil, err
		}
		if byIP >= int64(max(1, int(a.ip.AnNum))) {
			return st, refuse(402, "You have already answered this survey from this network address"), nil
		}
	}
	if len(a.ipRanges) > 0 && inRanges(a.ipRanges, in.Client.IP) == a.ipDeny {
		return st, refuse(402, "Your network address is not allowed to answer this survey"), nil
	}
	if a.captchaOn {
		if byIP < 0 {
			if byIP, err = countBy("client_ip", in.Client.IP); err != nil {
				return nil, nil, err
			}
		}
		if byBrowser < 0 {
			if byBrowser, err = countBy("browser_id", in.Client.BrowserID); err != nil {
				return nil, nil, err
			}
		}
		if max(byIP, byBrowser) >= int64(a.captchaNum) {
			c, err := s.captchaGate(ctx, sv.ID, in)
			if err != nil || c != nil {
				return st, c, err
			}
			st.captcha = in.SessionCode
		}
	}
	who, c, err := s.identify(ctx, sv, a, in.Client)
	if err != nil || c != nil {
		return st, c, err
	}
	st.person = who
	if who != nil && a.contactOn {
		st.personMax = a.contactMax
	}
	if a.weixinOn {
		if c, err := s.weixinGate(ctx, st, in); err != nil || c != nil {
			return st, c, err
		}
	}
	return st, &Check{AnCheckIsPass: true, AnCheckResultCode: 200, AnCheckResultMsg: "ok"}, nil
}

// checkPassword applies the answer password (the surveyAttrs one or a bulk password of
// c/pwd) with its rate limit. nil = right; the int is the answers the password admits.
func (s *Service) checkPassword(ctx context.Context, surveyID string, a *attrs, pwd, ip string) (int, *Check, error) {
	c, pwdCap, err := s.checkPassword1(ctx, surveyID, a, pwd, ip)
	return pwdCap, c, err
}

func (s *Service) checkPassword1(ctx context.Context, surveyID string, a *attrs, pwd, ip string) (*Check, int, error) {
	key := "anpwd:" + surveyID + ":" + ip
	surveyKey := "anpwd:" + surveyID // every address together (the survey-wide ceiling)
	for _, l := range []struct {
		key, msg string
		limit    int
	}{
		{key, "Too many wrong passwords, please try again in %d minutes", s.PwdMaxFailures},
		{surveyKey, "Too many wrong passwords were tried for this survey, please try again in %d minutes", s.PwdSurveyMaxFailures},
	} {
		blocked, left, err := s.Limiter.Blocked(ctx, l.key, l.limit, s.PwdWindow)
		if err != nil {
			return nil, 0, err
		}
		if blocked {
			c := refuse(403, fmt.Sprintf(l.msg, max(1, int(math.Ceil(left.Minutes())))))
			c.ShowAnswerPwd = true
			return c, 0, nil
		}
	}
	pwd = strings.TrimSpace(pwd)
	if pwd == "" {
		c := refuse(403, "Please enter the answer password")
		c.ShowAnswerPwd = true
		return c, 0, nil
	}
	if a.pwdOn && constEq(pwd, a.pwd) {
		return nil, a.pwdAnNum, nil
	}
	var bulk *models.AnswerPassword
	if a.bulkPwd {
		p, err := s.bulkPassword(ctx, surveyID, pwd)
		if err != nil {
			return nil, 0, err
		}
		bulk = p
	}
	if bulk == nil {
		for _, k := range []string{key, surveyKey} {
			if err := s.Limiter.Hit(ctx, k, s.PwdWindow); err != nil {
				return nil, 0, err
			}
		}
		c := refuse(403, "Wrong answer password")
		c.ShowAnswerPwd = true
		return c, 0, nil
	}
	return nil, bulk.AllowedCount, nil
}

// ipRange is a network (a.b.c.d, a.b.c.d/n or a.b.c.d/e.f.g.h).
type ipRange struct{ n *net.IPNet }

func parseIPRange(v string) (ipRange, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return ipRange{}, false
	}
	addr, mask, hasMask := strings.Cut(v, "/")
	ip := net.ParseIP(strings.TrimSpace(addr))
	if ip == nil {
		return ipRange{}, false
	}
	if !hasMask {
		bits := 128
		if ip.To4() != nil {
			ip, bits = ip.To4(), 32
		}
		return ipRange{&net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)}}, true
	}
	mask = strings.TrimSpace(mask)
	if strings.Contains(mask, ".") {
		m := net.ParseIP(mask).To4()
		ip4 := ip.To4()
		if m == nil || ip4 == nil {
			return ipRange{}, false
		}
		mm := net.IPMask(m)
		if _, bits := mm.Size(); bits == 0 { // not a contiguous mask
			return ipRange{}, false
		}
		return ipRange{&net.IPNet{IP: ip4.Mask(mm), Mask: mm}}, true
	}
	_, n, err := net.ParseCIDR(addr + "/" + mask)
	if err != nil {
		return ipRange{}, false
	}
	return ipRange{n}, true
}

func inRanges(rs []ipRange, ip string) bool {
	p := net.ParseIP(ip)
	if p == nil {
		return false
	}
	for _, r := range rs {
		if r.n.Contains(p) {
			return true
		}
	}
	return false
}

// windowAndCap refuses outside the collection window (408) or at the answer cap (407).
func (s *Service) windowAndCap(ctx context.Context, surveyID string, a *attrs) (*Check, error) {
	now := s.now()
	if a.startOn && now.Before(a.start) {
		return refuse(408, "The survey has not started yet, it opens at "+a.start.In(s.Loc).Format("2006-01-02 15:04:05")), nil
	}
	if a.endOn && !now.Before(a.end) {
		return refuse(408, "The survey has ended (closed at "+a.end.In(s.Loc).Format("2006-01-02 15:04:05")+")"), nil
	}
	if a.endNum > 0 {
		n, err := s.counterSum(ctx, surveyID, keyTotal)
		if err != nil {
			return nil, err
		}
		if n >= int64(a.endNum) {
			return refuse(407, "The survey has reached its maximum number of answers"), nil
		}
	}
	return nil, nil
}
