package account

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"
)

func TestEnsureLoginKeyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "login-rsa.pem")
	k, created, err := EnsureLoginKeyFile(path)
	if err != nil || !created {
		t.Fatalf("first start: created=%v err=%v", created, err)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v (%v), want 0600", st.Mode().Perm(), err)
	}
	again, created, err := EnsureLoginKeyFile(path)
	if err != nil || created || again.PublicKeyBase64() != k.PublicKeyBase64() {
		t.Fatalf("second start made a new key (created=%v err=%v)", created, err)
	}
	// the printed public key is what the reference client's key file holds: base64 DER SPKI
	der, err := base64.StdEncoding.DecodeString(k.PublicKeyBase64())
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		t.Fatal(err)
	}
	block, err := rsa.EncryptPKCS1v15(rand.Reader, pub.(*rsa.PublicKey), []byte("secret-pw1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := k.ClientPassword(base64.StdEncoding.EncodeToString(block)); got != "secret-pw1" {
		t.Fatalf("decrypted %q", got)
	}
}

func TestClientPassword(t *testing.T) {
	key, _ := rsa.GenerateKey(rand.Reader, 1024)
	pkcs8, _ := x509.MarshalPKCS8PrivateKey(key)
	k, err := LoadLoginKey("", string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})))
	if err != nil {
		t.Fatalf("PKCS#8 key: %v", err)
	}
	other, _ := rsa.GenerateKey(rand.Reader, 1024)
	foreign, _ := rsa.EncryptPKCS1v15(rand.Reader, &other.PublicKey, []byte("x"))
	foreignB64 := base64.StdEncoding.EncodeToString(foreign)
	for _, plain := range []string{"", "plain-pass", "bm90IGEgYmxvY2s=", foreignB64} {
		if got := k.ClientPassword(plain); got != plain {
			t.Errorf("ClientPassword(%q) = %q, want it unchanged", plain, got)
		}
	}
	var none *LoginKey
	if got := none.ClientPassword(foreignB64); got != foreignB64 {
		t.Error("no key must leave the password unchanged")
	}
	if small, err := rsa.GenerateKey(rand.Reader, 512); err == nil { // newer Go refuses to make one
		if _, err := ParseLoginKey(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(small)})); err == nil {
			t.Error("a 512-bit key was accepted")
		}
	}
	if _, err := ParseLoginKey([]byte("not pem")); err == nil {
		t.Error("text without PEM accepted")
	}
}
