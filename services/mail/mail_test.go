package mail_test

import (
	"context"
	"strings"
	"testing"

	"dwsurvey/internal/smtpsink"
	"dwsurvey/services/mail"
)

func sink(t *testing.T, user, pw string) *smtpsink.Sink {
	t.Helper()
	s, err := smtpsink.Start(smtpsink.Options{User: user, Password: pw, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func client(t *testing.T, s *smtpsink.Sink, mode, user, pw string) *mail.Client {
	t.Helper()
	c, err := mail.New(mail.Config{Host: s.Host(), Port: s.Port(), TLS: mode, User: user, Password: pw, From: "survey@example.org",
		FromName: "Survey\r\nBcc: evil@example.org", CAFile: s.CAFile})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The production client speaks STARTTLS and PLAIN auth to a real SMTP server; the text,
// the encoded subject and the link arrive intact; a name with CR LF cannot add a header.
func TestSendOverSTARTTLSWithAuth(t *testing.T) {
	s := sink(t, "mailer", "s3cret-pw")
	c := client(t, s, mail.TLSStartTLS, "mailer", "s3cret-pw")
	sess, err := c.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	for _, to := range []string{"ann@example.org", "bob@example.org"} {
		if err := sess.Send(mail.Message{To: to, Subject: "邀请：员工满意度调查", Text: "你好\nhttp://127.0.0.1/v8/diaowen/an/abc/contacts/0123456789abcdef01234567"}); err != nil {
			t.Fatal(err)
		}
	}
	got := s.Messages()
	if len(got) != 2 || s.Connections() != 1 {
		t.Fatalf("%d messages over %d connections", len(got), s.Connections())
	}
	m := got[0]
	if m.Subject != "邀请：员工满意度调查" || !strings.Contains(m.Body, "/contacts/0123456789abcdef01234567") || m.To[0] != "ann@example.org" {
		t.Fatalf("message %+v", m)
	}
	if strings.Contains(m.Raw, "\r\nBcc:") {
		t.Fatalf("header injected:\n%s", m.Raw)
	}
}

// A wrong password, a server without TLS trust and a refused recipient are told apart: the
// refused recipient (550) is a bounce, a 451 is a failure to retry, and the session goes on.
func TestRefusalsAreClassified(t *testing.T) {
	s := sink(t, "mailer", "s3cret-pw")
	if _, err := client(t, s, mail.TLSStartTLS, "mailer", "wrong-pw").Open(context.Background()); err == nil {
		t.Fatal("wrong password accepted")
	}
	c := client(t, s, mail.TLSStartTLS, "mailer", "s3cret-pw")
	sess, err := c.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	s.Reject("gone@example.org")
	err = sess.Send(mail.Message{To: "gone@example.org", Subject: "x", Text: "x"})
	if !mail.IsBounce(err) {
		t.Fatalf("550 is not a bounce: %v", err)
	}
	s.FailNext(1)
	if err = sess.Send(mail.Message{To: "later@example.org", Subject: "x", Text: "x"}); err == nil || mail.IsBounce(err) {
		t.Fatalf("451: %v", err)
	}
	if err := sess.Send(mail.Message{To: "ok@example.org", Subject: "x", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Send(mail.Message{To: "not an address", Subject: "x", Text: "x"}); !mail.IsBounce(err) {
		t.Fatalf("bad address: %v", err)
	}
	if n := len(s.Messages()); n != 1 {
		t.Fatalf("%d messages accepted", n)
	}
	// without the CA the certificate is not trusted
	bad, _ := mail.New(mail.Config{Host: s.Host(), Port: s.Port(), TLS: mail.TLSStartTLS, From: "survey@example.org"})
	if _, err := bad.Open(context.Background()); err == nil {
		t.Fatal("untrusted certificate accepted")
	}
	// a server that needs STARTTLS refuses the plain client's MAIL FROM
	plain, _ := mail.New(mail.Config{Host: s.Host(), Port: s.Port(), TLS: mail.TLSNone, From: "survey@example.org"})
	ps, err := plain.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()
	if err := ps.Send(mail.Message{To: "ok@example.org", Subject: "x", Text: "x"}); err == nil {
		t.Fatal("plain text accepted")
	}
}
