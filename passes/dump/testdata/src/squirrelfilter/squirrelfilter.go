// Package squirrelfilter is a store whose counts add a filter of their
// options struct only when the caller set it, and whose optimistic write
// returns a copy of the row it was given.
package squirrelfilter

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
)

var ErrConflict = errors.New("conflict")

type Board struct {
	ID      int64
	Version int64
	Cards   int64
}

type CardFilter struct {
	Lane    string
	Tag     string
	Limited bool
}

type Store struct{ db *sql.DB }

// Count filters on the lane and the tag when they are set; the tag's
// filter is tested against the value it binds, the lane's against
// Limited.
func (s *Store) Count(ctx context.Context, boardID int64, f CardFilter) (int64, error) { // want Count:"select count cards board_id=p2 if-set:tag=p3.Tag read:count->r0 on p0.db found:count@r0 err@r1"
	q := sq.Select("count(*)").From("cards").Where(sq.Eq{"board_id": boardID})
	if f.Tag != "" {
		q = q.Where("tag = ?", f.Tag)
	}
	if f.Limited {
		q = q.Where("lane = ?", f.Lane)
	}
	text, args, err := q.ToSql()
	if err != nil {
		return 0, err
	}
	var n int64
	err = s.db.QueryRowContext(ctx, text, args...).Scan(&n)
	return n, err
}

func (s *Store) update(ctx context.Context, b *Board) error { // want update:"update boards id=p2.ID version=p2.Version set:cards=p2.Cards set:version=atomic on p0.db found:err@r0 err@r0 rowschecked"
	res, err := s.db.ExecContext(ctx, "UPDATE boards SET cards = $1, version = version + 1 WHERE id = $2 AND version = $3", b.Cards, b.ID, b.Version)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrConflict
	}
	return nil
}

func (s *Store) find(ctx context.Context, id int64) (*Board, error) { // want find:"select boards id=p2 read:id->r0.ID read:version->r0.Version read:cards->r0.Cards on p0.db found:err@r1 err@r1"
	b := &Board{}
	err := s.db.QueryRowContext(ctx, "SELECT id, version, cards FROM boards WHERE id = $1", id).Scan(&b.ID, &b.Version, &b.Cards)
	return b, err
}

// Bump writes a changed copy of the board, and after a conflict a copy
// of the board read again by its id: the copy it returns is the board's
// row, its id the caller's.
func (s *Store) Bump(ctx context.Context, b *Board, change func(*Board)) (*Board, error) { // want Bump:"update boards .* on p0.db found:nil@r0 err@r1 rowschecked; select boards id=\\? on p0.db found:err@r1 err@r1; ctor r0.ID=p2.ID$" Bump:"mutates p2 \\(from itself\\)"
	for {
		dup := *b
		change(&dup)
		err := s.update(ctx, &dup)
		if err == nil {
			return &dup, nil
		}
		if !errors.Is(err, ErrConflict) {
			return nil, err
		}
		if b, err = s.find(ctx, b.ID); err != nil {
			return nil, err
		}
	}
}

// Renumber returns a copy under another id: no field of the caller's.
func (s *Store) Renumber(ctx context.Context, b *Board, id int64) (*Board, error) { // want Renumber:"update boards id=p3 .*; ctor r0.ID=p3$"
	dup := *b
	dup.ID = id
	err := s.update(ctx, &dup)
	return &dup, err
}
