// Package svc maps real values to pseudonyms through the executors of
// store and plain, in the shape of Lightning Terminal's privacy mapper:
// a lookup, then an insert when the pair is missing.
package svc

import (
	"context"
	"database/sql"
	"errors"

	"execdb/plain"
	"execdb/sqlq"
	"execdb/store"
)

type Queries interface {
	GetPseudoForReal(ctx context.Context, arg sqlq.GetPseudoForRealParams) (string, error)
	InsertPrivacyPair(ctx context.Context, arg sqlq.InsertPrivacyPairParams) error
}

var errDuplicate = errors.New("duplicate real value")

type Mapper struct {
	db store.BatchedTx[Queries]
	q  *sqlq.Queries
}

func NewMapper(d *store.DB, q *sqlq.Queries) *Mapper {
	ex := store.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })
	return &Mapper{db: ex, q: q}
}

// NewPair runs in store's serializable transaction.
func (m *Mapper) NewPair(ctx context.Context, group int64, real, pseudo string) error {
	return m.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		_, err := q.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: group, RealVal: real})
		if err == nil {
			return errDuplicate
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return q.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: group, RealVal: real, PseudoVal: pseudo}) // ok: serializable executor
	})
}

// NewPairNoTx looks up and inserts on the pool.
func (m *Mapper) NewPairNoTx(ctx context.Context, group int64, real, pseudo string) error {
	_, err := m.q.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: group, RealVal: real})
	if err == nil {
		return errDuplicate
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return m.q.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: group, RealVal: real, PseudoVal: pseudo}) // want `check-then-insert on privacy_pairs\(group_id, real_val\)`
}

type PlainMapper struct {
	db plain.BatchedTx[Queries]
}

func NewPlainMapper(d *plain.DB, q *sqlq.Queries) *PlainMapper {
	return &PlainMapper{db: plain.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })}
}

// NewPair runs in plain's transaction, at the default isolation.
func (m *PlainMapper) NewPair(ctx context.Context, group int64, real, pseudo string) error {
	return m.db.ExecTx(ctx, plain.WriteTx{}, func(q Queries) error {
		_, err := q.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: group, RealVal: real})
		if err == nil {
			return errDuplicate
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return q.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: group, RealVal: real, PseudoVal: pseudo}) // want `check-then-insert on privacy_pairs\(group_id, real_val\)`
	})
}

// The privacy mapper proper: a generic executor hands the body a value
// wrapping the queries of the transaction, whose methods run on its
// field.

type PairTx interface {
	NewPair(ctx context.Context, real, pseudo string) error
}

type executor[T any] struct {
	db     store.BatchedTx[Queries]
	wrapTx func(Queries) T
}

func (e *executor[T]) Update(ctx context.Context, fn func(ctx context.Context, tx T) error) error {
	return e.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		return fn(ctx, e.wrapTx(q))
	})
}

func (m *Mapper) PairDB(group int64) *executor[PairTx] {
	return &executor[PairTx]{
		db: m.db,
		wrapTx: func(q Queries) PairTx {
			return &pairTx{queries: q, group: group}
		},
	}
}

type pairTx struct {
	queries Queries
	group   int64
}

// NewPair runs on the field holding the queries of store's serializable
// transaction, and nothing else.
func (p *pairTx) NewPair(ctx context.Context, real, pseudo string) error {
	_, err := p.queries.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: p.group, RealVal: real})
	if err == nil {
		return errDuplicate
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return p.queries.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: p.group, RealVal: real, PseudoVal: pseudo}) // ok: the field holds store's serializable transaction
}

type plainExecutor[T any] struct {
	db     plain.BatchedTx[Queries]
	wrapTx func(Queries) T
}

func (e *plainExecutor[T]) Update(ctx context.Context, fn func(ctx context.Context, tx T) error) error {
	return e.db.ExecTx(ctx, plain.WriteTx{}, func(q Queries) error {
		return fn(ctx, e.wrapTx(q))
	})
}

func (m *PlainMapper) PairDB(group int64) *plainExecutor[PairTx] {
	return &plainExecutor[PairTx]{
		db: m.db,
		wrapTx: func(q Queries) PairTx {
			return &plainPairTx{queries: q, group: group}
		},
	}
}

type plainPairTx struct {
	queries Queries
	group   int64
}

// NewPair runs on the field holding the queries of plain's transaction,
// at the default isolation.
func (p *plainPairTx) NewPair(ctx context.Context, real, pseudo string) error {
	_, err := p.queries.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: p.group, RealVal: real})
	if err == nil {
		return errDuplicate
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return p.queries.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: p.group, RealVal: real, PseudoVal: pseudo}) // want `check-then-insert on privacy_pairs\(group_id, real_val\)`
}

// pairs is a pairTx-like value also made on the pool: its field does not
// only hold a transaction.
type pairs struct {
	queries Queries
	group   int64
}

func (m *Mapper) Pairs(group int64) PairTx { return &pairs{queries: m.q, group: group} }

func (m *Mapper) PairsDB(group int64) *executor[PairTx] {
	return &executor[PairTx]{
		db: m.db,
		wrapTx: func(q Queries) PairTx {
			return &pairs{queries: q, group: group}
		},
	}
}

func (p *pairs) NewPair(ctx context.Context, real, pseudo string) error {
	_, err := p.queries.GetPseudoForReal(ctx, sqlq.GetPseudoForRealParams{GroupID: p.group, RealVal: real})
	if err == nil {
		return errDuplicate
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return p.queries.InsertPrivacyPair(ctx, sqlq.InsertPrivacyPairParams{GroupID: p.group, RealVal: real, PseudoVal: pseudo}) // want `check-then-insert on privacy_pairs\(group_id, real_val\)`
}
