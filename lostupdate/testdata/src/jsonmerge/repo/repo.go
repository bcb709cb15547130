// Package repo stores workspaces whose settings live in one JSON column.
package repo

import (
	"context"
	"database/sql"
)

type Workspace struct {
	ID       int64
	Name     string
	Settings []byte // jsonb
}

type Workspaces struct{ db *sql.DB }

func (r *Workspaces) Get(ctx context.Context, id int64) (*Workspace, error) {
	var w Workspace
	err := r.db.QueryRowContext(ctx, "SELECT id, name, settings FROM workspaces WHERE id = $1", id).Scan(&w.ID, &w.Name, &w.Settings)
	if err != nil {
		return nil, err
	}
	return &w, nil
}

func (r *Workspaces) GetForUpdate(ctx context.Context, tx *sql.Tx, id int64) (*Workspace, error) {
	var w Workspace
	err := tx.QueryRowContext(ctx, "SELECT id, name, settings FROM workspaces WHERE id = $1 FOR UPDATE", id).Scan(&w.ID, &w.Name, &w.Settings)
	if err != nil {
		return nil, err
	}
	return &w, nil
}

func (r *Workspaces) SetSettings(ctx context.Context, id int64, settings []byte) error {
	_, err := r.db.ExecContext(ctx, "UPDATE workspaces SET settings = $1 WHERE id = $2", settings, id)
	return err
}

func (r *Workspaces) SetSettingsTx(ctx context.Context, tx *sql.Tx, id int64, settings []byte) error {
	_, err := tx.ExecContext(ctx, "UPDATE workspaces SET settings = $1 WHERE id = $2", settings, id)
	return err
}

// MergeSettings is the right fix: the database merges the patch into the
// current document.
func (r *Workspaces) MergeSettings(ctx context.Context, id int64, patch []byte) error {
	_, err := r.db.ExecContext(ctx, "UPDATE workspaces SET settings = settings || $1::jsonb WHERE id = $2", patch, id)
	return err
}

func (r *Workspaces) Begin(ctx context.Context) (*sql.Tx, error) { return r.db.BeginTx(ctx, nil) }
