package signup

import (
	"context"
	"database/sql"
	"errors"
)

func SignUp(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
	if err == nil {
		return errors.New("email taken")
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // want `check-then-insert on users\(email\)`
	return err
}
