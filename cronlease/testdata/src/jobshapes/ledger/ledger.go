// Package ledger is the billing service's repository.
package ledger

import (
	"context"
	"database/sql"
)

// Repo runs the ledger's statements on the pool.
type Repo struct {
	DB *sql.DB
}

// AddInterest credits a day's interest to every savings account.
func (r *Repo) AddInterest(ctx context.Context) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE accounts SET balance = balance * 1.0001 + 0 WHERE kind = 'savings'`)
	return err
}

// DeleteExpired drops expired holds.
func (r *Repo) DeleteExpired(ctx context.Context) error {
	_, err := r.DB.ExecContext(ctx, `DELETE FROM holds WHERE expires_at < now()`)
	return err
}

// InsertStatement records a monthly statement for every account.
func (r *Repo) InsertStatement(ctx context.Context) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO statements (account_id, period) SELECT id, date_trunc('month', now()) FROM accounts`)
	return err
}
