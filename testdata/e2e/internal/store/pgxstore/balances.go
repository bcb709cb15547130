package pgxstore

import "context"

// Balance reads an account's balance.
func (s *Store) Balance(ctx context.Context, accountID int64) (int64, error) {
	var balance int64
	err := s.Pool.QueryRow(ctx, `SELECT balance FROM accounts WHERE id = $1`, accountID).Scan(&balance)
	return balance, err
}

// Debit takes amount off the balance, atomically but unconditionally.
func (s *Store) Debit(ctx context.Context, accountID, amount int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE accounts SET balance = balance - $1, updated_at = now() WHERE id = $2`, amount, accountID)
	return err
}

// DebitIfCovered debits only a balance that covers amount and says
// whether it did.
func (s *Store) DebitIfCovered(ctx context.Context, accountID, amount int64) (bool, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE accounts SET balance = balance - $1, updated_at = now() WHERE id = $2 AND balance >= $1`, amount, accountID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
