// Package keysvc deletes API keys: the key looked up for a 404, deleted in
// a transaction, the delete recorded through the audit service.
package keysvc

import (
	"context"
	"database/sql"
	"errors"

	"staleguard/auditlogs"
)

var ErrNotFound = errors.New("key not found")

type Handler struct {
	DB    *sql.DB
	Audit auditlogs.Service
}

func (h *Handler) findKey(ctx context.Context, id string) (string, error) {
	var ws string
	err := h.DB.QueryRowContext(ctx, "SELECT workspace_id FROM keys WHERE id = $1 AND deleted_at IS NULL", id).Scan(&ws)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return ws, err
}

// ---- silent ----

// DeleteKey: two racers both delete and leave two audit entries of one
// delete; nothing is granted twice.
func (h *Handler) DeleteKey(ctx context.Context, id, workspace string) error {
	ws, err := h.findKey(ctx, id)
	if err != nil {
		return err
	}
	if ws != workspace {
		return ErrNotFound
	}
	tx, err := h.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM keys WHERE id = $1", id); err != nil { // ok: only an audit entry follows
		return err
	}
	if err := h.Audit.Insert(ctx, tx, "key.delete", id); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- reported ----

// RedeemKey consumes a one-time key and opens a session for its
// workspace: two racers both open one.
func (h *Handler) RedeemKey(ctx context.Context, id, workspace string) error {
	ws, err := h.findKey(ctx, id)
	if err != nil {
		return err
	}
	if ws != workspace {
		return ErrNotFound
	}
	tx, err := h.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM keys WHERE id = $1", id); err != nil { // want `check-then-delete on keys: .* ignores rows affected`
		return err
	}
	if err := h.Audit.Insert(ctx, tx, "key.redeem", id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO sessions (workspace_id) VALUES ($1)", ws); err != nil {
		return err
	}
	return tx.Commit()
}
