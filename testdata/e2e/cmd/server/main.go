// Command server runs the end-to-end module's HTTP API. It exists so that
// the module has a main package, like the services idemvet is meant for.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"strings"

	"github.com/idemvet/idemvet/testdata/e2e/internal/app"
)

func main() {
	h, err := app.New(context.Background(), app.Config{
		DatabaseURL:  os.Getenv("DATABASE_URL"),
		PaymentsURL:  os.Getenv("PAYMENTS_URL"),
		PaymentsKey:  os.Getenv("PAYMENTS_KEY"),
		KafkaBrokers: strings.Split(os.Getenv("KAFKA_BROKERS"), ","),
	})
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(http.ListenAndServe(":8080", h))
}
