// Command aistandin serves the local stand-in of an OpenAI-compatible chat-completions API
// (services/language/standin) for the end-to-end journeys: every text comes back marked
// "[<code>] " before its first character, tags and placeholders kept.
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"dwsurvey/services/language/standin"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address")
	key := flag.String("key", "", "the bearer key requests must carry")
	model := flag.String("model", "standin-translate", "the model name requests must name")
	flag.Parse()
	if *key == "" {
		log.Fatal("aistandin: -key is required")
	}
	s := &http.Server{Addr: *addr, Handler: &standin.Server{Key: *key, Model: *model}, ReadHeaderTimeout: 10 * time.Second}
	log.Printf("aistandin: listening on %s", *addr)
	log.Fatal(s.ListenAndServe())
}
