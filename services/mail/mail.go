// Package mail sends e-mail through an SMTP server (config mail.*): plain, STARTTLS or
// implicit TLS, optional PLAIN authentication, one connection per batch of messages.
// Refusals are classified for the caller: a recipient the server refuses permanently
// (5xx to RCPT TO) is a bounce, anything else a failure.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"time"
)

// TLS modes of Config.TLS.
const (
	TLSNone     = "none"     // plain SMTP (only for a relay on a trusted network)
	TLSStartTLS = "starttls" // plain connection upgraded with STARTTLS (required, never skipped)
	TLSImplicit = "tls"      // TLS from the first byte (SMTPS, usually port 465)
)

// Config is the SMTP server and the sender.
type Config struct {
	Host     string
	Port     int
	TLS      string
	User     string
	Password string // never logged
	// From is the sender address; FromName its display name.
	From     string
	FromName string
	// CAFile is a PEM file of extra roots to trust (a private CA); empty: the system roots.
	CAFile string
	// Timeout bounds connecting and each command (default 30 s).
	Timeout time.Duration
	// HeloName is the name sent in EHLO (default "localhost").
	HeloName string
}

// Client sends messages with Config.
type Client struct {
	cfg   Config
	roots *x509.CertPool
}

// New checks cfg; an empty Host gives a client that is not configured.
func New(cfg Config) (*Client, error) {
	c := &Client{cfg: cfg}
	if cfg.Host == "" {
		return c, nil
	}
	switch cfg.TLS {
	case "":
		c.cfg.TLS = TLSStartTLS
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		return nil, fmt.Errorf("mail.tls %q: want none, starttls or tls", cfg.TLS)
	}
	if cfg.Port <= 0 || cfg.Port > 65535 {
		return nil, fmt.Errorf("mail.port %d: want 1..65535", cfg.Port)
	}
	if a, err := mail.ParseAddress(cfg.From); err != nil || a.Address != cfg.From {
		return nil, fmt.Errorf("mail.from %q: want an e-mail address", cfg.From)
	}
	if cfg.CAFile != "" {
		pem, err := os.ReadFile(cfg.CAFile)
		if err != nil {
			return nil, fmt.Errorf("mail.ca_file: %w", err)
		}
		c.roots = x509.NewCertPool()
		if !c.roots.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("mail.ca_file %s: no PEM certificate", cfg.CAFile)
		}
	}
	if c.cfg.Timeout <= 0 {
		c.cfg.Timeout = 30 * time.Second
	}
	if c.cfg.HeloName == "" {
		c.cfg.HeloName = "localhost"
	}
	return c, nil
}

// Configured reports whether a server is set.
func (c *Client) Configured() bool { return c != nil && c.cfg.Host != "" }

// Message is one plain-text e-mail (UTF-8).
type Message struct {
	To      string
	Subject string
	Text    string
}

// SendError is a refusal by the server or a transport failure.
type SendError struct {
	// Bounce: the server refused the recipient permanently (5xx to RCPT TO).
	Bounce bool
	// Code is the SMTP reply code (0 for transport failures).
	Code int
	Msg  string
}

func (e *SendError) Error() string {
	if e.Code > 0 {
		return fmt.Sprintf("SMTP %d: %s", e.Code, e.Msg)
	}
	return e.Msg
}

// IsBounce reports a permanent refusal of the recipient.
func IsBounce(err error) bool {
	var se *SendError
	return errors.As(err, &se) && se.Bounce
}

// ErrNotConfigured is returned by a client without a server.
var ErrNotConfigured = errors.New("e-mail is not configured (mail.host)")

// Session is one SMTP connection that sends several messages in turn.
type Session struct {
	c    *Client
	conn net.Conn
	smtp *smtp.Client
}

// Open connects, upgrades to TLS as configured and authenticates.
func (c *Client) Open(ctx context.Context) (*Session, error) {
	if !c.Configured() {
		return nil, ErrNotConfigured
	}
	addr := net.JoinHostPort(c.cfg.Host, strconv.Itoa(c.cfg.Port))
	d := net.Dialer{Timeout: c.cfg.Timeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, &SendError{Msg: "cannot connect to the mail server: " + err.Error()}
	}
	tlsCfg := &tls.Config{ServerName: c.cfg.Host, RootCAs: c.roots, MinVersion: tls.VersionTLS12}
	if c.cfg.TLS == TLSImplicit {
		conn = tls.Client(conn, tlsCfg)
	}
	_ = conn.SetDeadline(time.Now().Add(c.cfg.Timeout))
	sc, err := smtp.NewClient(conn, c.cfg.Host)
	if err != nil {
		conn.Close()
		return nil, classify(err, "greeting")
	}
	s := &Session{c: c, conn: conn, smtp: sc}
	if err := sc.Hello(c.cfg.HeloName); err != nil {
		s.Close()
		return nil, classify(err, "EHLO")
	}
	if c.cfg.TLS == TLSStartTLS {
		if ok, _ := sc.Extension("STARTTLS"); !ok {
			s.Close()
			return nil, &SendError{Msg: "the mail server does not offer STARTTLS (mail.tls is starttls)"}
		}
		if err := sc.StartTLS(tlsCfg); err != nil {
			s.Close()
			return nil, classify(err, "STARTTLS")
		}
	}
	if c.cfg.User != "" {
		// PLAIN only over TLS (net/smtp refuses it on a plain connection except to localhost)
		if err := sc.Auth(smtp.PlainAuth("", c.cfg.User, c.cfg.Password, c.cfg.Host)); err != nil {
			s.Close()
			return nil, classify(err, "AUTH")
		}
	}
	return s, nil
}

// Send sends one message on the session. After a transport failure the session is
// unusable (Close it and open another).
func (s *Session) Send(m Message) error {
	to := strings.TrimSpace(m.To)
	if a, err := mail.ParseAddress(to); err != nil || a.Address != to {
		return &SendError{Bounce: true, Msg: "not an e-mail address"}
	}
	_ = s.conn.SetDeadline(time.Now().Add(s.c.cfg.Timeout))
	if err := s.smtp.Mail(s.c.cfg.From); err != nil {
		s.reset()
		return classify(err, "MAIL FROM")
	}
	if err := s.smtp.Rcpt(to); err != nil {
		s.reset()
		se := classify(err, "RCPT TO")
		if se.Code >= 500 {
			se.Bounce = true
		}
		return se
	}
	w, err := s.smtp.Data()
	if err != nil {
		s.reset()
		return classify(err, "DATA")
	}
	if _, err := w.Write(s.c.Format(m)); err != nil {
		return classify(err, "DATA")
	}
	if err := w.Close(); err != nil {
		return classify(err, "end of DATA")
	}
	return nil
}

func (s *Session) reset() { _ = s.smtp.Reset() }

// Close ends the session (QUIT, then the connection).
func (s *Session) Close() {
	if s == nil || s.smtp == nil {
		return
	}
	_ = s.conn.SetDeadline(time.Now().Add(5 * time.Second))
	_ = s.smtp.Quit()
	_ = s.smtp.Close()
}

func classify(err error, step string) *SendError {
	var se *SendError
	if errors.As(err, &se) {
		return se
	}
	var te *textproto.Error
	if errors.As(err, &te) {
		return &SendError{Code: te.Code, Msg: step + ": " + te.Msg}
	}
	return &SendError{Msg: step + ": " + err.Error()}
}

// Format renders m as an RFC 5322 message: UTF-8 text in quoted-printable, encoded
// subject and sender name, a fresh Message-ID. Header values lose CR and LF (no header
// injection through a contact's name or an author's subject).
func (c *Client) Format(m Message) []byte {
	var b bytes.Buffer
	oneLine := func(v string) string { return strings.NewReplacer("\r", " ", "\n", " ").Replace(v) }
	from := (&mail.Address{Name: oneLine(c.cfg.FromName), Address: c.cfg.From}).String()
	domain := c.cfg.From[strings.LastIndexByte(c.cfg.From, '@')+1:]
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	fmt.Fprintf(&b, "From: %s\r\n", from)
	fmt.Fprintf(&b, "To: %s\r\n", oneLine(m.To))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.BEncoding.Encode("UTF-8", oneLine(m.Subject)))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n", "\r\n")))
	_ = qp.Close()
	b.WriteString("\r\n")
	return b.Bytes()
}
