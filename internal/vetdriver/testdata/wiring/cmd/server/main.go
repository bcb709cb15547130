package main

import (
	"context"

	"database/sql"
	"example.com/wiring/api/limits"
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
	credit := &ledger.Service{Store: pgledger.New(db)}
	http.HandleFunc("/credit", func(w http.ResponseWriter, r *http.Request) {
		_ = svc.Credit(context.Background(), 1, 10)
	})
	http.HandleFunc("/withdraw", func(w http.ResponseWriter, r *http.Request) {
		_ = payouts.Withdraw(context.Background(), 1, 10)
	})
	http.HandleFunc("/raise", func(w http.ResponseWriter, r *http.Request) {
		_ = credit.Raise(context.Background(), 1, 10)
		_ = limits.Double(context.Background(), credit, 1)
	})
	_ = http.ListenAndServe(":8080", nil)
}
