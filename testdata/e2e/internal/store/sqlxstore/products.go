package sqlxstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/idemvet/idemvet/testdata/e2e/internal/dberr"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/payments"
)

// EnsureProduct fetches the product by SKU and creates it when missing.
func (s *Store) EnsureProduct(ctx context.Context, p domain.Product) (*domain.Product, error) {
	var existing domain.Product
	err := s.DB.GetContext(ctx, &existing, `SELECT id, sku, name, stock, price_cents FROM products WHERE sku = $1`, p.SKU)
	if err == nil {
		return &existing, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if _, err := s.DB.NamedExecContext(ctx, `INSERT INTO products (sku, name, stock, price_cents) VALUES (:sku, :name, :stock, :price_cents)`, p); err != nil { // HAZARD(checkfindinsert)
		return nil, err
	}
	return &p, nil
}

// EnsureProductChecked has the same shape but treats a unique violation as
// "someone else created it" through the shared classifier.
func (s *Store) EnsureProductChecked(ctx context.Context, p domain.Product) error {
	var existing domain.Product
	err := s.DB.GetContext(ctx, &existing, `SELECT id, sku, name, stock, price_cents FROM products WHERE sku = $1`, p.SKU)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.DB.NamedExecContext(ctx, `INSERT INTO products (sku, name, stock, price_cents) VALUES (:sku, :name, :stock, :price_cents)`, p) // SAFE(checkfindinsert): unique violation handled by dberr.IsUniqueViolation
	if dberr.IsUniqueViolation(err) {
		return nil
	}
	return err
}

// Sell reads the product into a struct and writes stock-qty back.
func (s *Store) Sell(ctx context.Context, productID int64, qty int32) error {
	var p domain.Product
	if err := s.DB.GetContext(ctx, &p, `SELECT id, sku, name, stock, price_cents FROM products WHERE id = $1`, productID); err != nil {
		return err
	}
	if p.Stock < qty {
		return domain.ErrOutOfStock
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE products SET stock = $1 WHERE id = $2`, p.Stock-qty, p.ID) // HAZARD(lostupdate)
	return err
}

// SellAtomic decrements in SQL, guarded against going negative.
func (s *Store) SellAtomic(ctx context.Context, productID int64, qty int32) error {
	res, err := s.DB.ExecContext(ctx, `UPDATE products SET stock = stock - $1 WHERE id = $2 AND stock >= $1`, qty, productID) // SAFE(lostupdate): stock = stock - $1 in SQL
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrOutOfStock
	}
	return nil
}

// Checkout locks the product row with sqlx, then charges the card before
// the commit.
func (s *Store) Checkout(ctx context.Context, productID, customerID int64, qty int32) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var p domain.Product
	if err := tx.GetContext(ctx, &p, `SELECT id, sku, name, stock, price_cents FROM products WHERE id = $1 FOR UPDATE`, productID); err != nil {
		return err
	}
	if p.Stock < qty {
		return domain.ErrOutOfStock
	}
	if _, err := s.Payments.Charge(ctx, payments.ChargeRequest{CustomerID: customerID, AmountCents: p.PriceCents * int64(qty), Currency: "EUR"}); err != nil { // HAZARD(lockacrosscall)
		return fmt.Errorf("charge: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET stock = stock - $1 WHERE id = $2`, qty, productID); err != nil {
		return err
	}
	return tx.Commit()
}

// CheckoutThenCharge reserves the stock in a transaction that only talks
// to the database, and charges after the commit.
func (s *Store) CheckoutThenCharge(ctx context.Context, productID, customerID int64, qty int32, key string) error {
	tx, err := s.DB.Beginx()
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	var p domain.Product
	if err := tx.GetContext(ctx, &p, `SELECT id, sku, name, stock, price_cents FROM products WHERE id = $1 FOR UPDATE`, productID); err != nil {
		return err
	}
	if p.Stock < qty {
		return domain.ErrOutOfStock
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET stock = stock - $1 WHERE id = $2`, qty, productID); err != nil { // SAFE(lockacrosscall): a query on the transaction itself
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = s.Payments.ChargeWithKey(ctx, key, payments.ChargeRequest{CustomerID: customerID, AmountCents: p.PriceCents * int64(qty), Currency: "EUR"}) // SAFE(lockacrosscall): after Commit
	return err
}
