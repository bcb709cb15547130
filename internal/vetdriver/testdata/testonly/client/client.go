// Package client is for other modules: no main package of this one
// imports it, so its exported functions are production code.
package client

import (
	"context"
	"database/sql"
	"errors"
)

func EnsureUser(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	if err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id); err == nil {
		return errors.New("taken")
	}
	_, err := db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // reported
	return err
}
