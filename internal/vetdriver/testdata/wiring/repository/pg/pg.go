// Package pg implements the repository on database/sql; main hands its
// constructor's result to the service.
package pg

import (
	"context"
	"database/sql"

	"example.com/wiring/domain/account"
)

type accountRepo struct{ db *sql.DB }

func NewAccountRepository(db *sql.DB) account.Repository { return &accountRepo{db: db} }

func (r *accountRepo) Account(ctx context.Context, id int64) (account.Account, error) {
	var a account.Account
	err := r.db.QueryRowContext(ctx, "SELECT id, balance FROM accounts WHERE id = $1", id).Scan(&a.ID, &a.Balance)
	return a, err
}

func (r *accountRepo) SaveBalance(ctx context.Context, id, balance int64) error {
	_, err := r.db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", balance, id)
	return err
}
