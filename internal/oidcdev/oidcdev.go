// Package oidcdev runs a real OpenID Connect provider for tests and the journeys: the
// zitadel/oidc library's certified OP with its example in-memory storage (discovery,
// authorization code with PKCE, signed ID tokens, userinfo, a username/password login
// page), plus a "groups" claim per user. Our single sign-on is tested against it end to end.
package oidcdev

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// User is an account at the provider.
type User struct {
	ID, Username, Password, Email, Name string
	Groups                              []string
}

// Client is a registered relying party (web client, secret by HTTP Basic or form post).
type Client struct {
	ID, Secret   string
	RedirectURIs []string
}

type users struct{ byID map[string]*User }

func (u users) get(id string) *storage.User {
	x := u.byID[id]
	if x == nil {
		return nil
	}
	first, last, _ := strings.Cut(x.Name, " ")
	return &storage.User{ID: x.ID, Username: x.Username, Password: x.Password, FirstName: first, LastName: last,
		Email: x.Email, EmailVerified: true, PreferredLanguage: language.English}
}
func (u users) GetUserByID(id string) *storage.User { return u.get(id) }
func (u users) GetUserByUsername(name string) *storage.User {
	for id, x := range u.byID {
		if x.Username == name {
			return u.get(id)
		}
	}
	return nil
}
func (u users) ExampleClientID() string { return storage.ServiceUserID }

// store adds the groups claim to the ID token and the userinfo answer.
type store struct {
	*storage.Storage
	users users
}

func (s *store) groups(userinfo *oidc.UserInfo, subject string) {
	if x := s.users.byID[subject]; x != nil && len(x.Groups) > 0 {
		userinfo.AppendClaims("groups", x.Groups)
	}
}

func (s *store) SetUserinfoFromRequest(ctx context.Context, userinfo *oidc.UserInfo, token op.IDTokenRequest, scopes []string) error {
	if err := s.Storage.SetUserinfoFromRequest(ctx, userinfo, token, scopes); err != nil {
		return err
	}
	s.groups(userinfo, token.GetSubject())
	return nil
}

func (s *store) SetUserinfoFromToken(ctx context.Context, userinfo *oidc.UserInfo, tokenID, subject, origin string) error {
	if err := s.Storage.SetUserinfoFromToken(ctx, userinfo, tokenID, subject, origin); err != nil {
		return err
	}
	s.groups(userinfo, userinfo.Subject)
	return nil
}

// New returns the provider's handler for issuer (e.g. http://127.0.0.1:9998/, the address
// it is served at). Its login page is /login/username; the authorization endpoint /auth.
func New(issuer string, clients []Client, list []User, log io.Writer) http.Handler {
	u := users{byID: map[string]*User{}}
	for i := range list {
		u.byID[list[i].ID] = &list[i]
	}
	cs := map[string]*storage.Client{}
	for _, c := range clients {
		cs[c.ID] = storage.WebClient(c.ID, c.Secret, c.RedirectURIs...)
	}
	if log == nil {
		log = io.Discard
	}
	st := &store{Storage: storage.NewStorageWithClients(u, cs), users: u}
	return exampleop.SetupServer(issuer, st, slog.New(slog.NewTextHandler(log, nil)), false)
}
