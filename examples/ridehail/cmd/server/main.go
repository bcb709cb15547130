// Command server runs the ridehail API and the wallet top-up relay.
//
//	DATABASE_URL=postgres://... PAYMENTS_URL=https://... PAYMENTS_KEY=... server
package main

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/idemvet/idemvet/examples/ridehail/internal/api"
	"github.com/idemvet/idemvet/examples/ridehail/internal/dispatch"
	"github.com/idemvet/idemvet/examples/ridehail/internal/payments"
	"github.com/idemvet/idemvet/examples/ridehail/internal/store"
	"github.com/idemvet/idemvet/examples/ridehail/internal/wallet"
	"github.com/robfig/cron/v3"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := store.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatalf("open database: %v", err)
	}
	defer st.Pool.Close()

	pay := payments.New(os.Getenv("PAYMENTS_URL"), os.Getenv("PAYMENTS_KEY"))
	wal := &wallet.Service{Store: st, Payments: pay, WebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET")}
	srv := &api.Server{
		Store:    st,
		Dispatch: &dispatch.Service{Store: st, Payments: pay},
		Wallet:   wal,
	}

	go wal.RunTopUpRelay(ctx)

	jobs := cron.New()
	wal.Schedule(jobs)
	jobs.Start()
	defer jobs.Stop()

	httpSrv := &http.Server{Addr: ":8080", Handler: srv.Routes(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = httpSrv.Shutdown(shutdownCtx)
	}()
	log.Printf("listening on %s", httpSrv.Addr)
	if err := httpSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
