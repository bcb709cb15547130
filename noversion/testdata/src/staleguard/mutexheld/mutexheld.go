// Package mutexheld: a single-instance wallet hub that checks a payment's
// state in Go and settles it while it holds a process mutex.
package mutexheld

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

type Hub struct {
	db     *sql.DB
	settle sync.Mutex
}

var errSettled = errors.New("already settled")

// ---- silent ----

// Settle checks and writes the state while settle is held: the hub's
// settlements run one at a time in its process.
func (h *Hub) Settle(ctx context.Context, id int64, preimage string) error {
	h.settle.Lock()
	defer h.settle.Unlock()
	var state string
	if err := h.db.QueryRowContext(ctx, "SELECT state FROM payments WHERE id = $1", id).Scan(&state); err != nil {
		return err
	}
	if state != "pending" {
		return errSettled
	}
	_, err := h.db.ExecContext(ctx, "UPDATE payments SET state = 'settled', preimage = $2 WHERE id = $1", id, preimage) // ok: serialized by settle
	return err
}

// ---- reported ----

// SettleReleased unlocks after the read: two settlements pass the check.
func (h *Hub) SettleReleased(ctx context.Context, id int64, preimage string) error {
	h.settle.Lock()
	var state string
	err := h.db.QueryRowContext(ctx, "SELECT state FROM payments WHERE id = $1", id).Scan(&state)
	h.settle.Unlock()
	if err != nil {
		return err
	}
	if state != "pending" {
		return errSettled
	}
	_, err = h.db.ExecContext(ctx, "UPDATE payments SET state = 'settled', preimage = $2 WHERE id = $1", id, preimage) // want `check-then-update on payments\(state\)`
	return err
}
