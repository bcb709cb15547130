// Package gormctx carries a gorm transaction in the context, and calls a
// notification service inside it.
package gormctx

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"gorm.io/gorm"
)

type ctxKey string

const txKey ctxKey = "tx"

type Store struct {
	DB  *gorm.DB
	SQS *sqs.Client
}

// Atomic runs fn with a context carrying a gorm transaction.
func (s *Store) Atomic(ctx context.Context, fn func(ctx context.Context) error) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey, tx))
	})
}

// db returns the transaction of ctx, or the store's pool.
func (s *Store) db(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey).(*gorm.DB); ok {
		return tx
	}
	return s.DB.WithContext(ctx)
}

type Order struct {
	ID    int64
	State string
}

func (s *Store) Ship(ctx context.Context, id int64) error {
	return s.Atomic(ctx, func(ctx context.Context) error {
		if err := s.db(ctx).Model(&Order{ID: id}).Update("state", "shipped").Error; err != nil {
			return err
		}
		_, err := s.SQS.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: aws.String("shipped")}) // want `HTTP call \(\(\*github.com/aws/aws-sdk-go-v2/service/sqs.Client\).SendMessage\) while the transaction holds the row lock`
		return err
	})
}

func (s *Store) ShipOutside(ctx context.Context, id int64) error {
	if err := s.Atomic(ctx, func(ctx context.Context) error {
		return s.db(ctx).Model(&Order{ID: id}).Update("state", "shipped").Error
	}); err != nil {
		return err
	}
	_, err := s.SQS.SendMessage(ctx, &sqs.SendMessageInput{MessageBody: aws.String("shipped")}) // ok: after the transaction
	return err
}
