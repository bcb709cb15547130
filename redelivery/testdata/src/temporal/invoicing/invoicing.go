// Package invoicing defines activities that a worker of another package
// registers: nothing here says they are activities.
package invoicing

import (
	"context"
	"database/sql"
)

type Activities struct{ DB *sql.DB }

func (a *Activities) AddLineItem(ctx context.Context, invoice string, cents int64) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO line_items (invoice, cents) VALUES ($1, $2)`, invoice, cents) // ok: a plain function here; the worker reports it
	return err
}

func (a *Activities) AddLineItemKeyed(ctx context.Context, ref, invoice string, cents int64) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO line_items (ref, invoice, cents) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING`, ref, invoice, cents)
	return err
}

func (a *Activities) Close(ctx context.Context, invoice string) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE invoices SET status = 'closed' WHERE id = $1`, invoice)
	return err
}

func AddCredit(ctx context.Context, db *sql.DB, customer string, cents int64) error {
	_, err := db.ExecContext(ctx, `UPDATE customers SET credit = credit + $1 WHERE id = $2`, cents, customer)
	return err
}
