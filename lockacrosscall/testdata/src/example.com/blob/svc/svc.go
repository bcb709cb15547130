// Package svc uploads and publishes inside transactions through the
// store's interfaces.
package svc

import (
	"context"
	"database/sql"

	"example.com/blob/store"
)

type Service struct {
	DB      *sql.DB
	Objects store.Objects
	Events  store.Events
}

func (s *Service) Attach(ctx context.Context, docID int64, data []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET attachment = $1 WHERE id = $2`, "k", docID); err != nil {
		return err
	}
	if err := s.Objects.Put(ctx, "k", data); err != nil { // want `HTTP call \(store.Objects.Put → \(\*github.com/aws/aws-sdk-go-v2/service/s3.Client\).PutObject\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}

func (s *Service) Announce(ctx context.Context, docID int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET announced = true WHERE id = $1`, docID); err != nil {
		return err
	}
	if err := s.Events.Publish(ctx, "announced"); err != nil { // ok: a local implementation does real work; which one runs is configuration
		return err
	}
	return tx.Commit()
}
