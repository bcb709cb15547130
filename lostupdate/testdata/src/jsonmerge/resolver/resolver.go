// Package resolver merges a ledger's JSON settings through a read/write
// splitting connection: the pool and its transactions are interfaces of
// their own, shaped like *sql.DB and *sql.Tx.
package resolver

import (
	"context"
	"database/sql"
	"encoding/json"
)

// Tx is a transaction of the splitting pool.
type Tx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	Commit() error
	Rollback() error
}

// DB is the splitting pool: reads go to replicas, transactions to the
// primary.
type DB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
}

type Ledgers struct{ db DB }

// MergeLocked holds the row from the read to the write: the second merge
// waits, then reads the first one's result.
func (l *Ledgers) MergeLocked(ctx context.Context, id int64, patch map[string]any) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var raw []byte
	if err := tx.QueryRowContext(ctx, "SELECT settings FROM ledgers WHERE id = $1 FOR UPDATE", id).Scan(&raw); err != nil {
		return err
	}
	settings := map[string]any{}
	if err := json.Unmarshal(raw, &settings); err != nil {
		return err
	}
	for k, v := range patch {
		settings[k] = v
	}
	merged, err := json.Marshal(settings)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE ledgers SET settings = $1 WHERE id = $2", merged, id); err != nil { // ok: the row is locked by the read
		return err
	}
	return tx.Commit()
}

// Merge reads without a lock in the same transaction: two merges both
// read the old document and the later write drops the earlier patch.
func (l *Ledgers) Merge(ctx context.Context, id int64, patch map[string]any) error {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var raw []byte
	if err := tx.QueryRowContext(ctx, "SELECT settings FROM ledgers WHERE id = $1", id).Scan(&raw); err != nil {
		return err
	}
	settings := map[string]any{}
	if err := json.Unmarshal(raw, &settings); err != nil {
		return err
	}
	for k, v := range patch {
		settings[k] = v
	}
	merged, err := json.Marshal(settings)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE ledgers SET settings = $1 WHERE id = $2", merged, id); err != nil { // want `lost update on ledgers.settings`
		return err
	}
	return tx.Commit()
}
