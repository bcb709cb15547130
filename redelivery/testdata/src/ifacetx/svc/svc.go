// Package svc is the ledger service, behind an interface.
package svc

import (
	"context"
	"database/sql"

	"ifacetx/repo"
)

// Ledger is what the handlers see.
type Ledger interface {
	Credit(ctx context.Context, customer string, amount int64) error
	CreditOnce(ctx context.Context, eventID, customer string, amount int64) error
	ChangePlan(ctx context.Context, customer, plan string) error
}

type ledger struct{ store *repo.Store }

func New(s *repo.Store) Ledger { return &ledger{store: s} }

func (l *ledger) Credit(ctx context.Context, customer string, amount int64) error {
	return l.store.InTx(ctx, func(tx *sql.Tx) error {
		return repo.Credit(ctx, tx, customer, amount)
	})
}

// CreditOnce claims the event in the credit's transaction.
func (l *ledger) CreditOnce(ctx context.Context, eventID, customer string, amount int64) error {
	return l.store.InTx(ctx, func(tx *sql.Tx) error {
		first, err := repo.MarkProcessed(ctx, tx, eventID)
		if err != nil || !first {
			return err
		}
		return repo.Credit(ctx, tx, customer, amount)
	})
}

func (l *ledger) ChangePlan(ctx context.Context, customer, plan string) error {
	return l.store.InTx(ctx, func(tx *sql.Tx) error {
		return repo.SetPlan(ctx, tx, customer, plan)
	})
}
