package api

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// Cookies we set carry Secure when the browser reached us over HTTPS, also behind a
// TLS-terminating proxy (X-Forwarded-Proto), and not over plain http.
func TestCookiesAreSecureBehindHTTPSProxy(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, tc := range []struct {
		proto  string
		secure bool
	}{{"", false}, {"http", false}, {"https", true}, {" HTTPS ", true}} {
		w := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(w)
		c.Request = httptest.NewRequest(http.MethodPost, "/api/dwsurvey/anon/security-token/login.do", nil)
		if tc.proto != "" {
			c.Request.Header.Set("X-Forwarded-Proto", tc.proto)
		}
		setDownloadCookie(c, "tok", 60)
		cookies := (&http.Response{Header: w.Header()}).Cookies()
		if len(cookies) != 1 || cookies[0].Secure != tc.secure || !cookies[0].HttpOnly {
			t.Errorf("X-Forwarded-Proto %q: cookie %+v, want Secure=%v and HttpOnly", tc.proto, cookies, tc.secure)
		}
	}
}
