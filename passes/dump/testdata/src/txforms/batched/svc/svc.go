// Package svc uses store's executor the way Lightning Terminal's accounts
// store does: an interface embedding the generic BatchedTx, a closure
// given the queries of the transaction.
package svc

import (
	"context"
	"database/sql"

	"txforms/batched/plain"
	"txforms/batched/sqlq"
	"txforms/batched/store"
)

type Queries interface {
	GetBalance(ctx context.Context, id int64) (int64, error)
	SetBalance(ctx context.Context, arg sqlq.SetBalanceParams) error
}

type BatchedQueries interface {
	Queries
	store.BatchedTx[Queries]
}

type Accounts struct {
	db BatchedQueries
}

func NewAccounts(d *store.DB, q *sqlq.Queries) *Accounts {
	ex := store.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })
	return &Accounts{db: ex}
}

// Credit reads the balance and writes it back in one transaction of the
// executor: serializable.
func (a *Accounts) Credit(ctx context.Context, id, amount int64) error {
	return a.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		bal, err := q.GetBalance(ctx, id) // want `select accounts where id=\$id .* on q\.db; .*in callback tx of store\.BatchedTx\.ExecTx \(serializable\)`
		if err != nil {
			return err
		}
		return q.SetBalance(ctx, sqlq.SetBalanceParams{Balance: bal + amount, ID: id}) // want `update accounts set balance=.* on q\.db; .*in callback tx of store\.BatchedTx\.ExecTx \(serializable\)`
	})
}

// Ledger runs on plain's executor, whose transactions are not all
// serializable.
type Ledger struct {
	db plain.BatchedTx[Queries]
}

func NewLedger(d *plain.DefaultDB, q *sqlq.Queries) *Ledger {
	return &Ledger{db: plain.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })}
}

func (l *Ledger) Credit(ctx context.Context, id, amount int64) error {
	return l.db.ExecTx(ctx, plain.WriteTx{}, func(q Queries) error {
		bal, err := q.GetBalance(ctx, id) // want `select accounts where id=\$id .* on q\.db; .*in callback tx of plain\.BatchedTx\.ExecTx$`
		if err != nil {
			return err
		}
		return q.SetBalance(ctx, sqlq.SetBalanceParams{Balance: bal + amount, ID: id}) // want `update accounts set balance=.* on q\.db; .*in callback tx of plain\.BatchedTx\.ExecTx$`
	})
}

// A generic executor of the service hands its body a value wrapping the
// queries of the transaction: the accesses on its field run in it.
type executor[T any] struct {
	db     BatchedQueries
	wrapTx func(Queries) T
}

func (e *executor[T]) Update(ctx context.Context, fn func(ctx context.Context, tx T) error) error {
	return e.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		return fn(ctx, e.wrapTx(q))
	})
}

func (a *Accounts) AccountDB() *executor[*accountTx] {
	return &executor[*accountTx]{db: a.db, wrapTx: func(q Queries) *accountTx { return &accountTx{queries: q} }}
}

type accountTx struct {
	queries Queries
}

func (t *accountTx) Credit(ctx context.Context, id, amount int64) error {
	bal, err := t.queries.GetBalance(ctx, id) // want `select accounts where id=\$id .* on t\.queries\.db; .*in param tx of store\.BatchedTx\.ExecTx \(serializable\)`
	if err != nil {
		return err
	}
	return t.queries.SetBalance(ctx, sqlq.SetBalanceParams{Balance: bal + amount, ID: id}) // want `update accounts set balance=.* on t\.queries\.db; .*in param tx of store\.BatchedTx\.ExecTx \(serializable\)`
}

// Balance reads outside any transaction through the executor itself: its
// GetBalance is promoted from the Querier interface it embeds, whose
// implementation (store.DB) holds the queries.
func (a *Accounts) Balance(ctx context.Context, id int64) (int64, error) {
	return a.db.GetBalance(ctx, id) // want `select accounts where id=\$id`
}
