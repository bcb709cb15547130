package schemaunique

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
	_, err = db.ExecContext(ctx, "INSERT INTO users (email, name) VALUES ($1, $2)", email, name) // want `check-then-insert on users\(email\): the UNIQUE constraint users_email_key rejects a concurrent duplicate, but this insert does not handle the violation`
	return err
}
