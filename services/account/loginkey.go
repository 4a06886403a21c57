package account

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// LoginKey is the deployment's RSA key pair for the reference client's login form: that
// client encrypts the password with the public key it was built with (RSA PKCS#1 v1.5,
// base64) and sends the ciphertext as `password`. A deployment migrating from DWSurvey
// configures the private key of the pair its clients already carry.
type LoginKey struct {
	key *rsa.PrivateKey
}

// ParseLoginKey reads a PEM private key (PKCS#1 "RSA PRIVATE KEY" or PKCS#8 "PRIVATE KEY").
func ParseLoginKey(pemText []byte) (*LoginKey, error) {
	block, _ := pem.Decode(pemText)
	if block == nil {
		return nil, errors.New("login key: no PEM block")
	}
	var key *rsa.PrivateKey
	switch block.Type {
	case "RSA PRIVATE KEY":
		k, err := x509.ParsePKCS1PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("login key: %w", err)
		}
		key = k
	case "PRIVATE KEY":
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("login key: %w", err)
		}
		rk, isRSA := k.(*rsa.PrivateKey)
		if !isRSA {
			return nil, errors.New("login key: not an RSA key")
		}
		key = rk
	default:
		return nil, fmt.Errorf("login key: PEM block %q is not a private key", block.Type)
	}
	if key.N.BitLen() < 1024 {
		return nil, errors.New("login key: RSA keys shorter than 1024 bits are refused")
	}
	return &LoginKey{key: key}, nil
}

// LoadLoginKey returns the configured key: pemText (the PEM itself, e.g. from the
// environment) wins over file; both empty means no key (nil, nil), i.e. only plain-text
// passwords are accepted.
func LoadLoginKey(file, pemText string) (*LoginKey, error) {
	if strings.TrimSpace(pemText) != "" {
		return ParseLoginKey([]byte(pemText))
	}
	if file == "" {
		return nil, nil
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("login key: %w", err)
	}
	return ParseLoginKey(raw)
}

// EnsureLoginKeyFile loads the PKCS#1 PEM key at path, creating a new 2048-bit pair there
// (mode 0600) when the file does not exist. created reports a new key. Used by `dwsurvey dev`.
func EnsureLoginKeyFile(path string) (k *LoginKey, created bool, err error) {
	if raw, err := os.ReadFile(path); err == nil {
		k, err := ParseLoginKey(raw)
		return k, false, err
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, false, fmt.Errorf("login key: %w", err)
	}
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, false, err
	}
	out := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	if err := os.WriteFile(path, out, 0o600); err != nil {
		return nil, false, fmt.Errorf("login key: %w", err)
	}
	return &LoginKey{key: key}, true, nil
}

// PublicKeyBase64 is the public key as the reference client's key file holds it: the
// base64 of the DER SubjectPublicKeyInfo, without PEM armour or line breaks.
func (k *LoginKey) PublicKeyBase64() string {
	der, err := x509.MarshalPKIXPublicKey(&k.key.PublicKey)
	if err != nil {
		return ""
	}
	return base64.StdEncoding.EncodeToString(der)
}

// maxPlainPassword bounds a decrypted password (bytes); the reference client allows 6..18
// characters, longer plain texts are left to the ordinary checks.
const maxPlainPassword = 256

// ClientPassword returns the password a login form carries: when k is set and password
// is the base64 of exactly one RSA block that decrypts under PKCS#1 v1.5, the decrypted
// text; otherwise password unchanged (plain-text login, as our console sends it). A block
// that fails to decrypt is not distinguishable from a wrong password to the caller (the
// same login failure and rate limit follow), so the form gives no padding oracle. Never
// log either value.
func (k *LoginKey) ClientPassword(password string) string {
	if k == nil || password == "" {
		return password
	}
	size := k.key.Size()
	if base64.StdEncoding.EncodedLen(size) != len(password) {
		return password
	}
	block, err := base64.StdEncoding.DecodeString(password)
	if err != nil || len(block) != size {
		return password
	}
	out, err := rsa.DecryptPKCS1v15(nil, k.key, block)
	if err != nil || len(out) == 0 || len(out) > maxPlainPassword {
		// not our ciphertext: keep the text as sent (it fails as a wrong password unless
		// it is the plain password itself)
		return password
	}
	return string(out)
}
