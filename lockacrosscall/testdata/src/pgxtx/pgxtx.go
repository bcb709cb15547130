// Package pgxtx holds pgx transactions, explicit and with BeginFunc.
package pgxtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Store struct {
	Pool  *pgxpool.Pool
	Kafka *kafka.Writer
}

func (s *Store) Explicit(ctx context.Context, rideID int64) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE rides SET status = 'accepted' WHERE id = $1`, rideID); err != nil {
		return err
	}
	if err := s.Kafka.WriteMessages(ctx, kafka.Message{Value: []byte("accepted")}); err != nil { // want `Kafka call \(\(\*github.com/segmentio/kafka-go.Writer\).WriteMessages\) while the transaction holds the row lock taken at pgxtx.go:\d+ \(UPDATE rides\)`
		return err
	}
	return tx.Commit(ctx)
}

func (s *Store) BeginFunc(ctx context.Context, rideID int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var status string
		if err := tx.QueryRow(ctx, `SELECT status FROM rides WHERE id = $1 FOR UPDATE`, rideID).Scan(&status); err != nil {
			return err
		}
		return s.Kafka.WriteMessages(ctx, kafka.Message{Value: []byte(status)}) // want `Kafka call .* while the transaction holds the row lock taken at pgxtx.go:\d+ \(SELECT ... FOR UPDATE\)`
	})
}

func (s *Store) AfterBeginFunc(ctx context.Context, rideID int64) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid' WHERE id = $1`, rideID)
		return err
	})
	if err != nil {
		return err
	}
	return s.Kafka.WriteMessages(ctx, kafka.Message{Value: []byte("paid")}) // ok: BeginFunc has committed
}

func (s *Store) OutboxInBeginFunc(ctx context.Context, rideID int64) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE rides SET status = 'paid' WHERE id = $1`, rideID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO outbox (topic) VALUES ('rides.paid')`) // ok: queries on the transaction itself
		return err
	})
}
