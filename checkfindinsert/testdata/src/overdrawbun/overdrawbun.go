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
