// Package svc keeps account balances through the executors of store and
// plain, in the shape of Lightning Terminal's accounts store: a closure
// given the queries of the transaction reads the balance and writes it
// back.
package svc

import (
	"context"
	"database/sql"

	"execdb/plain"
	"execdb/sqlq"
	"execdb/store"
)

type Queries interface {
	GetAccount(ctx context.Context, id int64) (sqlq.Account, error)
	UpdateAccountBalance(ctx context.Context, arg sqlq.UpdateAccountBalanceParams) error
}

type Accounts struct {
	db store.BatchedTx[Queries]
	q  *sqlq.Queries
}

func NewAccounts(d *store.DB, q *sqlq.Queries) *Accounts {
	ex := store.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })
	return &Accounts{db: ex, q: q}
}

// Credit runs in store's serializable transaction: a concurrent credit
// fails to commit and is retried.
func (a *Accounts) Credit(ctx context.Context, id, amount int64) error {
	return a.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		acct, err := q.GetAccount(ctx, id)
		if err != nil {
			return err
		}
		return q.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: acct.Balance + amount}) // ok: serializable executor
	})
}

// CreditNoTx reads and writes on the pool.
func (a *Accounts) CreditNoTx(ctx context.Context, id, amount int64) error {
	acct, err := a.q.GetAccount(ctx, id)
	if err != nil {
		return err
	}
	return a.q.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: acct.Balance + amount}) // want `lost update on accounts\.balance`
}

type Ledger struct {
	db plain.BatchedTx[Queries]
}

func NewLedger(d *plain.DB, q *sqlq.Queries) *Ledger {
	return &Ledger{db: plain.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })}
}

// Credit runs in plain's transaction, at the default isolation: two
// credits read the same balance.
func (l *Ledger) Credit(ctx context.Context, id, amount int64) error {
	return l.db.ExecTx(ctx, plain.WriteTx{}, func(q Queries) error {
		acct, err := q.GetAccount(ctx, id)
		if err != nil {
			return err
		}
		return q.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: acct.Balance + amount}) // want `lost update on accounts\.balance`
	})
}
