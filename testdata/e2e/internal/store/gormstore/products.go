package gormstore

import (
	"context"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

// SellMap subtracts in Go and writes the result with Updates(map).
func (s *Store) SellMap(ctx context.Context, id int64, qty int32) error {
	var p Product
	if err := s.DB.WithContext(ctx).First(&p, id).Error; err != nil {
		return err
	}
	if p.Stock < qty {
		return domain.ErrOutOfStock
	}
	return s.DB.WithContext(ctx).Model(&p).Updates(map[string]any{"stock": p.Stock - qty}).Error // HAZARD(lostupdate)
}

// SellLocked reads the row FOR UPDATE inside the transaction first.
func (s *Store) SellLocked(ctx context.Context, id int64, qty int32) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p Product
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
			return err
		}
		if p.Stock < qty {
			return domain.ErrOutOfStock
		}
		return tx.Model(&p).Update("stock", p.Stock-qty).Error // SAFE(lostupdate): row locked with clause.Locking{Strength: "UPDATE"}
	})
}

// SellExpr decrements in SQL and checks the guard held.
func (s *Store) SellExpr(ctx context.Context, id int64, qty int32) error {
	res := s.DB.WithContext(ctx).Model(&Product{}).Where("id = ? AND stock >= ?", id, qty).Updates(map[string]any{"stock": gorm.Expr("stock - ?", qty)}) // SAFE(lostupdate): gorm.Expr("stock - ?")
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrOutOfStock
	}
	return nil
}

// Purchase locks the product inside db.Transaction and charges the card
// from within the callback.
func (s *Store) Purchase(ctx context.Context, id, customerID int64, qty int32) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var p Product
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
			return err
		}
		if p.Stock < qty {
			return domain.ErrOutOfStock
		}
		if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: customerID, AmountCents: p.PriceCents * int64(qty), Currency: "EUR"}); err != nil { // HAZARD(lockacrosscall)
			return fmt.Errorf("charge: %w", err)
		}
		return tx.Model(&p).Update("stock", gorm.Expr("stock - ?", qty)).Error
	})
}

// PurchaseManual is Purchase with db.Begin / Commit.
func (s *Store) PurchaseManual(ctx context.Context, id, customerID int64, qty int32) error {
	tx := s.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	defer tx.Rollback()
	var p Product
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
		return err
	}
	if p.Stock < qty {
		return domain.ErrOutOfStock
	}
	if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: customerID, AmountCents: p.PriceCents * int64(qty), Currency: "EUR"}); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	if err := tx.Model(&p).Update("stock", gorm.Expr("stock - ?", qty)).Error; err != nil {
		return err
	}
	return tx.Commit().Error
}

// PurchaseThenCharge reserves inside the transaction and charges once
// Transaction has returned (committed).
func (s *Store) PurchaseThenCharge(ctx context.Context, id, customerID int64, qty int32, key string) error {
	var p Product
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&p, id).Error; err != nil {
			return err
		}
		if p.Stock < qty {
			return domain.ErrOutOfStock
		}
		return tx.Model(&p).Update("stock", gorm.Expr("stock - ?", qty)).Error
	})
	if err != nil {
		return err
	}
	_, err = s.Payments.ChargeWithKey(ctx, key, payments.ChargeRequest{CustomerID: customerID, AmountCents: p.PriceCents * int64(qty), Currency: "EUR"}) // SAFE(lockacrosscall): Transaction has committed
	return err
}
