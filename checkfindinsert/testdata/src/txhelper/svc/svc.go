package svc

import (
	"context"
	"database/sql"
	"errors"

	"txhelper/txutil"
)

func Register(ctx context.Context, db *sql.DB, email string) error {
	return txutil.WithTx(ctx, db, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
		if err == nil {
			return errors.New("taken")
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // want `check-then-insert on users\(email\)`
		return err
	})
}

func RegisterSerializable(ctx context.Context, db *sql.DB, email string) error {
	return txutil.Serializable(ctx, db, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, "SELECT id FROM users WHERE email = $1", email).Scan(&id)
		if err == nil {
			return errors.New("taken")
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO users (email) VALUES ($1)", email) // ok: serializable helper
		return err
	})
}
