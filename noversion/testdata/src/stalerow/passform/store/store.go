// Package store keeps documents; Update writes the whole row of the
// document it is given.
package store

import (
	"context"
	"database/sql"
)

type Doc struct {
	ID    int64
	Title string
	Body  string
	Owner string
}

type Store struct{ db *sql.DB }

func (s *Store) Find(ctx context.Context, id int64) (*Doc, error) {
	d := &Doc{}
	err := s.db.QueryRowContext(ctx, "SELECT id, title, body, owner FROM docs WHERE id = $1", id).Scan(&d.ID, &d.Title, &d.Body, &d.Owner)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (s *Store) Update(ctx context.Context, d *Doc) error {
	_, err := s.db.ExecContext(ctx, "UPDATE docs SET title = $1, body = $2, owner = $3 WHERE id = $4", d.Title, d.Body, d.Owner, d.ID) // ok: the write-back of the caller's document
	return err
}
