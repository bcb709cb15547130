package main

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/wiring/repository/pg"
	"example.com/wiring/repository/pgledger"
	"example.com/wiring/service"
	"example.com/wiring/service/ledger"
	"example.com/wiring/service/payout"
	"example.com/wiring/store/pgstore"
)

func main() {
	db, _ := sql.Open("postgres", "")
	svc := &service.Service{Accounts: pg.NewAccountRepository(db)}
	payouts := payout.New(pgstore.New(db))
	limits := &ledger.Service{Store: pgledger.New(db)}
	http.HandleFunc("/credit", func(w http.ResponseWriter, r *http.Request) {
		_ = svc.Credit(context.Background(), 1, 10)
	})
	http.HandleFunc("/withdraw", func(w http.ResponseWriter, r *http.Request) {
		_ = payouts.Withdraw(context.Background(), 1, 10)
	})
	http.HandleFunc("/raise", func(w http.ResponseWriter, r *http.Request) {
		_ = limits.Raise(context.Background(), 1, 10)
	})
	_ = http.ListenAndServe(":8080", nil)
}
