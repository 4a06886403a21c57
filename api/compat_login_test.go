package api_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"net/url"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// refLoginKey is a fresh RSA pair; the config carries its private key as PEM text (the
// DWS_AUTH_RSA_PRIVATE_KEY form).
func refLoginKey(t *testing.T) (*rsa.PrivateKey, testenv.Options) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	pemText := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	return key, testenv.Options{Config: func(c *config.Config) { c.Auth.RSAPrivateKey = pemText }}
}

// refEncrypt encrypts like the reference client's jsencrypt: PKCS#1 v1.5, base64.
func refEncrypt(t *testing.T, pub *rsa.PublicKey, password string) string {
	t.Helper()
	out, err := rsa.EncryptPKCS1v15(rand.Reader, pub, []byte(password))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(out)
}

// refLogin posts the reference client's login: every field as a query parameter, no body,
// the form content type of its axios defaults.
func refLogin(t *testing.T, e *testenv.Env, userName, password string) testenv.LoginResponse {
	t.Helper()
	var lr testenv.LoginResponse
	postQuery(t, e, "", "anon/security-token/login.do", url.Values{"type": {"account"}, "userName": {userName}, "password": {password}}).JSON(t, &lr)
	return lr
}

func TestReferenceClientRSALogin(t *testing.T) {
	key, opts := refLoginKey(t)
	both(t, opts, func(t *testing.T, e *testenv.Env) {
		cipher := refEncrypt(t, &key.PublicKey, testenv.AdminPassword)
		lr := refLogin(t, e, "admin", cipher)
		if lr.Status != "ok" || lr.Token == nil || *lr.Token == "" || lr.HTTPResult.ResultCode != 200 {
			t.Fatalf("RSA login refused: %+v", lr)
		}
		// plain text keeps working for our console (JSON body and query form)
		e.Login(t, "admin", testenv.AdminPassword)
		if lr := refLogin(t, e, "admin", testenv.AdminPassword); lr.Status != "ok" {
			t.Fatalf("plain query login refused: %+v", lr)
		}
		// a wrong password encrypted, and a block of another key, are ordinary failures
		other, _ := rsa.GenerateKey(rand.Reader, 1024)
		for _, bad := range []string{refEncrypt(t, &key.PublicKey, "wrong-pass"), refEncrypt(t, &other.PublicKey, testenv.AdminPassword)} {
			lr := refLogin(t, e, "admin", bad)
			if lr.Status != "error" || lr.Token != nil || lr.HTTPResult.ResultCode != 400 {
				t.Fatalf("bad RSA password accepted: %+v", lr)
			}
		}
		// neither the password nor its ciphertext reaches the system log
		var logs []models.SysLog
		if err := e.DB.Find(&logs).Error; err != nil {
			t.Fatal(err)
		}
		for _, l := range logs {
			all := l.Name + " " + l.Notes + " " + l.UserName
			if strings.Contains(all, testenv.AdminPassword) || strings.Contains(all, cipher[:40]) {
				t.Fatalf("system log holds a password: %+v", l)
			}
		}
	})
}

func TestRSALoginNeedsAConfiguredKey(t *testing.T) {
	key, _ := refLoginKey(t)
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		if lr := refLogin(t, e, "admin", refEncrypt(t, &key.PublicKey, testenv.AdminPassword)); lr.Status != "error" {
			t.Fatalf("RSA form accepted without a configured key: %+v", lr)
		}
		if lr := refLogin(t, e, "admin", testenv.AdminPassword); lr.Status != "ok" {
			t.Fatalf("plain query login refused: %+v", lr)
		}
	})
}
