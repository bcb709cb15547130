// Package signup checks, then inserts: the UNIQUE on users(email), which
// only the migrations package declares, makes it "unhandled".
package signup

import (
	"context"
	"database/sql"
	"errors"

	"example.com/schemawarn/store"
)

var ErrTaken = errors.New("taken")

func Register(ctx context.Context, db *store.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return ErrTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email)
	return err
}
