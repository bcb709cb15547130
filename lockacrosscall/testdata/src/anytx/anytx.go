// Package anytx calls the network inside transactions that hold no row
// locks (reported with -lockacrosscall.anytx only).
package anytx

import (
	"context"
	"database/sql"
	"net/http"
)

type Store struct {
	DB   *sql.DB
	HTTP *http.Client
}

func (s *Store) ReadThenFetch(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT n FROM counters WHERE id = $1`, id).Scan(&n); err != nil {
		return err
	}
	resp, err := s.HTTP.Get("https://example.com/rates") // want `HTTP call \(\(\*net/http.Client\).Get\) inside a transaction`
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}

func (s *Store) FetchBeforeBegin(ctx context.Context, id int64) error {
	resp, err := s.HTTP.Get("https://example.com/rates") // ok: before Begin
	if err != nil {
		return err
	}
	resp.Body.Close()
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return tx.Commit()
}
