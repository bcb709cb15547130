package squirrelstore

import (
	"bytes"
	"context"
	"net/http"

	sq "github.com/Masterminds/squirrel"
)

func post(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(nil))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Payout(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := s.sb.Select("balance").From("wallets").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&balance); err != nil {
		return err
	}
	if err := post(ctx, "https://payouts.example.com/v1/payouts"); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	if _, err := s.sb.Update("wallets").Set("balance", 0).Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *Store) PayoutAfterCommit(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := s.sb.Select("balance").From("wallets").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&balance); err != nil {
		return err
	}
	if _, err := s.sb.Update("wallets").Set("balance", 0).Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return post(ctx, "https://payouts.example.com/v1/payouts") // SAFE(lockacrosscall): after commit
}
