// Package svc moves sessions between states through the executors of
// store and plain, in the shape of Lightning Terminal's session store: the
// state read is checked (a legal transition), then the update's WHERE names only the id.
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
	GetSession(ctx context.Context, alias []byte) (sqlq.Session, error)
	UpdateSessionState(ctx context.Context, arg sqlq.UpdateSessionStateParams) error
}

const (
	StateCreated int16 = iota
	StateInUse
	StateRevoked
)

var errIllegal = errors.New("illegal state transition")

type Sessions struct {
	db store.BatchedTx[Queries]
	q  *sqlq.Queries
}

func NewSessions(d *store.DB, q *sqlq.Queries) *Sessions {
	ex := store.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })
	return &Sessions{db: ex, q: q}
}

// Activate runs in store's serializable transaction. The state it moves to
// is the caller's (two callers may want different ones).
func (s *Sessions) Activate(ctx context.Context, alias []byte, dest int16) error {
	return s.db.ExecTx(ctx, store.WriteTx{}, func(q Queries) error {
		sess, err := q.GetSession(ctx, alias)
		if err != nil {
			return err
		}
		if sess.State != StateCreated {
			return errIllegal
		}
		return q.UpdateSessionState(ctx, sqlq.UpdateSessionStateParams{ID: sess.ID, State: dest}) // ok: serializable executor
	})
}

// ActivateNoTx checks and updates on the pool.
func (s *Sessions) ActivateNoTx(ctx context.Context, alias []byte, dest int16) error {
	sess, err := s.q.GetSession(ctx, alias)
	if err != nil {
		return err
	}
	if sess.State != StateCreated {
		return errIllegal
	}
	return s.q.UpdateSessionState(ctx, sqlq.UpdateSessionStateParams{ID: sess.ID, State: dest}) // want `check-then-update on sessions\(state\)`
}

type Registry struct {
	db plain.BatchedTx[Queries]
}

func NewRegistry(d *plain.DB, q *sqlq.Queries) *Registry {
	return &Registry{db: plain.NewExecutor(d, func(tx *sql.Tx) Queries { return q.WithTx(tx) })}
}

// Activate runs in plain's transaction, at the default isolation.
func (r *Registry) Activate(ctx context.Context, alias []byte, dest int16) error {
	return r.db.ExecTx(ctx, plain.WriteTx{}, func(q Queries) error {
		sess, err := q.GetSession(ctx, alias)
		if err != nil {
			return err
		}
		if sess.State != StateCreated {
			return errIllegal
		}
		return q.UpdateSessionState(ctx, sqlq.UpdateSessionStateParams{ID: sess.ID, State: dest}) // want `check-then-update on sessions\(state\)`
	})
}
