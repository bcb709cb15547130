// Package bindnamed is a store in the shape of drone-descended services:
// statements with :name parameters bound from a struct by sqlx's
// BindNamed, columns prefixed by the table's name, and optimistic locking
// by a prefixed version column (ticket_version = :ticket_version - 1,
// the copy's version bumped before binding).
package bindnamed

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
)

var ErrVersionConflict = errors.New("version conflict")

type Ticket struct {
	ID      int64 `db:"ticket_id"`
	Version int64 `db:"ticket_version"`
	Seq     int64 `db:"ticket_seq"`
}

type Store struct{ db *sqlx.DB }

func (s *Store) Find(ctx context.Context, id int64) (*Ticket, error) {
	t := new(Ticket)
	err := s.db.GetContext(ctx, t, `SELECT ticket_id, ticket_version, ticket_seq FROM tickets WHERE ticket_id = $1`, id)
	return t, err
}

const updateTicket = `
	UPDATE tickets
	SET ticket_seq = :ticket_seq, ticket_version = :ticket_version
	WHERE ticket_id = :ticket_id AND ticket_version = :ticket_version - 1`

// Update writes the ticket if nobody changed it since it was read.
func (s *Store) Update(ctx context.Context, t *Ticket) error {
	dup := *t
	dup.Version++
	query, args, err := s.db.BindNamed(updateTicket, dup)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, query, args...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrVersionConflict
	}
	t.Version = dup.Version
	return nil
}

// IncrementSeq retries on a version conflict: the compare-and-set makes
// the increment safe.
func (s *Store) IncrementSeq(ctx context.Context, id int64) (*Ticket, error) {
	t, err := s.Find(ctx, id)
	if err != nil {
		return nil, err
	}
	for {
		t.Seq++
		err = s.Update(ctx, t)
		if err == nil {
			return t, nil
		}
		if !errors.Is(err, ErrVersionConflict) {
			return nil, err
		}
		if t, err = s.Find(ctx, id); err != nil {
			return nil, err
		}
	}
}

// BumpSeq writes the incremented sequence back without the version check.
func (s *Store) BumpSeq(ctx context.Context, id int64) error {
	t, err := s.Find(ctx, id)
	if err != nil {
		return err
	}
	t.Seq++
	query, args, err := s.db.BindNamed(`UPDATE tickets SET ticket_seq = :ticket_seq WHERE ticket_id = :ticket_id`, t)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, query, args...) // want `lost update on tickets\.ticket_seq`
	return err
}
