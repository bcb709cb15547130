// Package gormtx holds gorm transactions: Transaction and Begin.
package gormtx

import (
	"context"

	"github.com/nats-io/nats.go"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Product struct {
	ID    int64
	Stock int32
}

type Store struct {
	DB   *gorm.DB
	NATS *nats.Conn
}

func (s *Store) Transaction(ctx context.Context, id int64) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p Product
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
			return err
		}
		if err := s.NATS.Publish("products.reserved", nil); err != nil { // want `NATS call \(\(\*github.com/nats-io/nats.go.Conn\).Publish\) while the transaction holds the row lock taken at gormtx.go:\d+ \(SELECT ... FOR UPDATE\)`
			return err
		}
		return tx.Model(&p).Update("stock", gorm.Expr("stock - 1")).Error
	})
}

func (s *Store) Begin(ctx context.Context, id int64) error {
	tx := s.DB.WithContext(ctx).Begin()
	defer tx.Rollback()
	var p Product
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
		return err
	}
	if err := s.NATS.Publish("products.reserved", nil); err != nil { // want `NATS call .* while the transaction holds the row lock`
		return err
	}
	return tx.Commit().Error
}

func (s *Store) AfterTransaction(ctx context.Context, id int64) error {
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Model(&Product{ID: id}).Update("stock", gorm.Expr("stock - 1")).Error
	})
	if err != nil {
		return err
	}
	return s.NATS.Publish("products.reserved", nil) // ok: Transaction has committed
}

func (s *Store) BeginCommitThenPublish(ctx context.Context, id int64) error {
	tx := s.DB.WithContext(ctx).Begin()
	defer tx.Rollback()
	if err := tx.Model(&Product{ID: id}).Update("stock", gorm.Expr("stock - 1")).Error; err != nil {
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	return s.NATS.Publish("products.reserved", nil) // ok: after Commit
}
