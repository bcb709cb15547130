// Command server writes its default config and certificate, then serves.
package main

import (
	"log"
	"net/http"

	"startup/api"
	"startup/app"
	"startup/config"
)

func main() {
	if err := app.Init("/var/lib/svc"); err != nil { // ok: start-up, before anything serves
		log.Fatal(err)
	}
	if err := config.EnsureCert("/var/lib/svc/tls.pem", nil); err != nil { // ok: start-up
		log.Fatal(err)
	}
	h := &api.Handler{Dir: "/var/lib/svc"}
	http.HandleFunc("/rotate", h.RotateCert)
	log.Fatal(http.ListenAndServe(":8443", nil))
}
