package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/account"
)

func (s *server) registerAccount() {
	for _, base := range []string{"anon/security-token/", "anon/security/"} {
		s.handle(http.MethodPost, base+"login.do", "", "Log in (password; SMS and messaging-app answer 'not configured')", noStore, s.login)
		s.handle(http.MethodPost, base+"logout.do", "", "Log out (revokes the token)", s.logout)
		s.handle(http.MethodPost, base+"register.do", "", "Register (when the site allows it)", s.register)
	}
	s.handle(http.MethodGet, "app/user/currentUser.do", models.PermAuthenticated, "Current user", noStore, s.currentUser)
	s.handle(http.MethodPost, "app/user/up-pwd.do", models.PermAuthenticated, "Change own password", noStore, s.changePassword)
}

type loginBody struct {
	Type     string `json:"type" form:"type"`
	UserName string `json:"userName" form:"userName"`
	Password string `json:"password" form:"password"`
	Captcha  string `json:"captcha" form:"captcha"`
	// phone login (type mobile): the number and the SMS code
	Mobile string `json:"mobile" form:"mobile"`
	Phone  string `json:"phone" form:"phone"`
	Code   string `json:"code" form:"code"`
}

// login answers in the reference's own shape (no envelope at top level).
func (s *server) login(c *gin.Context) {
	var b loginBody
	_ = c.ShouldBind(&b)
	if b.Type == "" {
		b.Type = "account"
	}
	if isPhoneLogin(b.Type) {
		s.phoneLogin(c, b)
		return
	}
	// the reference client sends the password RSA-encrypted (base64); ours sends it plain
	b.Password = s.d.Account.LoginKey.ClientPassword(b.Password)
	s.loginAs(c, account.LoginInput{Type: b.Type, UserName: b.UserName, Password: b.Password, ClientIP: c.ClientIP()})
}

// loginAs answers a user login in the login.do shape (also used by the contacts' login page
// for accounts that are not contacts).
func (s *server) loginAs(c *gin.Context, in account.LoginInput) {
	res, err := s.d.Account.Login(c.Request.Context(), in)
	if err != nil {
		msg := "Login failed"
		if ie, isInvalid := models.AsInvalid(err); isInvalid {
			msg = ie.Msg
		} else {
			fail(c, err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "error", "type": in.Type, "currentAuthority": []string{"guest"}, "token": nil,
			"httpResult": Envelope{ResultCode: codeInvalid, ResultMsg: msg}})
		return
	}
	setDownloadCookie(c, res.Token, int(s.d.Config.Auth.TokenTTL/time.Second))
	c.JSON(http.StatusOK, gin.H{"status": "ok", "type": in.Type, "currentAuthority": res.User.CurrentAuthority, "token": res.Token,
		"httpResult": Envelope{ResultCode: codeOK, ResultMsg: "login success", Data: res.User}})
}

func (s *server) logout(c *gin.Context) {
	if err := s.d.Account.Logout(c.Request.Context(), rawToken(c), c.ClientIP()); err != nil {
		fail(c, err)
		return
	}
	setDownloadCookie(c, "", -1)
	ok(c, nil)
}

type registerBody struct {
	LoginName  string `json:"loginName" form:"loginName"`
	Email      string `json:"email" form:"email"`
	Name       string `json:"name" form:"name"`
	Password   string `json:"password" form:"password"`
	PwdConfirm string `json:"pwdConfirm" form:"pwdConfirm"`
}

func (s *server) register(c *gin.Context) {
	var b registerBody
	if !bind(c, &b) {
		return
	}
	u, err := s.d.Account.Register(c.Request.Context(), account.RegisterInput{LoginName: b.LoginName, Email: b.Email, Name: b.Name,
		Password: b.Password, PwdConfirm: b.PwdConfirm, ClientIP: c.ClientIP()})
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, u)
}

func (s *server) currentUser(c *gin.Context) {
	u, err := account.LoadSafeUser(c.Request.Context(), s.d.DB, principal(c).UserID)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, u)
}

// pwdBody is up-pwd.do's input as the reference client sends it (query or form parameters
// curpwd and pwd) or as JSON; typing the new password twice is the form's check.
type pwdBody struct {
	CurPwd string `json:"curpwd" form:"curpwd"`
	Pwd    string `json:"pwd" form:"pwd"`
}

func (s *server) changePassword(c *gin.Context) {
	var b pwdBody
	if !bind(c, &b) {
		return
	}
	token, err := s.d.Account.ChangePassword(c.Request.Context(), principal(c), b.CurPwd, b.Pwd, c.ClientIP())
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("refresh-token", token)
	ok(c, gin.H{"token": token})
}
