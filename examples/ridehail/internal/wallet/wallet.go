// Package wallet holds riders' prepaid balances: debits for rides and
// top-ups charged to a card.
package wallet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
	"github.com/idemvet/idemvet/examples/ridehail/internal/payments"
	"github.com/idemvet/idemvet/examples/ridehail/internal/store"
)

type Service struct {
	Store    *store.Store
	Payments *payments.Client
	// WebhookSecret verifies Stripe's webhook signatures.
	WebhookSecret string
}

// Debit is the original ride payment: read the balance, subtract in Go,
// write the result. Two rides paid at the same moment both read the same
// balance; the wallet is charged once and the rider rides twice.
func (s *Service) Debit(ctx context.Context, walletID, amount int64) error {
	w, err := s.Store.Q.GetWallet(ctx, walletID)
	if err != nil {
		return err
	}
	if w.BalanceCents < amount {
		return store.ErrInsufficientFunds
	}
	return s.Store.Q.SetWalletBalance(ctx, db.SetWalletBalanceParams{ID: walletID, BalanceCents: w.BalanceCents - amount}) // HAZARD(lostupdate)
}

// DebitAtomic lets PostgreSQL do the arithmetic and the funds check in one
// statement: balance_cents = balance_cents - $amount WHERE balance_cents >=
// $amount. No row affected means insufficient funds.
func (s *Service) DebitAtomic(ctx context.Context, walletID, amount int64) error {
	n, err := s.Store.Q.DebitWallet(ctx, db.DebitWalletParams{ID: walletID, Amount: amount}) // SAFE(lostupdate): arithmetic in SQL, guard checked
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrInsufficientFunds
	}
	return nil
}

// TopUp is the original top-up: lock the wallet row, charge the card over
// HTTP, credit the wallet, commit. While the processor takes its time (or
// times out after 10 s) every debit of this wallet waits on the row lock,
// and a crash after the charge loses the credit.
func (s *Service) TopUp(ctx context.Context, walletID, amount int64) error {
	return s.Store.InTx(ctx, func(q *db.Queries) error {
		w, err := q.GetWalletForUpdate(ctx, walletID)
		if err != nil {
			return err
		}
		if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{RiderID: w.RiderID, AmountCents: amount, Currency: "EUR", Description: "wallet top-up"}); err != nil { // HAZARD(lockacrosscall)
			return fmt.Errorf("charge: %w", err)
		}
		return q.CreditWallet(ctx, db.CreditWalletParams{ID: walletID, Amount: amount})
	})
}

// topUpRequested is the outbox message written by RequestTopUp.
type topUpRequested struct {
	WalletID       int64  `json:"wallet_id"`
	RiderID        int64  `json:"rider_id"`
	AmountCents    int64  `json:"amount_cents"`
	IdempotencyKey string `json:"idempotency_key"`
}

const topicTopUp = "wallet.topup_requested"

// RequestTopUp only records the intent: an outbox row written in a short
// transaction that talks to nobody but the database. The relay
// (RunTopUpRelay) charges the card after the commit.
func (s *Service) RequestTopUp(ctx context.Context, walletID, amount int64, idempotencyKey string) error {
	return s.Store.InTx(ctx, func(q *db.Queries) error {
		w, err := q.GetWallet(ctx, walletID)
		if err != nil {
			return err
		}
		payload, err := json.Marshal(topUpRequested{WalletID: w.ID, RiderID: w.RiderID, AmountCents: amount, IdempotencyKey: idempotencyKey})
		if err != nil {
			return err
		}
		return q.InsertOutbox(ctx, db.InsertOutboxParams{Topic: topicTopUp, Payload: payload}) // SAFE(lockacrosscall): outbox row in the transaction; the charge happens after commit
	})
}

// RunTopUpRelay claims batches of top-up requests and processes them until
// ctx is done.
func (s *Service) RunTopUpRelay(ctx context.Context) {
	for ctx.Err() == nil {
		msgs, err := s.Store.Q.ClaimOutbox(ctx, db.ClaimOutboxParams{Topic: topicTopUp, Limit: 20})
		if err != nil {
			log.Printf("claim outbox: %v", err)
		}
		for _, m := range msgs {
			if err := s.processTopUp(ctx, m.Payload); err != nil {
				log.Printf("top-up %d: %v", m.ID, err)
				_ = s.Store.Q.ReleaseOutbox(ctx, m.ID)
			}
		}
		if len(msgs) == 0 {
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

// processTopUp charges with the request's idempotency key (no transaction
// open), then books the credit once: the ledger's UNIQUE (wallet_id,
// idempotency_key) turns a redelivered message into a no-op.
func (s *Service) processTopUp(ctx context.Context, payload []byte) error {
	var m topUpRequested
	if err := json.Unmarshal(payload, &m); err != nil {
		return err
	}
	if _, err := s.Payments.ChargeIdempotent(ctx, "topup-"+m.IdempotencyKey, payments.ChargeRequest{RiderID: m.RiderID, AmountCents: m.AmountCents, Currency: "EUR", Description: "wallet top-up"}); err != nil { // SAFE(lockacrosscall): no transaction is open
		return err
	}
	return s.Store.InTx(ctx, func(q *db.Queries) error {
		n, err := q.InsertLedgerEntry(ctx, db.InsertLedgerEntryParams{WalletID: m.WalletID, AmountCents: m.AmountCents, Reason: "top-up", IdempotencyKey: m.IdempotencyKey})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil // already booked by an earlier delivery
		}
		return q.CreditWallet(ctx, db.CreditWalletParams{ID: m.WalletID, Amount: m.AmountCents})
	})
}

// ErrNoKey is returned when a top-up arrives without an Idempotency-Key.
var ErrNoKey = errors.New("Idempotency-Key header required")
