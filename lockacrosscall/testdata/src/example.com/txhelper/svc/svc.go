// Package svc uses the helper of package txutil.
package svc

import (
	"context"
	"database/sql"
	"net/http"

	"example.com/txhelper/txutil"
)

type Service struct {
	DB   *sql.DB
	HTTP *http.Client
}

func (s *Service) Settle(ctx context.Context, id int64) error {
	return txutil.WithTx(ctx, s.DB, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE invoices SET settled = true WHERE id = $1`, id); err != nil {
			return err
		}
		resp, err := s.HTTP.Post("https://ledger.example.com/settled", "application/json", nil) // want `HTTP call \(\(\*net/http.Client\).Post\) while the transaction holds the row lock taken at svc.go:\d+ \(UPDATE invoices\)`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func (s *Service) SettleThenNotify(ctx context.Context, id int64) error {
	err := txutil.WithTx(ctx, s.DB, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE invoices SET settled = true WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Post("https://ledger.example.com/settled", "application/json", nil) // ok: WithTx has committed
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
