// Package repo is the billing repository, with its transaction helper.
package repo

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

// InTx runs fn in a transaction, committed when fn returns nil.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// TakeLease claims the job's lease: false when another instance holds it.
func TakeLease(ctx context.Context, tx *sql.Tx, job, holder string) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = $2 AND held_until < now()`, holder, job)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func InsertInvoices(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO invoices (customer, month) SELECT id, date_trunc('month', now()) FROM customers WHERE active`)
	return err
}

func PurgeDrafts(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM invoices WHERE draft AND created_at < now() - interval '7 days'`)
	return err
}
