package schemanounique

import (
	"context"
	"database/sql"
	"errors"
)

func Register(ctx context.Context, db *sql.DB, email, name string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return errors.New("taken")
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email, name) VALUES ($1, $2)", email, name) // want `check-then-insert on users\(email\): no UNIQUE constraint covers the key, so concurrent requests insert duplicates`
	return err
}

// teams is in no schema file of the module: no verdict on a constraint,
// the category says the schema is unknown.
func CreateTeam(ctx context.Context, db *sql.DB, slug string) error {
	var id int64
	if err := db.QueryRowContext(ctx, "SELECT id FROM teams WHERE slug = $1", slug).Scan(&id); err == nil {
		return errors.New("taken")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO teams (slug) VALUES ($1)", slug) // want `check-then-insert on teams\(slug\): a concurrent request can insert between .* \(no schema found defines teams, so a UNIQUE constraint is not known\)`
	return err
}
