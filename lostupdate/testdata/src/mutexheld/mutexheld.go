// Package mutexheld: a single-instance wallet hub that debits an app's
// budget in Go while it holds a process mutex.
package mutexheld

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

type Hub struct {
	db       *sql.DB
	budgetMu sync.Mutex
}

var errBudget = errors.New("budget exceeded")

// ---- silent ----

// Spend reads, checks and writes the budget while budgetMu is held: the
// hub's payments run one at a time in its process.
func (h *Hub) Spend(ctx context.Context, app int64, amount int64) error {
	h.budgetMu.Lock()
	defer h.budgetMu.Unlock()
	var used int64
	if err := h.db.QueryRowContext(ctx, "SELECT budget_used FROM apps WHERE id = $1", app).Scan(&used); err != nil {
		return err
	}
	_, err := h.db.ExecContext(ctx, "UPDATE apps SET budget_used = $1 WHERE id = $2", used+amount, app) // ok: serialized by budgetMu
	return err
}

// ---- reported ----

// SpendReleased unlocks after the read: two payments read the same value.
func (h *Hub) SpendReleased(ctx context.Context, app int64, amount int64) error {
	h.budgetMu.Lock()
	var used int64
	err := h.db.QueryRowContext(ctx, "SELECT budget_used FROM apps WHERE id = $1", app).Scan(&used)
	h.budgetMu.Unlock()
	if err != nil {
		return err
	}
	_, err = h.db.ExecContext(ctx, "UPDATE apps SET budget_used = $1 WHERE id = $2", used+amount, app) // want `lost update on apps.budget_used`
	return err
}
