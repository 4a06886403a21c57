// Command oidcdev serves a real OpenID Connect provider (internal/oidcdev) for the journeys
// and local trials of single sign-on. Users: -user id:username:password:email:Name:group1+group2
// (repeatable); client: -client id:secret:redirect-uri.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strings"

	"dwsurvey/internal/oidcdev"
)

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func main() {
	addr := flag.String("addr", "127.0.0.1:9998", "listen address")
	issuer := flag.String("issuer", "", "issuer URL (default http://<addr>/)")
	var users, clients multi
	flag.Var(&users, "user", "id:username:password:email:Name:group1+group2 (repeatable)")
	flag.Var(&clients, "client", "id:secret:redirect-uri (repeatable; the URI may contain colons)")
	flag.Parse()
	if *issuer == "" {
		*issuer = "http://" + *addr + "/"
	}
	var us []oidcdev.User
	for _, s := range users {
		p := strings.SplitN(s, ":", 6)
		if len(p) < 5 {
			log.Fatalf("bad -user %q", s)
		}
		u := oidcdev.User{ID: p[0], Username: p[1], Password: p[2], Email: p[3], Name: p[4]}
		if len(p) == 6 && p[5] != "" {
			u.Groups = strings.Split(p[5], "+")
		}
		us = append(us, u)
	}
	var cs []oidcdev.Client
	for _, s := range clients {
		p := strings.SplitN(s, ":", 3)
		if len(p) != 3 {
			log.Fatalf("bad -client %q", s)
		}
		cs = append(cs, oidcdev.Client{ID: p[0], Secret: p[1], RedirectURIs: []string{p[2]}})
	}
	log.Printf("oidcdev: issuer %s", *issuer)
	log.Fatal(http.ListenAndServe(*addr, oidcdev.New(*issuer, cs, us, os.Stderr)))
}
