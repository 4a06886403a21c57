package signin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
)

// OIDC is OpenID Connect single sign-on with one provider: authorization code flow with
// PKCE (S256), state and nonce checked, users matched by MatchClaim or created, roles
// mapped from the groups claim.
type OIDC struct {
	Issuer, ClientID, ClientSecret string
	RedirectURL                    string
	Scopes                         []string
	MatchClaim                     string // email | preferred_username | sub
	GroupsClaim                    string
	RoleMap                        map[string][]string // group -> role codes
	ButtonText                     string
	HTTP                           *http.Client

	mu       sync.Mutex
	provider *oidc.Provider
}

// MsgOIDCFailed is shown when the provider's answer cannot be accepted.
const MsgOIDCFailed = "Single sign-on failed, please try again"

// discover reads the provider's configuration once (retrying on later calls after a failure,
// so a provider that starts after the server does not need a restart).
func (o *OIDC) discover(ctx context.Context) (*oidc.Provider, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.provider != nil {
		return o.provider, nil
	}
	p, err := oidc.NewProvider(o.ctx(ctx), o.Issuer)
	if err != nil {
		return nil, fmt.Errorf("oidc discovery %s: %w", o.Issuer, err)
	}
	o.provider = p
	return p, nil
}

func (o *OIDC) ctx(ctx context.Context) context.Context {
	c := o.HTTP
	if c == nil {
		c = &http.Client{Timeout: 10 * time.Second}
	}
	return oidc.ClientContext(ctx, c)
}

func (o *OIDC) oauth(p *oidc.Provider) *oauth2.Config {
	scopes := append([]string{oidc.ScopeOpenID}, o.Scopes...)
	return &oauth2.Config{ClientID: o.ClientID, ClientSecret: o.ClientSecret, Endpoint: p.Endpoint(), RedirectURL: o.RedirectURL, Scopes: scopes}
}

// OIDCStart returns the provider's authorization address for a new login.
func (s *Service) OIDCStart(ctx context.Context, ip string) (string, error) {
	if s.OIDC == nil {
		return "", models.Invalid("Single sign-on is not configured")
	}
	p, err := s.OIDC.discover(ctx)
	if err != nil {
		return "", err
	}
	nonce, verifier := randomURLSafe(), oauth2.GenerateVerifier()
	state, err := s.newState(ctx, models.AuthState{Kind: models.AuthStateOIDC, Nonce: nonce, Verifier: verifier, ClientIP: ip}, 10*time.Minute)
	if err != nil {
		return "", err
	}
	return s.OIDC.oauth(p).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

// OIDCCallback finishes a login from the provider's redirect (the console's /auth/oidc page
// passes on code and state). The state must be one this server issued and not yet used; the ID
// token must be signed by the provider for this client and carry the state's nonce.
func (s *Service) OIDCCallback(ctx context.Context, state, code, providerErr, ip string) (*account.LoginResult, error) {
	if s.OIDC == nil {
		return nil, models.Invalid("Single sign-on is not configured")
	}
	st, err := s.takeState(ctx, state, models.AuthStateOIDC)
	if err != nil {
		return nil, err
	}
	if providerErr != "" {
		return nil, models.Invalid("The identity provider refused the sign-in (%s)", providerErr)
	}
	if code == "" {
		return nil, models.Invalid(MsgOIDCFailed)
	}
	o := s.OIDC
	p, err := o.discover(ctx)
	if err != nil {
		return nil, err
	}
	tok, err := o.oauth(p).Exchange(o.ctx(ctx), code, oauth2.VerifierOption(st.Verifier))
	if err != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "Single sign-on refused", Notes: "code exchange: " + err.Error(), OperationType: audit.OpLogin, IP: ip})
		return nil, models.Invalid(MsgOIDCFailed)
	}
	rawID, _ := tok.Extra("id_token").(string)
	idt, err := p.Verifier(&oidc.Config{ClientID: o.ClientID}).Verify(o.ctx(ctx), rawID)
	if err != nil {
		s.Audit.Record(ctx, audit.Entry{Name: "Single sign-on refused", Notes: "id token: " + err.Error(), OperationType: audit.OpLogin, IP: ip})
		return nil, models.Invalid(MsgOIDCFailed)
	}
	if idt.Nonce == "" || idt.Nonce != st.Nonce {
		s.Audit.Record(ctx, audit.Entry{Name: "Single sign-on refused", Notes: "nonce mismatch", OperationType: audit.OpLogin, IP: ip})
		return nil, models.Invalid("Single sign-on refused: the nonce does not match")
	}
	claims := map[string]any{}
	if err := idt.Claims(&claims); err != nil {
		return nil, models.Invalid(MsgOIDCFailed)
	}
	// the userinfo endpoint may add claims (groups, email) the ID token leaves out
	if ui, err := p.UserInfo(o.ctx(ctx), oauth2.StaticTokenSource(tok)); err == nil && ui.Subject == idt.Subject {
		extra := map[string]any{}
		if ui.Claims(&extra) == nil {
			for k, v := range extra {
				if _, have := claims[k]; !have {
					claims[k] = v
				}
			}
		}
	}
	userID, err := s.oidcUser(ctx, idt.Issuer+"|"+idt.Subject, claims)
	if err != nil {
		return nil, err
	}
	return s.Account.LoginUser(ctx, userID, ip, "single sign-on")
}

func claimString(c map[string]any, k string) string {
	v, _ := c[k].(string)
	return strings.TrimSpace(v)
}

// oidcUser finds the user of the provider account subject (linked before, or matched by
// the configured claim), creates one when none matches, and applies the role mapping.
func (s *Service) oidcUser(ctx context.Context, subject string, claims map[string]any) (string, error) {
	o := s.OIDC
	var userID string
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var link models.UserIdentity
		err := tx.Take(&link, "provider = ? AND subject = ?", models.IdentityOIDC, subject).Error
		if err == nil {
			userID = link.UserID
		} else if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		email, uname, name := claimString(claims, "email"), claimString(claims, "preferred_username"), claimString(claims, "name")
		if userID == "" {
			match := claimString(claims, o.MatchClaim)
			var u models.User
			q := tx.Order("created_at")
			switch {
			case match == "" || o.MatchClaim == "sub":
				err = gorm.ErrRecordNotFound
			case o.MatchClaim == "email":
				if verified, ok := claims["email_verified"].(bool); ok && !verified {
					return models.Invalid("Single sign-on refused: the provider has not verified the e-mail address")
				}
				err = q.Take(&u, "email = ?", match).Error
			default:
				err = q.Take(&u, "login_name = ?", match).Error
			}
			switch {
			case err == nil:
				userID = u.ID
			case errors.Is(err, gorm.ErrRecordNotFound):
				login := uname
				if login == "" {
					login, _, _ = strings.Cut(email, "@")
				}
				if name == "" {
					name = login
				}
				nu, err := s.Account.CreateExternalUser(ctx, tx, login, name, email, "")
				if err != nil {
					return err
				}
				userID = nu.ID
			default:
				return err
			}
			if err := tx.Create(&models.UserIdentity{Provider: models.IdentityOIDC, Subject: subject, UserID: userID, Name: name, CreatedAt: s.now()}).Error; err != nil {
				return err
			}
		}
		return s.mapRoles(tx, userID, claims[o.GroupsClaim])
	})
	return userID, err
}

// mapRoles gives the roles the user's groups map to and takes away mapped roles whose
// group the user left; roles outside the mapping are left alone.
func (s *Service) mapRoles(tx *gorm.DB, userID string, groupsClaim any) error {
	o := s.OIDC
	if len(o.RoleMap) == 0 {
		return nil
	}
	var groups []string
	switch g := groupsClaim.(type) {
	case []any:
		for _, x := range g {
			if v, ok := x.(string); ok {
				groups = append(groups, v)
			}
		}
	case string:
		groups = strings.Fields(strings.ReplaceAll(g, ",", " "))
	}
	want, managed := map[string]bool{}, map[string]bool{}
	for grp, codes := range o.RoleMap {
		for _, c := range codes {
			managed[c] = true
		}
		for _, ug := range groups {
			if ug == grp {
				for _, c := range codes {
					want[c] = true
				}
			}
		}
	}
	for code := range managed {
		var role models.Role
		if err := tx.Take(&role, "code = ?", code).Error; err != nil {
			continue // a mapped role that does not exist (config names it) is skipped
		}
		if code == models.RoleSuperAdmin && userID == models.SuperAdminID {
			continue
		}
		if want[code] {
			if err := tx.Where(models.UserRole{UserID: userID, RoleID: role.ID}).FirstOrCreate(&models.UserRole{UserID: userID, RoleID: role.ID}).Error; err != nil {
				return err
			}
		} else if err := tx.Where("user_id = ? AND role_id = ?", userID, role.ID).Delete(&models.UserRole{}).Error; err != nil {
			return err
		}
	}
	return nil
}

func randomURLSafe() string { return oauth2.GenerateVerifier()[:32] }
