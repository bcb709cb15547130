// Package billing holds the jobs a service's ticker loops run.
package billing

import (
	"context"
	"database/sql"
)

// Accrue invoices every subscription that is due.
func Accrue(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT id, plan_price FROM subscriptions WHERE next_invoice_at <= now()`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, price int64
		if err := rows.Scan(&id, &price); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO invoices (subscription_id, amount) VALUES ($1, $2)`, id, price); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Flush adds the page views this instance counted since the last flush.
func Flush(ctx context.Context, db *sql.DB, counts map[string]int64) error {
	for path, n := range counts {
		if _, err := db.ExecContext(ctx, `UPDATE pages SET views = views + $1 WHERE path = $2`, n, path); err != nil {
			return err
		}
	}
	return nil
}
