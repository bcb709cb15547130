// Package ctelookup looks rows up through a CTE of the same statement,
// as report-style queries kept in .sql files often do: the row is found
// (or not) by the CTE's WHERE, and the main SELECT reads the CTE.
package ctelookup

import (
	"context"
	"database/sql"
	"errors"
)

var ErrExists = errors.New("already subscribed")

const findSub = `WITH s AS (SELECT * FROM subscriptions WHERE list_id = $1 AND email = $2)
SELECT id FROM s`

// Subscribe finds no subscription through the CTE, then inserts one:
// two requests both find none.
func Subscribe(ctx context.Context, db *sql.DB, list int64, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, findSub, list, email).Scan(&id)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO subscriptions (list_id, email) VALUES ($1, $2)`, list, email) // want `check-then-insert on subscriptions\(list_id, email\): a concurrent request can insert between the lookup at ctelookup.go:21`
	return err
}

// ---- silent ----

// SubscribeOnce inserts through ON CONFLICT: the lookup only saves a
// round trip.
func SubscribeOnce(ctx context.Context, db *sql.DB, list int64, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, findSub, list, email).Scan(&id)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO subscriptions (list_id, email) VALUES ($1, $2) ON CONFLICT DO NOTHING`, list, email) // ok: the conflict clause decides
	return err
}

// Resubscribe checks the blocklist through a CTE: another table than the
// insert's.
func Resubscribe(ctx context.Context, db *sql.DB, list int64, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `WITH b AS (SELECT * FROM blocklist WHERE email = $1) SELECT id FROM b`, email).Scan(&id)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO subscriptions (list_id, email) VALUES ($1, $2) ON CONFLICT DO NOTHING`, list, email) // ok: blocked addresses are another table
	return err
}
