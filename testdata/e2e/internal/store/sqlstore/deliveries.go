package sqlstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

func (s *Store) Delivery(ctx context.Context, id int64) (*domain.Delivery, error) {
	var d domain.Delivery
	if err := s.DB.QueryRowContext(ctx, `SELECT id, attempts, last_error FROM deliveries WHERE id = $1`, id).Scan(&d.ID, &d.Attempts, &d.LastError); err != nil {
		return nil, err
	}
	return &d, nil
}

// DeliveryFailed lets the model count the attempt and writes the count
// back: two workers failing the same delivery count one attempt.
func (s *Store) DeliveryFailed(ctx context.Context, id int64, cause error) error {
	d, err := s.Delivery(ctx, id)
	if err != nil {
		return err
	}
	d.Failed(cause)
	_, err = s.DB.ExecContext(ctx, `UPDATE deliveries SET attempts = $1, last_error = $2 WHERE id = $3`, d.Attempts, d.LastError, d.ID) // HAZARD(lostupdate)
	return err
}

// DeliveryFailedAtomic counts in SQL.
func (s *Store) DeliveryFailedAtomic(ctx context.Context, id int64, cause error) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE deliveries SET attempts = attempts + 1, last_error = $1 WHERE id = $2`, cause.Error(), id) // SAFE(lostupdate): attempts = attempts + 1
	return err
}
