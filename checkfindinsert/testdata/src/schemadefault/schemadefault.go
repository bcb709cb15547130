// Package schemadefault: lookups whose key includes a column the insert
// leaves to its DEFAULT.
package schemadefault

import (
	"context"
	"database/sql"
	"errors"
)

// The insert sets user_id and store_id and leaves state to DEFAULT 'open':
// the row the lookup asked for.
func OpenCart(ctx context.Context, db *sql.DB, user, store int64) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM carts WHERE user_id = $1 AND store_id = $2 AND state = 'open'", user, store).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO carts (user_id, store_id) VALUES ($1, $2)", user, store) // want `check-then-insert on carts\(user_id, store_id, state\): no UNIQUE constraint covers the key`
	return err
}

func Hold(ctx context.Context, db *sql.DB, sku string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM holds WHERE sku = $1 AND active = true", sku).Scan(&id)
	if err == nil {
		return errors.New("held")
	}
	_, err = db.ExecContext(ctx, "INSERT INTO holds (sku) VALUES ($1)", sku) // want `check-then-insert on holds\(sku, active\)`
	return err
}

// ---- silent ----

// The lookup asks for a state the DEFAULT does not give.
func ReopenCart(ctx context.Context, db *sql.DB, user, store int64) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM carts WHERE user_id = $1 AND store_id = $2 AND state = 'abandoned'", user, store).Scan(&id)
	if err == nil {
		return nil
	}
	_, err = db.ExecContext(ctx, "INSERT INTO carts (user_id, store_id) VALUES ($1, $2)", user, store) // ok: inserts an open cart, the lookup was for an abandoned one
	return err
}
