// Package invite checks, then inserts into a table whose schema has no
// UNIQUE on the key: "nounique".
package invite

import (
	"context"
	"database/sql"
	"errors"

	"example.com/schemawarn/store"
)

var ErrInvited = errors.New("already invited")

func Invite(ctx context.Context, db *store.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM invites WHERE email = $1`, email).Scan(&id)
	if err == nil {
		return ErrInvited
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO invites (email) VALUES ($1)`, email)
	return err
}
