// Package store runs bodies on the queries of a transaction, in the shape
// of lnd's sqldb (Lightning Terminal's db package): a generic BatchedTx
// interface, a generic executor implementing it that begins through an
// interface, and a database whose BeginTx always asks for SERIALIZABLE.
package store

import (
	"context"
	"database/sql"
)

type TxOptions interface {
	ReadOnly() bool
}

type WriteTx struct{}

func (WriteTx) ReadOnly() bool { return false }

type BatchedTx[Q any] interface {
	ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error
}

type Beginner interface {
	BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error)
}

type Executor[Q any] struct {
	Beginner

	makeQueries func(*sql.Tx) Q
	attempts    int
}

func NewExecutor[Q any](b Beginner, mk func(*sql.Tx) Q) *Executor[Q] {
	return &Executor[Q]{Beginner: b, makeQueries: mk, attempts: 10}
}

// ExecTx retries the body on serialization failures.
func (e *Executor[Q]) ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error {
	var err error
	for i := 0; i < e.attempts; i++ {
		var tx *sql.Tx
		tx, err = e.Beginner.BeginTx(ctx, opts)
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

type DB struct {
	*sql.DB
}

func (d *DB) BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error) {
	o := sql.TxOptions{ReadOnly: opts.ReadOnly(), Isolation: sql.LevelSerializable}
	return d.DB.BeginTx(ctx, &o)
}
