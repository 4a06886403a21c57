package api_test

import (
	"sync"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"dwsurvey/internal/testenv"
)

// C6: a login of an unknown account does the same password work as a wrong password of a
// known one (one bcrypt comparison at the cost of stored hashes), so timing does not reveal
// which accounts exist. The work is counted, not timed.
func TestLoginDoesEqualWorkForUnknownAccounts(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "timing01", "secret-pw")
		var mu sync.Mutex
		var costs []int
		check := e.Deps.Account.PasswordCheck
		e.Deps.Account.PasswordCheck = func(hash, pw string) bool {
			c, err := bcrypt.Cost([]byte(hash))
			if err != nil {
				c = -1
			}
			mu.Lock()
			costs = append(costs, c)
			mu.Unlock()
			if check != nil {
				return check(hash, pw)
			}
			return bcrypt.CompareHashAndPassword([]byte(hash), []byte(pw)) == nil
		}
		work := func(user, pw string) []int {
			t.Helper()
			mu.Lock()
			costs = nil
			mu.Unlock()
			if lr := e.TryLogin(t, user, pw); lr.Status != "error" {
				t.Fatalf("login %s succeeded", user)
			}
			mu.Lock()
			defer mu.Unlock()
			return append([]int(nil), costs...)
		}
		var stored string
		e.DB.Raw("SELECT password_hash FROM users WHERE login_name = ?", "timing01").Scan(&stored)
		want, _ := bcrypt.Cost([]byte(stored))
		for _, c := range []struct{ user, pw string }{{"timing01", "wrong-pw"}, {"nobody-here", "wrong-pw"}, {"nobody@example.com", "x"}} {
			got := work(c.user, c.pw)
			if len(got) != 1 || got[0] != want {
				t.Errorf("login %q: password comparisons at costs %v, want one at cost %d", c.user, got, want)
			}
		}
		// an unknown account is refused even when its password would match the decoy: the
		// decoy secret is random, and "known" decides
		if lr := e.TryLogin(t, "nobody-here", ""); lr.Status != "error" {
			t.Fatal("empty password accepted")
		}
	})
}
