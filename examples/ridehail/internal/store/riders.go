package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
)

// RegisterRider is the original sign-up: look the address up, create the
// rider when it is free. Two sign-ups with the same address (a double tap,
// a retried request) both pass the lookup; the UNIQUE index then turns the
// second into an unhandled error, or, without the index, into a duplicate
// rider.
func (s *Store) RegisterRider(ctx context.Context, email, name string) (int64, error) {
	_, err := s.Q.GetRiderByEmail(ctx, email)
	if err == nil {
		return 0, ErrEmailTaken
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, err
	}
	rider, err := s.Q.CreateRider(ctx, db.CreateRiderParams{Email: email, Name: name}) // HAZARD(checkfindinsert)
	if err != nil {
		return 0, err
	}
	return rider.ID, s.Q.CreateWallet(ctx, rider.ID)
}

// RegisterRiderIdempotent lets the UNIQUE index arbitrate: INSERT ... ON
// CONFLICT (email) DO NOTHING RETURNING gives no row when the address is
// taken, whoever got there first.
func (s *Store) RegisterRiderIdempotent(ctx context.Context, email, name string) (int64, error) {
	rider, err := s.Q.CreateRiderIfAbsent(ctx, db.CreateRiderIfAbsentParams{Email: email, Name: name}) // SAFE(checkfindinsert): INSERT ... ON CONFLICT (email) DO NOTHING RETURNING
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrEmailTaken
	}
	if err != nil {
		return 0, err
	}
	// The wallet insert is idempotent too (ON CONFLICT (rider_id) DO NOTHING).
	return rider.ID, s.Q.CreateWallet(ctx, rider.ID)
}
