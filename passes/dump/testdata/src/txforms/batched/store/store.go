// Package store is an application's transaction layer in the shape of
// lnd's sqldb, copied by Lightning Terminal as its db package: a generic
// interface running a body on the queries of a transaction, a generic
// executor implementing it, which begins through an interface whose
// implementation always asks for SERIALIZABLE isolation and hands the body
// the queries made from the transaction.
package store

import (
	"context"
	"database/sql"

	"txforms/batched/sqlq"
)

// TxOptions says how a transaction is begun.
type TxOptions interface {
	ReadOnly() bool
}

// WriteTx is the options of a read-write transaction.
type WriteTx struct{}

func (WriteTx) ReadOnly() bool { return false }

// BatchedTx runs txBody on the queries of one transaction.
type BatchedTx[Q any] interface {
	ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error // want ExecTx:"runs p3 in a transaction .serializable."
}

// Querier is the queries of the application and the begin of their
// transactions.
type Querier interface {
	sqlq.Querier
	BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error)
}

// MakeQueries makes the queries of a transaction.
type MakeQueries[Q any] func(*sql.Tx) Q

// Executor runs bodies in serializable transactions, retried on
// serialization failures.
type Executor[Q any] struct {
	Querier

	makeQueries MakeQueries[Q]
	attempts    int
}

func NewExecutor[Q any](db Querier, mk MakeQueries[Q]) *Executor[Q] {
	return &Executor[Q]{Querier: db, makeQueries: mk, attempts: 5}
}

func (e *Executor[Q]) ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error { // want ExecTx:"runs p3 in a transaction .serializable."
	var err error
	for i := 0; i < e.attempts; i++ {
		var tx *sql.Tx
		tx, err = e.Querier.BeginTx(ctx, opts)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback() }()
		if err = txBody(e.makeQueries(tx)); err != nil {
			continue
		}
		return tx.Commit()
	}
	return err
}

// DB is the database of the executors: every transaction serializable.
type DB struct {
	*sql.DB
	*sqlq.Queries
}

func (d *DB) BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error) { // want BeginTx:"begins a transaction returned as r0 .serializable."
	o := sql.TxOptions{ReadOnly: opts.ReadOnly(), Isolation: sql.LevelSerializable}
	return d.DB.BeginTx(ctx, &o)
}
