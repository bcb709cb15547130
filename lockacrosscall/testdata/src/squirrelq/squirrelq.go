package squirrelq

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	sq "github.com/Masterminds/squirrel"
)

type Store struct {
	DB   *sql.DB
	HTTP *http.Client
}

func (s *Store) notify(ctx context.Context, id int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://hooks.example.com/orders", bytes.NewReader(nil))
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The order row is locked by a squirrel SELECT ... FOR UPDATE.
func (s *Store) Ship(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := sq.Select("status").From("orders").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&status); err != nil {
		return err
	}
	if err := s.notify(ctx, id); err != nil { // want `HTTP call \(squirrelq.Store.notify → \(\*net/http.Client\).Do\) while the transaction holds the row lock`
		return err
	}
	if _, err := sq.Update("orders").Set("status", "shipped").Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- silent ----

// The call is made after commit.
func (s *Store) ShipThenNotify(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := sq.Select("status").From("orders").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&status); err != nil {
		return err
	}
	if _, err := sq.Update("orders").Set("status", "shipped").Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.notify(ctx, id) // ok: after commit
}
