// Command smtpsink runs the test SMTP server of internal/smtpsink for the browser journeys
// (scripts/e2e.sh): real SMTP with STARTTLS and PLAIN authentication on -smtp, and on -http
// GET /messages (the accepted messages as JSON) and POST /reset. It writes its CA
// certificate to <dir>/ca.pem for the product's mail.ca_file. Test use only.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"dwsurvey/internal/smtpsink"
)

func main() {
	smtpAddr := flag.String("smtp", "127.0.0.1:2525", "SMTP listen address")
	httpAddr := flag.String("http", "127.0.0.1:2526", "HTTP address of the message list")
	dir := flag.String("dir", ".", "folder for ca.pem")
	user := flag.String("user", "", "required SMTP user (empty: no AUTH)")
	password := flag.String("password", "", "password of -user")
	flag.Parse()
	s, err := smtpsink.Start(smtpsink.Options{Addr: *smtpAddr, Dir: *dir, User: *user, Password: *password})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(s.Messages())
	})
	mux.HandleFunc("POST /reset", func(w http.ResponseWriter, _ *http.Request) {
		s.Reset()
		w.WriteHeader(http.StatusNoContent)
	})
	srv := &http.Server{Addr: *httpAddr, Handler: mux}
	go func() {
		if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			log.Fatal(err)
		}
	}()
	log.Printf("smtpsink: SMTP on %s, messages on http://%s/messages, CA %s", *smtpAddr, *httpAddr, s.CAFile)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	_ = srv.Close()
	s.Close()
}
