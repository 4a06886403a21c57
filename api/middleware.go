package api

import (
	"errors"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"dwsurvey/services/account"
	"dwsurvey/services/admin"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	"dwsurvey/services/contacts"
)

const (
	ctxRequestID = "requestID"
	ctxPrincipal = "principal"
)

// requestID tags each request and sets baseline security headers.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		rid := uuid.NewString()[:8]
		c.Set(ctxRequestID, rid)
		h := c.Writer.Header()
		h.Set("X-Request-Id", rid)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		c.Next()
	}
}

// recovery turns a panic into a logged 500 envelope.
func recovery() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				slog.Error("panic", "request_id", c.GetString(ctxRequestID), "path", c.Request.URL.Path, "panic", r, "stack", string(debug.Stack()))
				reply(c, codeServer, "Server error (request id "+c.GetString(ctxRequestID)+")")
			}
		}()
		c.Next()
	}
}

// rawToken reads Authorization (raw token, "Bearer " accepted). Only the reference client's
// export download, which that client opens by plain navigation (no header), also reads the
// login's download cookie (downloadCookie).
func rawToken(c *gin.Context) string {
	t := strings.TrimSpace(c.GetHeader("Authorization"))
	if len(t) > 7 && strings.EqualFold(t[:7], "bearer ") {
		t = strings.TrimSpace(t[7:])
	}
	if t == "" && c.Request.URL.Path == downloadCookiePath {
		if v, err := c.Cookie(downloadCookie); err == nil {
			t = strings.TrimSpace(v)
		}
	}
	return t
}

// downloadCookie carries the login token to the one address the reference client navigates
// to for a file (its export download: window.location, no Authorization header). It is
// HttpOnly, SameSite=Strict and scoped to that path, so no script reads it, no other site
// sends it and no other route accepts it; logout clears it.
const (
	downloadCookie     = "dws_download"
	downloadCookiePath = Prefix + "/app/v6/answer/export-log/download-answer-xls.do"
)

// servedOverHTTPS reports whether the browser reached us over HTTPS: directly, or through a
// proxy that says so (X-Forwarded-Proto). A client that claims https over plain http only
// makes its own cookies Secure, never less safe.
func servedOverHTTPS(c *gin.Context) bool {
	return c.Request.TLS != nil || strings.EqualFold(strings.TrimSpace(c.GetHeader("X-Forwarded-Proto")), "https")
}

func setDownloadCookie(c *gin.Context, token string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{Name: downloadCookie, Value: token, Path: downloadCookiePath, MaxAge: maxAge,
		HttpOnly: true, Secure: servedOverHTTPS(c), SameSite: http.SameSiteStrictMode})
}

// optionalAuth attaches the principal when a valid token is sent, and never refuses.
func (s *server) optionalAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		if t := rawToken(c); t != "" {
			if contacts.IsContactToken(t) {
				if s.d.Contacts != nil {
					if cp, err := s.d.Contacts.Authenticate(c.Request.Context(), t); err == nil {
						c.Set(ctxContact, cp)
					}
				}
			} else if p, err := s.d.Account.Authenticate(c.Request.Context(), t); err == nil {
				c.Set(ctxPrincipal, p)
			}
		}
		c.Next()
	}
}

// requirePerm refuses callers without a valid token (401) or without perm (403).
func (s *server) requirePerm(perm string) gin.HandlerFunc {
	return func(c *gin.Context) {
		p, err := s.d.Account.Authenticate(c.Request.Context(), rawToken(c))
		if errors.Is(err, account.ErrUnauthenticated) {
			reply(c, codeUnauth, "Not logged in or the login has expired")
			return
		}
		if err != nil {
			fail(c, err)
			return
		}
		c.Set(ctxPrincipal, p)
		if !p.Has(perm) {
			s.d.Audit.Record(c.Request.Context(), audit.Entry{Name: "Permission denied", Notes: c.Request.Method + " " + c.Request.URL.Path + " needs " + perm,
				OperationType: audit.OpPermissionDenied, UserID: p.UserID, UserName: p.LoginName, IP: c.ClientIP()})
			reply(c, codeForbidden, "account has no permission for this operation")
			return
		}
		c.Next()
	}
}

func principal(c *gin.Context) *account.Principal {
	if v, exists := c.Get(ctxPrincipal); exists {
		return v.(*account.Principal)
	}
	return nil
}

func actor(c *gin.Context) admin.Actor {
	p := principal(c)
	if p == nil {
		return admin.Actor{IP: c.ClientIP()}
	}
	return admin.Actor{UserID: p.UserID, UserName: p.LoginName, IP: c.ClientIP()}
}

func auditEntry(c *gin.Context) audit.Entry {
	a := actor(c)
	return audit.Entry{UserID: a.UserID, UserName: a.UserName, IP: a.IP}
}

// noStore marks answers that must not be cached (tokens, user data).
func noStore(c *gin.Context) { c.Header("Cache-Control", "no-store"); c.Next() }

// probeGuard marks the request context of the anonymous areas with the client address, so
// that survey lookups of unknown ids count against it (services/answer/probe.go).
func probeGuard(c *gin.Context) {
	c.Request = c.Request.WithContext(answersvc.WithProbeAddress(c.Request.Context(), c.ClientIP()))
	c.Next()
}
