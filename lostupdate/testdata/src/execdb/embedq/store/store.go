// Package store is an executor in the shape of lnd's sqldb as Lightning
// Terminal copies it: TransactionExecutor[Q] embeds the interface of the
// queries and the begin, so the queries' methods are promoted to it and a
// store holding the executor calls them outside any transaction; BaseDB,
// the implementation wired in, embeds the sqlc Queries.
package store

import (
	"context"
	"database/sql"

	"execdb/sqlq"
)

type BatchedTx[Q any] interface {
	ExecTx(ctx context.Context, txBody func(Q) error) error
}

// BatchedQuerier is the queries and their transactions' begin.
type BatchedQuerier interface {
	GetAccount(ctx context.Context, id int64) (sqlq.Account, error)
	UpdateAccountBalance(ctx context.Context, arg sqlq.UpdateAccountBalanceParams) error
	BeginTx(ctx context.Context) (*sql.Tx, error)
}

type TransactionExecutor[Q any] struct {
	BatchedQuerier

	createQuery func(*sql.Tx) Q
}

func NewTransactionExecutor[Q any](db BatchedQuerier, create func(*sql.Tx) Q) *TransactionExecutor[Q] {
	return &TransactionExecutor[Q]{BatchedQuerier: db, createQuery: create}
}

func (e *TransactionExecutor[Q]) ExecTx(ctx context.Context, txBody func(Q) error) error {
	tx, err := e.BeginTx(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := txBody(e.createQuery(tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// BaseDB is the connection and the queries on it.
type BaseDB struct {
	*sql.DB
	*sqlq.Queries
}

func (b *BaseDB) BeginTx(ctx context.Context) (*sql.Tx, error) {
	return b.DB.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
}
