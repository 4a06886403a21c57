// Package secretbox seals secrets that must be stored (webhook signing secrets) with a key
// from the configuration: AES-256-GCM with a random nonce, bound to the record it belongs to
// (additional data), so a sealed value copied to another record does not open.
//
// Sealed form: "v1:" + key id (8 hex digits of SHA-256 of the key) + ":" + base64(nonce ||
// ciphertext). The key id tells a value sealed under another key apart from a damaged one.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// KeySize is the length of a key in bytes (AES-256).
const KeySize = 32

// Box seals and opens secrets with one key. Safe for concurrent use.
type Box struct {
	aead cipher.AEAD
	kid  string
}

// ErrNoKey: no key is configured (sealing and opening are refused).
var ErrNoKey = errors.New("no secret key is configured (webhook.secret_key / DWS_WEBHOOK_SECRET_KEY)")

// ErrOtherKey: the value was sealed with another key.
var ErrOtherKey = errors.New("the secret was sealed with another key: enter it again")

// ErrDamaged: the value is not a sealed secret of this record.
var ErrDamaged = errors.New("the sealed secret cannot be opened")

// New reads a base64 key of KeySize bytes. An empty key gives a Box that refuses everything
// with ErrNoKey (so a server without a key still runs everything but secrets).
func New(keyBase64 string) (*Box, error) {
	keyBase64 = strings.TrimSpace(keyBase64)
	if keyBase64 == "" {
		return &Box{}, nil
	}
	key, err := base64.StdEncoding.DecodeString(keyBase64)
	if err != nil || len(key) != KeySize {
		return nil, fmt.Errorf("the secret key must be %d bytes in standard base64 (e.g. `openssl rand -base64 32`)", KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(key)
	return &Box{aead: aead, kid: hex.EncodeToString(sum[:4])}, nil
}

// NewKey returns a fresh random key in base64.
func NewKey() string {
	k := make([]byte, KeySize)
	_, _ = rand.Read(k)
	return base64.StdEncoding.EncodeToString(k)
}

// Ready reports whether a key is configured.
func (b *Box) Ready() bool { return b != nil && b.aead != nil }

// Seal seals plain for the record named by bind (e.g. the hook id).
func (b *Box) Seal(plain, bind string) (string, error) {
	if !b.Ready() {
		return "", ErrNoKey
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	ct := b.aead.Seal(nonce, nonce, []byte(plain), []byte(bind))
	return "v1:" + b.kid + ":" + base64.StdEncoding.EncodeToString(ct), nil
}

// Open opens a value sealed for bind.
func (b *Box) Open(sealed, bind string) (string, error) {
	if !b.Ready() {
		return "", ErrNoKey
	}
	parts := strings.SplitN(sealed, ":", 3)
	if len(parts) != 3 || parts[0] != "v1" {
		return "", ErrDamaged
	}
	if parts[1] != b.kid {
		return "", ErrOtherKey
	}
	raw, err := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || len(raw) < b.aead.NonceSize() {
		return "", ErrDamaged
	}
	n := b.aead.NonceSize()
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], []byte(bind))
	if err != nil {
		return "", ErrDamaged
	}
	return string(plain), nil
}
