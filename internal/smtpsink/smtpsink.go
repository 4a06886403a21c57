// Package smtpsink is a real SMTP server for tests (built on github.com/emersion/go-smtp):
// it speaks SMTP with STARTTLS under a certificate of its own CA (written to a PEM file
// the product's client is configured to trust), requires PLAIN authentication when a user
// is set, refuses chosen recipients with 550 (a bounce) and keeps every accepted message.
package smtpsink

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Message is one accepted message.
type Message struct {
	From    string
	To      []string
	Subject string
	Body    string // decoded text body
	Raw     string
	At      time.Time
}

// Options of a sink.
type Options struct {
	// User and Password, when set, are required (AUTH PLAIN, only after STARTTLS).
	User, Password string
	// Dir receives ca.pem (default: a temporary folder).
	Dir string
	// Addr to listen on (default 127.0.0.1:0).
	Addr string
	// Delay slows the acceptance of every message (a slow server).
	Delay time.Duration
	// HangAfter > 0: the message after the first HangAfter ones is held (its DATA gets no
	// reply) until Release, like a server or network that stops mid-send.
	HangAfter int
}

// Sink is a running server.
type Sink struct {
	srv    *smtp.Server
	ln     net.Listener
	opts   Options
	CAFile string

	mu       sync.Mutex
	msgs     []Message
	reject   map[string]bool
	failNext int             // transient failures (451) of the next RCPTs
	failOnce map[string]bool // recipients refused once with 451
	data     int             // DATA commands seen
	hung     chan struct{}
	hanging  bool
	conns    map[string]bool
}

// Start listens and serves until Close.
func Start(o Options) (*Sink, error) {
	if o.Dir == "" {
		d, err := os.MkdirTemp("", "smtpsink")
		if err != nil {
			return nil, err
		}
		o.Dir = d
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	cert, caPEM, err := selfSigned()
	if err != nil {
		return nil, err
	}
	s := &Sink{opts: o, reject: map[string]bool{}, failOnce: map[string]bool{}, conns: map[string]bool{}, hung: make(chan struct{}), CAFile: filepath.Join(o.Dir, "ca.pem")}
	if err := os.WriteFile(s.CAFile, caPEM, 0o644); err != nil {
		return nil, err
	}
	srv := smtp.NewServer(s)
	srv.Domain = "localhost"
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	srv.MaxMessageBytes = 1 << 20
	srv.MaxRecipients = 10
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, err
	}
	s.srv, s.ln = srv, ln
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// Host and Port of the listener.
func (s *Sink) Host() string { return "127.0.0.1" }

// Port of the listener.
func (s *Sink) Port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// Close stops the server.
func (s *Sink) Close() {
	s.Release()
	_ = s.srv.Close()
}

// Hanging reports whether a message is being held (Options.HangAfter).
func (s *Sink) Hanging() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hanging
}

// Release lets the held message through.
func (s *Sink) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hanging {
		s.hanging = false
		close(s.hung)
	}
}

// Reject makes the server refuse addr with 550 (permanently).
func (s *Sink) Reject(addr string) {
	s.mu.Lock()
	s.reject[strings.ToLower(addr)] = true
	s.mu.Unlock()
}

// FailNext makes the next n recipients fail with 451 (temporarily), whoever they are: the
// count is only consumed by a recipient that is not rejected (Reject), so a test whose
// client picks recipients in an order of its own should name the recipient (FailOnce).
func (s *Sink) FailNext(n int) {
	s.mu.Lock()
	s.failNext = n
	s.mu.Unlock()
}

// FailOnce makes the server refuse addr with 451 (temporarily) the next time it is a
// recipient, then accept it again.
func (s *Sink) FailOnce(addr string) {
	s.mu.Lock()
	s.failOnce[strings.ToLower(addr)] = true
	s.mu.Unlock()
}

// Messages returns a copy of the accepted messages (never nil: an empty list is `[]` in JSON).
func (s *Sink) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append(make([]Message, 0, len(s.msgs)), s.msgs...)
}

// Reset forgets the accepted messages.
func (s *Sink) Reset() {
	s.mu.Lock()
	s.msgs = nil
	s.mu.Unlock()
}

// Connections counts the client connections served.
func (s *Sink) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// NewSession implements smtp.Backend.
func (s *Sink) NewSession(c *smtp.Conn) (smtp.Session, error) {
	s.mu.Lock()
	s.conns[c.Conn().RemoteAddr().String()] = true
	s.mu.Unlock()
	return &session{s: s, c: c}, nil
}

type session struct {
	s    *Sink
	c    *smtp.Conn
	auth bool
	from string
	to   []string
}

func (x *session) AuthMechanisms() []string {
	if x.s.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != x.s.opts.User || pass != x.s.opts.Password {
			return errors.New("invalid username or password")
		}
		x.auth = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if _, isTLS := x.c.TLSConnectionState(); !isTLS {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Must issue a STARTTLS command first"}
	}
	if x.s.opts.User != "" && !x.auth {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	if x.s.reject[strings.ToLower(to)] {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here"}
	}
	if x.s.failOnce[strings.ToLower(to)] {
		delete(x.s.failOnce, strings.ToLower(to))
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	if x.s.failNext > 0 {
		x.s.failNext--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if x.s.opts.Delay > 0 {
		time.Sleep(x.s.opts.Delay)
	}
	x.s.mu.Lock()
	x.s.data++
	hang := x.s.opts.HangAfter > 0 && x.s.data == x.s.opts.HangAfter+1
	if hang {
		x.s.hanging = true
	}
	x.s.mu.Unlock()
	if hang {
		<-x.s.hung
	}
	m := Message{From: x.from, To: x.to, Raw: string(raw), At: time.Now()}
	if pm, err := mail.ReadMessage(bytes.NewReader(raw)); err == nil {
		dec := new(mimeDecoder)
		m.Subject = dec.header(pm.Header.Get("Subject"))
		m.Body = dec.body(pm.Header.Get("Content-Transfer-Encoding"), pm.Body)
	}
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, m)
	x.s.mu.Unlock()
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }

// selfSigned makes a CA-signed certificate for 127.0.0.1 and localhost.
func selfSigned() (tls.Certificate, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: "smtpsink test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, caPEM, nil
}
