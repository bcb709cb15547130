// Package upgrades keeps its schema upgrades in a package-level list,
// each upgrade running its steps from a list of functions it ranges over.
// The steps run where the upgrade runs: once, from the package
// initializer's registry, not per request. The same steps listed by a
// request handler serve requests.
package upgrades

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
)

type upgrade struct {
	version int
	run     func(ctx context.Context, db *sql.DB) error
}

var upgrades = []upgrade{
	newUpgrade(2, addDefaults),
}

func newUpgrade(version int, run func(ctx context.Context, db *sql.DB) error) upgrade {
	return upgrade{version: version, run: run}
}

func addDefaults(ctx context.Context, db *sql.DB) error {
	steps := []func(context.Context, *sql.DB) error{
		addDefaultConfig,
		addDefaultRole,
	}
	for _, step := range steps {
		if err := step(ctx, db); err != nil {
			return err
		}
	}
	return nil
}

func addDefaultConfig(ctx context.Context, db *sql.DB) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM config WHERE id = $1`, 127).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO config (id, key, value) VALUES ($1, $2, $3)`, 127, "rank.invite", "1000") // ok: an upgrade step, run once
	return err
}

func addDefaultRole(ctx context.Context, db *sql.DB) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM role WHERE name = $1`, "admin").Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO role (name) VALUES ($1)`, "admin") // ok: an upgrade step, run once
	return err
}

// Handler re-runs the same kind of steps on every request.
type Handler struct{ db *sql.DB }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	steps := []func(context.Context, *sql.DB) error{ensureProfile}
	for _, step := range steps {
		if err := step(r.Context(), h.db); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
}

func ensureProfile(ctx context.Context, db *sql.DB) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM profile WHERE name = $1`, "default").Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO profile (name) VALUES ($1)`, "default") // want `check-then-insert on profile\(name\)`
	return err
}
