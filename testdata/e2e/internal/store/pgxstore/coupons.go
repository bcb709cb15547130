package pgxstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// Redeem looks for an earlier redemption of the coupon by the user and
// records one in the else branch. If/else form.
func (s *Store) Redeem(ctx context.Context, code string, userID int64) error {
	var id int64
	err := s.Pool.QueryRow(ctx, `SELECT id FROM redemptions WHERE coupon_code = $1 AND user_id = $2`, code, userID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = s.Pool.Exec(ctx, `INSERT INTO redemptions (coupon_code, user_id) VALUES ($1, $2)`, code, userID) // HAZARD(checkfindinsert)
		return err
	} else if err != nil {
		return err
	}
	return domain.ErrAlreadyRedeemed
}

// RedeemOnce inserts with ON CONFLICT DO NOTHING and reads the outcome off
// the command tag.
func (s *Store) RedeemOnce(ctx context.Context, code string, userID int64) error {
	tag, err := s.Pool.Exec(ctx, `INSERT INTO redemptions (coupon_code, user_id) VALUES ($1, $2) ON CONFLICT (coupon_code, user_id) DO NOTHING`, code, userID) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING, RowsAffected checked
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrAlreadyRedeemed
	}
	return nil
}

// ClaimIdempotencyKey atomically claims a request key. No row back means
// another request holds it.
func (s *Store) ClaimIdempotencyKey(ctx context.Context, key string, requestHash []byte) (bool, error) {
	var claimed string
	err := s.Pool.QueryRow(ctx, `INSERT INTO idempotency_keys (key, request_hash, expires_at) VALUES ($1, $2, now() + interval '24 hours') ON CONFLICT (key) DO NOTHING RETURNING key`, key, requestHash).Scan(&claimed) // SAFE(checkfindinsert): INSERT ... ON CONFLICT (key) DO NOTHING RETURNING claims the key atomically
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// RecordLogin upserts the per-day login counter.
func (s *Store) RecordLogin(ctx context.Context, userID int64) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1) ON CONFLICT (user_id, day) DO UPDATE SET count = daily_logins.count + 1`, userID) // SAFE(lostupdate): atomic upsert, count + 1 in SQL
	return err
}
