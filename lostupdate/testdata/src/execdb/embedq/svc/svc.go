// Package svc keeps balances through store's executor: a method called on
// the executor outside ExecTx is the embedded queries' method, run on the
// pool.
package svc

import (
	"context"
	"database/sql"

	"execdb/embedq/store"
	"execdb/sqlq"
)

type Queries interface {
	GetAccount(ctx context.Context, id int64) (sqlq.Account, error)
	UpdateAccountBalance(ctx context.Context, arg sqlq.UpdateAccountBalanceParams) error
}

type BatchedQueries interface {
	Queries
	store.BatchedTx[Queries]
}

type Store struct {
	db BatchedQueries
}

func NewStore(d *store.BaseDB) *Store {
	return &Store{db: store.NewTransactionExecutor(d, func(tx *sql.Tx) Queries { return d.WithTx(tx) })}
}

// Credit reads and writes back on the pool, through the methods the
// executor's embedded interface promotes.
func (s *Store) Credit(ctx context.Context, id, amount int64) error {
	acct, err := s.db.GetAccount(ctx, id)
	if err != nil {
		return err
	}
	return s.db.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: acct.Balance + amount}) // want `lost update on accounts\.balance`
}

// CreditTx does the same in the executor's serializable transaction.
func (s *Store) CreditTx(ctx context.Context, id, amount int64) error {
	return s.db.ExecTx(ctx, func(q Queries) error {
		acct, err := q.GetAccount(ctx, id)
		if err != nil {
			return err
		}
		return q.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: acct.Balance + amount}) // ok: serializable
	})
}

// SetBalance writes the caller's value: nothing read is written back.
func (s *Store) SetBalance(ctx context.Context, id, balance int64) error {
	if _, err := s.db.GetAccount(ctx, id); err != nil {
		return err
	}
	return s.db.UpdateAccountBalance(ctx, sqlq.UpdateAccountBalanceParams{ID: id, Balance: balance}) // ok: the caller's value
}
