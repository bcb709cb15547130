// Package svc is the billing service, behind an interface.
package svc

import (
	"context"
	"database/sql"

	"ifacetx/repo"
)

type Billing interface {
	Invoice(ctx context.Context) error
	InvoiceLeased(ctx context.Context, host string) error
	Purge(ctx context.Context) error
}

type billing struct{ store *repo.Store }

func New(s *repo.Store) Billing { return &billing{store: s} }

func (b *billing) Invoice(ctx context.Context) error {
	return b.store.InTx(ctx, func(tx *sql.Tx) error {
		return repo.InsertInvoices(ctx, tx)
	})
}

// InvoiceLeased takes the lease in the invoices' transaction.
func (b *billing) InvoiceLeased(ctx context.Context, host string) error {
	return b.store.InTx(ctx, func(tx *sql.Tx) error {
		ok, err := repo.TakeLease(ctx, tx, "invoice", host)
		if err != nil || !ok {
			return err
		}
		return repo.InsertInvoices(ctx, tx)
	})
}

func (b *billing) Purge(ctx context.Context) error {
	return b.store.InTx(ctx, func(tx *sql.Tx) error {
		return repo.PurgeDrafts(ctx, tx)
	})
}
