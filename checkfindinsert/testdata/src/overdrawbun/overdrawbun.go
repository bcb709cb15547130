// Package overdrawbun keeps a wallet's balance as the sum of its ledger
// rows, read with bun: a payment checks the sum, then inserts its debit
// row into the same ledger.
package overdrawbun

import (
	"context"
	"errors"

	"github.com/uptrace/bun"
)

var ErrNotEnough = errors.New("not enough balance")

type LedgerRow struct {
	bun.BaseModel `bun:"table:account_ledgers"`

	ID        int64 `bun:",pk,autoincrement"`
	AccountID int64
	Amount    int64
}

type Service struct{ DB *bun.DB }

func (s *Service) balance(ctx context.Context, account int64) (int64, error) {
	var balance int64
	err := s.DB.NewSelect().Table("account_ledgers").ColumnExpr("sum(account_ledgers.amount) as balance").Where("account_ledgers.account_id = ?", account).Scan(ctx, &balance)
	return balance, err
}

// Pay debits the account when the sum of its rows covers the amount.
func (s *Service) Pay(ctx context.Context, account, amount int64) error {
	bal, err := s.balance(ctx, account)
	if err != nil {
		return err
	}
	if bal < amount {
		return ErrNotEnough
	}
	_, err = s.DB.NewInsert().Model(&LedgerRow{AccountID: account, Amount: -amount}).Exec(ctx) // want `overdraw on account_ledgers\(account_id\): concurrent requests all read the total at overdrawbun.go:\d+ \(by overdrawbun.Service.balance\)`
	return err
}

// ---- silent ----

// Credit adds to the account whatever its balance.
func (s *Service) Credit(ctx context.Context, account, amount int64) (int64, error) {
	bal, err := s.balance(ctx, account)
	if err != nil {
		return 0, err
	}
	_, err = s.DB.NewInsert().Model(&LedgerRow{AccountID: account, Amount: amount}).Exec(ctx) // ok: no check of the total decides it
	return bal + amount, err
}

type Invoice struct {
	bun.BaseModel `bun:"table:invoices"`

	ID     int64 `bun:",pk,autoincrement"`
	UserID int64
	Type   string
	Amount int64
}

type ErrorResponse struct{ Message string }

// volume totals the user's settled invoices of a type.
func (s *Service) volume(ctx context.Context, user int64, typ string) (int64, error) {
	var v int64
	err := s.DB.NewSelect().Table("invoices").ColumnExpr("sum(invoices.amount) as result").
		Where("invoices.user_id = ?", user).Where("invoices.type = ?", typ).Where("invoices.settled_at IS NOT NULL").
		Scan(ctx, &v)
	if err != nil {
		return 0, err
	}
	return v, nil
}

func (s *Service) allowed(ctx context.Context, user int64) (*ErrorResponse, error) {
	v, err := s.volume(ctx, user, "incoming")
	if err != nil {
		return nil, err
	}
	if v > 1_000_000 {
		return &ErrorResponse{Message: "too much volume"}, nil
	}
	return nil, nil
}

// AddInvoice creates an unsettled invoice when the settled volume allows.
func (s *Service) AddInvoice(ctx context.Context, user, amount int64) error {
	resp, err := s.allowed(ctx, user)
	if err != nil {
		return err
	}
	if resp != nil {
		return errors.New(resp.Message)
	}
	_, err = s.DB.NewInsert().Model(&Invoice{UserID: user, Type: "incoming", Amount: amount}).Exec(ctx) // ok: a total is no lookup of the invoice, whose error (the total's) decides nothing about a duplicate
	return err
}
