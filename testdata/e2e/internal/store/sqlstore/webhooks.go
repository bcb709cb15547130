package sqlstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// MarkWebhookOnce counts earlier deliveries of the event and records it
// when there were none: two concurrent deliveries both count zero.
func (s *Store) MarkWebhookOnce(ctx context.Context, eventID, source string) error {
	var n int
	if err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM processed_webhook_events WHERE event_id = $1`, eventID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return domain.ErrAlreadyProcessed
	}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO processed_webhook_events (event_id, source) VALUES ($1, $2)`, eventID, source) // HAZARD(checkfindinsert)
	return err
}

// ClaimWebhook lets the primary key arbitrate: the second delivery inserts
// nothing and learns so from the row count.
func (s *Store) ClaimWebhook(ctx context.Context, eventID, source string) error {
	res, err := s.DB.ExecContext(ctx, `INSERT INTO processed_webhook_events (event_id, source) VALUES ($1, $2) ON CONFLICT DO NOTHING`, eventID, source) // SAFE(checkfindinsert): INSERT ... ON CONFLICT DO NOTHING, rows checked
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.ErrAlreadyProcessed
	}
	return nil
}
