// Package auditlogs is an application's audit trail: each entry is queued
// in an outbox table that a worker ships to the log store.
package auditlogs

import (
	"context"
	"database/sql"
)

type Service struct{}

// Insert queues one audit entry in the request's transaction.
func (Service) Insert(ctx context.Context, tx *sql.Tx, event, target string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO log_outbox (event, target) VALUES ($1, $2)", event, target)
	return err
}
