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
