package pgxstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// Reserve decrements stock with a compare-and-set on the value read and
// reports a conflict when another order changed it first.
func (s *Store) Reserve(ctx context.Context, productID int64, qty int32) error {
	var stock int32
	if err := s.Pool.QueryRow(ctx, `SELECT stock FROM products WHERE id = $1`, productID).Scan(&stock); err != nil {
		return err
	}
	if stock < qty {
		return domain.ErrOutOfStock
	}
	tag, err := s.Pool.Exec(ctx, `UPDATE products SET stock = $2 WHERE id = $1 AND stock = $3`, productID, stock-qty, stock) // SAFE(lostupdate): compare-and-set on the old value, RowsAffected checked
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}
