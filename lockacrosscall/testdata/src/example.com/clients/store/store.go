// Package store calls the clients of package notify inside transactions.
package store

import (
	"context"
	"database/sql"

	"example.com/clients/notify"
)

type Store struct {
	DB       *sql.DB
	Mailer   *notify.Mailer
	Receipts notify.ReceiptsClient
	Local    notify.Local
}

func (s *Store) Close(ctx context.Context, id int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET closed = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := s.Mailer.Send(email, "closed"); err != nil { // want `SMTP call \(notify.Mailer.Send → net/smtp.SendMail\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}

func (s *Store) Receipt(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET receipted = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := s.Receipts.SendReceipt(ctx, id); err != nil { // want `gRPC call \(notify.ReceiptsClient.SendReceipt → \(google.golang.org/grpc.ClientConnInterface\).Invoke\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}

func (s *Store) Format(ctx context.Context, id int64) (string, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE rides SET receipted = true WHERE id = $1`, id); err != nil {
		return "", err
	}
	msg := s.Local.Format(id) // ok: no network
	return msg, tx.Commit()
}
