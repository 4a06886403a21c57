package account

import (
	"crypto/rand"
	"encoding/hex"
	"net/mail"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"

	"dwsurvey/models"
)

// User-facing messages of the account rules (spec section 5).
const (
	MsgLoginNameLength = "The login account must be 6 to 18 characters"
	MsgPasswordLength  = "The password must be 6 to 18 characters"
	MsgPasswordMatch   = "The passwords entered twice do not match!"
	MsgEmail           = "Please enter a valid e-mail address"
	MsgLoginNameTaken  = "The login account already exists"
	MsgWrongPassword   = "Wrong password"
	MsgBadCredentials  = "Wrong login account or password"
	MsgUserNameEmpty   = "Please enter the login account"
	MsgNameLength      = "The name must be at most 18 characters"
)

// BcryptCost is the bcrypt work factor; tests lower it.
var BcryptCost = bcrypt.DefaultCost

// ValidateLoginName checks the 6-18 character rule and a safe character set.
func ValidateLoginName(s string) error {
	n := utf8.RuneCountInString(s)
	if n < 6 || n > 18 {
		return models.Invalid(MsgLoginNameLength)
	}
	if strings.ContainsAny(s, " \t\r\n<>\"'&/\\") {
		return models.Invalid("The login account may not contain spaces or the characters < > \" ' & / \\")
	}
	return nil
}

// ValidatePassword checks the 6-18 character rule.
func ValidatePassword(s string) error {
	if n := utf8.RuneCountInString(s); n < 6 || n > 18 {
		return models.Invalid(MsgPasswordLength)
	}
	return nil
}

// ValidateEmail accepts an empty value only when optional is true.
func ValidateEmail(s string, optional bool) error {
	if s == "" && optional {
		return nil
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return models.Invalid(MsgEmail)
	}
	return nil
}

// ValidateName checks an optional display name (at most 18 characters).
func ValidateName(s string) error {
	if utf8.RuneCountInString(s) > 18 {
		return models.Invalid(MsgNameLength)
	}
	return nil
}

// HashPassword returns a salted bcrypt hash.
func HashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), BcryptCost)
	return string(h), err
}

// CheckPassword compares pw with a stored hash in constant time.
func CheckPassword(hash, pw string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
}

var decoy struct {
	sync.Mutex
	cost int
	hash string
}

// decoyHash is a bcrypt hash of a random secret at the current BcryptCost (made once per
// cost): logins of unknown accounts compare against it, doing the same work as a wrong password.
func decoyHash() string {
	decoy.Lock()
	defer decoy.Unlock()
	if decoy.hash == "" || decoy.cost != BcryptCost {
		secret := make([]byte, 16)
		_, _ = rand.Read(secret)
		h, err := bcrypt.GenerateFromPassword([]byte(hex.EncodeToString(secret)), BcryptCost)
		if err != nil { // cannot happen for a valid cost; keep the work anyway
			h = []byte{}
		}
		decoy.cost, decoy.hash = BcryptCost, string(h)
	}
	return decoy.hash
}

// usableHash reports a stored value that is a bcrypt hash (an empty or foreign value would be
// refused at once, faster than a real comparison).
func usableHash(hash string) bool {
	_, err := bcrypt.Cost([]byte(hash))
	return err == nil
}
