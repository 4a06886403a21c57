package signin

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/sms"
)

// codeHash binds the code to its row, phone and purpose (a stolen hash does not carry over).
func codeHash(id, phone, purpose, code string) string {
	return hashValue(id + "\x00" + phone + "\x00" + purpose + "\x00" + code)
}

// SendCodeResult tells the page how long to count down before offering "resend".
type SendCodeResult struct {
	Countdown int `json:"countdown"`
}

// SendCode sends a 6-digit code valid for the configured time (5 minutes) to phone for
// purpose. Limits: one code per phone per ResendAfter (the page's countdown), PhonePerDay
// codes per phone and IPPerHour per client address; past them nothing is sent.
func (s *Service) SendCode(ctx context.Context, phoneIn, purpose, userID, ip string) (*SendCodeResult, error) {
	if !s.SMS.Configured() {
		return nil, models.Invalid(MsgSMSOff)
	}
	phone, err := sms.NormalizePhone(phoneIn)
	if err != nil {
		return nil, models.Invalid(sms.ErrPhone)
	}
	switch purpose {
	case models.SMSPurposeLogin:
	case models.SMSPurposeBind:
		if userID == "" {
			return nil, models.ErrForbidden
		}
		if err := s.phoneFree(ctx, phone, userID); err != nil {
			return nil, err
		}
	default:
		return nil, models.Invalid("Unknown verification code purpose %q", purpose)
	}
	r := s.SMSRule
	now := s.now()
	// resend countdown: one code per phone per ResendAfter, taken by a compare-and-set on a
	// shared row, so that of concurrent requests exactly one passes
	if wait, err := s.takeGap(ctx, "sms:gap:"+phone, r.ResendAfter); err != nil {
		return nil, err
	} else if wait > 0 {
		return nil, models.Invalid(MsgResendWait, max(1, int(math.Ceil(wait.Seconds()))))
	}
	// note is what the audit log says of a refusal: the number masked (the IP has its column)
	for _, k := range []struct {
		key, note string
		limit     int
		window    int64
	}{{"sms:phone:" + phone, "per-phone daily limit: " + maskPhone(phone), r.PhonePerDay, 86400},
		{"sms:ip:" + ip, "per-address hourly limit", r.IPPerHour, 3600}} {
		w := secondsDur(k.window)
		blocked, _, err := s.Limiter.Blocked(ctx, k.key, k.limit, w)
		if err != nil {
			return nil, err
		}
		if blocked {
			s.Audit.Record(ctx, audit.Entry{Name: "Verification code refused: limit", Notes: k.note, OperationType: audit.OpLogin, IP: ip})
			return nil, models.Invalid(MsgTooManyCodes)
		}
	}
	code := sixDigits()
	row := models.SMSCode{ID: uuid.NewString(), Phone: phone, Purpose: purpose, UserID: userID, ClientIP: ip, CreatedAt: now, ExpiresAt: now.Add(r.TTL)}
	row.CodeHash = codeHash(row.ID, phone, purpose, code)
	// the row (and the counters) first: a concurrent second request sees the countdown
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return nil, err
	}
	_ = s.Limiter.Hit(ctx, "sms:phone:"+phone, secondsDur(86400))
	_ = s.Limiter.Hit(ctx, "sms:ip:"+ip, secondsDur(3600))
	if err := s.SMS.SendCode(ctx, phone, code); err != nil {
		s.DB.WithContext(ctx).Model(&models.SMSCode{}).Where("id = ?", row.ID).Update("locked_at", now)
		s.Audit.Record(ctx, audit.Entry{Name: "Verification code not sent", Notes: err.Error(), OperationType: audit.OpLogin, IP: ip})
		if errors.Is(err, sms.ErrBadNumber) {
			return nil, models.Invalid(sms.ErrPhone)
		}
		return nil, models.Invalid(MsgSendFailed)
	}
	return &SendCodeResult{Countdown: int(r.ResendAfter.Seconds())}, nil
}

func sixDigits() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1000000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// checkCode consumes the newest code of phone and purpose. A wrong code counts a guess;
// at MaxGuesses the code is locked; an expired, locked or used code is refused.
func (s *Service) checkCode(ctx context.Context, phone, purpose, code string) (*models.SMSCode, error) {
	code = strings.TrimSpace(code)
	if code == "" {
		return nil, models.Invalid("Please enter the verification code")
	}
	var row models.SMSCode
	err := s.DB.WithContext(ctx).Where("phone = ? AND purpose = ?", phone, purpose).Order("created_at DESC").Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.Invalid(MsgCodeWrong)
	}
	if err != nil {
		return nil, err
	}
	now := s.now()
	switch {
	case row.LockedAt != nil:
		return nil, models.Invalid(MsgCodeLocked)
	case row.UsedAt != nil:
		return nil, models.Invalid(MsgCodeExpired)
	case !now.Before(row.ExpiresAt):
		return nil, models.Invalid(MsgCodeExpired)
	}
	if codeHash(row.ID, phone, purpose, code) != row.CodeHash {
		// one guess, counted atomically; the guess that reaches the limit locks the code
		s.DB.WithContext(ctx).Model(&models.SMSCode{}).Where("id = ?", row.ID).Update("attempts", gorm.Expr("attempts + 1"))
		res := s.DB.WithContext(ctx).Model(&models.SMSCode{}).Where("id = ? AND attempts >= ? AND locked_at IS NULL", row.ID, s.SMSRule.MaxGuesses).Update("locked_at", now)
		if res.RowsAffected == 1 {
			return nil, models.Invalid(MsgCodeLocked)
		}
		return nil, models.Invalid(MsgCodeWrong)
	}
	res := s.DB.WithContext(ctx).Model(&models.SMSCode{}).Where("id = ? AND used_at IS NULL AND locked_at IS NULL", row.ID).Update("used_at", now)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected != 1 {
		return nil, models.Invalid(MsgCodeExpired)
	}
	return &row, nil
}

// PhoneLogin logs in the user whose phone is phone with a login code. An unknown phone
// registers a new account when the site allows registration.
func (s *Service) PhoneLogin(ctx context.Context, phoneIn, code, ip string) (*account.LoginResult, error) {
	if !s.SMS.Configured() {
		return nil, models.Invalid(MsgSMSOff)
	}
	phone, err := sms.NormalizePhone(phoneIn)
	if err != nil {
		return nil, models.Invalid(sms.ErrPhone)
	}
	if _, err := s.checkCode(ctx, phone, models.SMSPurposeLogin, code); err != nil {
		return nil, err
	}
	var users []models.User
	if err := s.DB.WithContext(ctx).Where("cellphone IN ?", phoneForms(phone)).Order("created_at").Limit(2).Find(&users).Error; err != nil {
		return nil, err
	}
	var userID string
	switch len(users) {
	case 1:
		userID = users[0].ID
	case 0:
		open, err := s.Site.RegistrationOpen(ctx)
		if err != nil {
			return nil, err
		}
		if !open {
			return nil, models.Invalid("No account uses this phone number")
		}
		err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			u, err := s.Account.CreateExternalUser(ctx, tx, "m"+strings.TrimPrefix(phone, "+"), maskPhone(phone), "", phone)
			if err == nil {
				userID = u.ID
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		s.Audit.Record(ctx, audit.Entry{Name: "Register", Notes: "by phone", OperationType: audit.OpRegister, Success: true, UserID: userID, IP: ip})
	default:
		return nil, models.Invalid("Several accounts use this phone number; log in with a password")
	}
	return s.Account.LoginUser(ctx, userID, ip, "phone and SMS code")
}

// BindPhone sets (or changes) the phone of userID after the code sent to the new phone.
func (s *Service) BindPhone(ctx context.Context, userID, phoneIn, code, ip string) (string, error) {
	if !s.SMS.Configured() {
		return "", models.Invalid(MsgSMSOff)
	}
	phone, err := sms.NormalizePhone(phoneIn)
	if err != nil {
		return "", models.Invalid(sms.ErrPhone)
	}
	if err := s.phoneFree(ctx, phone, userID); err != nil {
		return "", err
	}
	row, err := s.checkCode(ctx, phone, models.SMSPurposeBind, code)
	if err != nil {
		return "", err
	}
	if row.UserID != userID {
		return "", models.Invalid(MsgCodeWrong)
	}
	if err := s.DB.WithContext(ctx).Model(&models.User{}).Where("id = ?", userID).Update("cellphone", phone).Error; err != nil {
		return "", err
	}
	s.Audit.Record(ctx, audit.Entry{Name: "Phone bound", Notes: maskPhone(phone), OperationType: audit.OpPassword, Success: true, UserID: userID, IP: ip})
	return phone, nil
}

// phoneFree refuses a phone bound to another user.
func (s *Service) phoneFree(ctx context.Context, phone, userID string) error {
	var n int64
	if err := s.DB.WithContext(ctx).Model(&models.User{}).Where("cellphone IN ? AND id <> ?", phoneForms(phone), userID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return models.Invalid("This phone number is bound to another account")
	}
	return nil
}

// phoneForms are the stored forms of one number (older rows hold mainland numbers without +86).
func phoneForms(phone string) []string {
	if rest, ok := strings.CutPrefix(phone, "+86"); ok {
		return []string{phone, rest}
	}
	return []string{phone}
}

// maskPhone keeps the country and network prefix and the last 4 digits of an E.164 number
// (+86138****8000): enough for an admin to tell numbers apart, not to call one. Numbers
// shorter than 8 characters are all masked.
func maskPhone(p string) string {
	if len(p) < 8 {
		return "****"
	}
	return p[:len(p)-8] + "****" + p[len(p)-4:]
}

// takeGap claims key for gap: 0 when this caller got it, else the time left.
func (s *Service) takeGap(ctx context.Context, key string, gap time.Duration) (time.Duration, error) {
	now := s.now()
	db := s.DB.WithContext(ctx)
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.RateCounter{Key: key, Hits: 1, WindowStart: now})
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected == 1 {
		return 0, nil
	}
	res = db.Model(&models.RateCounter{}).Where("`key` = ? AND window_start <= ?", key, now.Add(-gap)).Updates(map[string]any{"window_start": now, "hits": 1})
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected == 1 {
		return 0, nil
	}
	var c models.RateCounter
	if err := db.Where("`key` = ?", key).Take(&c).Error; err != nil {
		return 0, err
	}
	return max(time.Second, c.WindowStart.Add(gap).Sub(now)), nil
}
