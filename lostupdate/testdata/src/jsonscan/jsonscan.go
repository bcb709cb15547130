// Package jsonscan keeps a workspace's settings as a JSON column, scanned
// into bytes and decoded into the model's map by its repository.
package jsonscan

import (
	"context"
	"database/sql"
	"encoding/json"
)

type Workspace struct {
	ID       string
	Title    string
	Settings map[string]any
}

type Repo struct{ db *sql.DB }

// Get fills a zero Workspace field by field: the settings land in
// w.Settings through json.Unmarshal.
func (r Repo) Get(ctx context.Context, id string) (*Workspace, error) {
	w := Workspace{}
	var raw []byte
	err := r.db.QueryRowContext(ctx, `SELECT id, title, settings FROM workspaces WHERE id = $1`, id).Scan(&w.ID, &w.Title, &raw)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &w.Settings); err != nil {
		return nil, err
	}
	return &w, nil
}

func (r Repo) SetSettings(ctx context.Context, id string, s map[string]any) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, `UPDATE workspaces SET settings = $1 WHERE id = $2`, b, id)
	return err
}

func (r Repo) MergeSettings(ctx context.Context, id string, s map[string]any) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, `UPDATE workspaces SET settings = settings || $1::jsonb WHERE id = $2`, b, id)
	return err
}

// SetOption adds one key to the settings read and writes them all back:
// a concurrent SetOption of another key is lost.
func SetOption(ctx context.Context, r Repo, id, key string, v any) error {
	w, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	w.Settings[key] = v
	return r.SetSettings(ctx, id, w.Settings) // want `lost update on workspaces\.settings`
}

// MergeOption merges the one key in SQL: other keys are not written.
func MergeOption(ctx context.Context, r Repo, id, key string, v any) error {
	if _, err := r.Get(ctx, id); err != nil {
		return err
	}
	return r.MergeSettings(ctx, id, map[string]any{key: v}) // ok: the database merges the key into the current settings
}
