package pgxstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// BookSeat checks that the seat is free and books it, without any lock: two
// buyers of the same seat both see it free.
func (s *Store) BookSeat(ctx context.Context, eventID, seatID, userID int64) error {
	var taken bool
	if err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bookings WHERE seat_id = $1)`, seatID).Scan(&taken); err != nil {
		return err
	}
	if taken {
		return domain.ErrSeatTaken
	}
	_, err := s.Pool.Exec(ctx, `INSERT INTO bookings (event_id, seat_id, user_id) VALUES ($1, $2, $3)`, eventID, seatID, userID) // HAZARD(checkfindinsert)
	return err
}

// BookSeatLocked first locks the parent event row: every booking for the
// event queues behind it, so the check cannot go stale before the insert.
func (s *Store) BookSeatLocked(ctx context.Context, eventID, seatID, userID int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var capacity, booked int
		if err := tx.QueryRow(ctx, `SELECT capacity, booked FROM events WHERE id = $1 FOR UPDATE`, eventID).Scan(&capacity, &booked); err != nil {
			return err
		}
		if booked >= capacity {
			return domain.ErrSeatTaken
		}
		var existing int64
		err := tx.QueryRow(ctx, `SELECT id FROM bookings WHERE seat_id = $1`, seatID).Scan(&existing)
		if err == nil {
			return domain.ErrSeatTaken
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO bookings (event_id, seat_id, user_id) VALUES ($1, $2, $3)`, eventID, seatID, userID); err != nil { // SAFE(checkfindinsert): parent events row locked FOR UPDATE first
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE events SET booked = booked + 1 WHERE id = $1`, eventID)
		return err
	})
}

// LogBookingAttempt appends an audit row; nothing is checked first.
func (s *Store) LogBookingAttempt(ctx context.Context, payload []byte) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ('bookings.attempted', $1)`, payload) // SAFE(checkfindinsert): append-only insert with no preceding check
	return err
}
