// Package plain is store's executor with begins that do not all ask for
// SERIALIZABLE isolation, and helpers whose options come from their
// caller or from a function.
package plain

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
	ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error // want ExecTx:"runs p3 in a transaction$"
}

type Beginner interface {
	BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error)
}

// Executor begins through whichever Beginner it is given: SerialDB or
// DefaultDB, so its transactions are not known to be serializable.
type Executor[Q any] struct {
	Beginner

	makeQueries func(*sql.Tx) Q
}

func NewExecutor[Q any](b Beginner, mk func(*sql.Tx) Q) *Executor[Q] {
	return &Executor[Q]{Beginner: b, makeQueries: mk}
}

func (e *Executor[Q]) ExecTx(ctx context.Context, opts TxOptions, txBody func(Q) error) error { // want ExecTx:"runs p3 in a transaction$"
	tx, err := e.Beginner.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	if err := txBody(e.makeQueries(tx)); err != nil {
		return err
	}
	return tx.Commit()
}

type SerialDB struct{ *sql.DB }

func (d *SerialDB) BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error) { // want BeginTx:"begins a transaction returned as r0 .serializable."
	o := sql.TxOptions{ReadOnly: opts.ReadOnly(), Isolation: sql.LevelSerializable}
	return d.DB.BeginTx(ctx, &o)
}

// DefaultDB begins with the database's default isolation.
type DefaultDB struct{ *sql.DB }

func (d *DefaultDB) BeginTx(ctx context.Context, opts TxOptions) (*sql.Tx, error) { // want BeginTx:"begins a transaction returned as r0$"
	return d.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: opts.ReadOnly()})
}

// OptsDB begins with the options its caller gives.
type OptsDB struct{ db *sql.DB }

func (d *OptsDB) Begin(ctx context.Context, o *sql.TxOptions) (*sql.Tx, error) { // want Begin:"begins a transaction returned as r0 with the options of p2"
	return d.db.BeginTx(ctx, o)
}

func serializable() *sql.TxOptions {
	return &sql.TxOptions{Isolation: sql.LevelSerializable}
}

// Serial begins through Begin with options a function builds.
func (d *OptsDB) Serial(ctx context.Context, fn func(*sql.Tx) error) error { // want Serial:"runs p2 in a transaction .serializable."
	tx, err := d.Begin(ctx, serializable())
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Default begins through Begin with no options.
func (d *OptsDB) Default(ctx context.Context, fn func(*sql.Tx) error) error { // want Default:"runs p2 in a transaction$"
	tx, err := d.Begin(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

type ctxKey struct{}

// BeginSerialCtx begins a serializable transaction carried by the context
// it returns.
func BeginSerialCtx(ctx context.Context, db *sql.DB) (context.Context, error) { // want BeginSerialCtx:"begins a transaction carried by the context r0 .serializable."
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return ctx, err
	}
	return context.WithValue(ctx, ctxKey{}, tx), nil
}

// InSerialCtx runs fn with that context: at its isolation.
func InSerialCtx(ctx context.Context, db *sql.DB, fn func(context.Context) error) error { // want InSerialCtx:"runs p2 in a transaction carried by its a0 .serializable."
	ctx, err := BeginSerialCtx(ctx, db)
	if err != nil {
		return err
	}
	return fn(ctx)
}

// KeptDB keeps the options its constructor builds in an unexported field.
type KeptDB struct {
	db   *sql.DB
	opts *sql.TxOptions
}

func NewKeptDB(db *sql.DB) *KeptDB {
	return &KeptDB{db: db, opts: &sql.TxOptions{Isolation: sql.LevelSerializable}}
}

func (d *KeptDB) InTx(ctx context.Context, fn func(*sql.Tx) error) error { // want InTx:"runs p2 in a transaction .serializable."
	tx, err := d.db.BeginTx(ctx, d.opts)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// MixedDB's options are serializable from one constructor, the default
// from the other: the weaker wins.
type MixedDB struct {
	db   *sql.DB
	opts *sql.TxOptions
}

func NewMixedDB(db *sql.DB) *MixedDB {
	return &MixedDB{db: db, opts: &sql.TxOptions{Isolation: sql.LevelSerializable}}
}

func NewMixedDBDefault(db *sql.DB) *MixedDB {
	return &MixedDB{db: db, opts: &sql.TxOptions{}}
}

func (d *MixedDB) InTx(ctx context.Context, fn func(*sql.Tx) error) error { // want InTx:"runs p2 in a transaction$"
	tx, err := d.db.BeginTx(ctx, d.opts)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
