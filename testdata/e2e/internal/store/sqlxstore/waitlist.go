package sqlxstore

import (
	"context"
	"errors"
)

var ErrWaitlistFull = errors.New("waitlist full")

// JoinWaitlist counts the event's waitlist and adds the user below the
// limit: concurrent joins all count below it.
func (s *Store) JoinWaitlist(ctx context.Context, eventID, userID int64, max int) error {
	var n int
	if err := s.DB.GetContext(ctx, &n, `SELECT COUNT(*) FROM waitlist WHERE event_id = $1`, eventID); err != nil {
		return err
	}
	if n >= max {
		return ErrWaitlistFull
	}
	_, err := s.DB.ExecContext(ctx, `INSERT INTO waitlist (event_id, user_id) VALUES ($1, $2)`, eventID, userID) // HAZARD(checkfindinsert)
	return err
}

// JoinWaitlistLocked locks the event row first, so joins of one event
// count one at a time.
func (s *Store) JoinWaitlistLocked(ctx context.Context, eventID, userID int64, max int) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.GetContext(ctx, &id, `SELECT id FROM events WHERE id = $1 FOR UPDATE`, eventID); err != nil {
		return err
	}
	var n int
	if err := tx.GetContext(ctx, &n, `SELECT COUNT(*) FROM waitlist WHERE event_id = $1`, eventID); err != nil {
		return err
	}
	if n >= max {
		return ErrWaitlistFull
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO waitlist (event_id, user_id) VALUES ($1, $2)`, eventID, userID); err != nil { // SAFE(checkfindinsert): the event row is locked before counting
		return err
	}
	return tx.Commit()
}
