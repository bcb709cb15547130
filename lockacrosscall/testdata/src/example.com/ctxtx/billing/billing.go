// Package billing is a use case running inside transactions carried in
// the context, with its dependencies behind interfaces wired in main.
package billing

import (
	"context"
	"database/sql"

	"example.com/ctxtx/dbctx"
	"example.com/ctxtx/repo"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
)

// Transactor is implemented by dbctx.Manager; main wires it.
type Transactor interface {
	WithinTransaction(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	Tx       Transactor
	Manager  *dbctx.Manager
	Accounts *repo.Accounts
	DB       *sql.DB
}

// Charge locks the account and charges the card before the transaction
// commits.
func (s *Service) Charge(ctx context.Context, id, amount int64) error {
	return s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		acct, err := s.Accounts.Lock(ctx, id)
		if err != nil {
			return err
		}
		if _, err := charge.New(&stripe.ChargeParams{Amount: stripe.Int64(amount), Customer: stripe.String(acct.CustomerID)}); err != nil { // want `HTTP call \(github.com/stripe/stripe-go/v82/charge.New\) while the transaction holds the row lock taken at billing.go:\d+ \(SELECT ... FOR UPDATE in repo.Accounts.Lock\)`
			return err
		}
		return s.Accounts.Debit(ctx, id, amount)
	})
}

// ChargeManaged is the same through the concrete manager.
func (s *Service) ChargeManaged(ctx context.Context, id, amount int64) error {
	return s.Manager.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := s.Accounts.Debit(ctx, id, amount); err != nil {
			return err
		}
		_, err := charge.New(&stripe.ChargeParams{Amount: stripe.Int64(amount)}) // want `HTTP call \(github.com/stripe/stripe-go/v82/charge.New\) while the transaction holds the row lock taken at billing.go:\d+ \(UPDATE accounts in repo.Accounts.Debit\)`
		return err
	})
}

// Quote only reads inside the transaction: no row lock is held.
func (s *Service) Quote(ctx context.Context, id, amount int64) error {
	return s.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		acct, err := s.Accounts.Get(ctx, id)
		if err != nil {
			return err
		}
		_, err = charge.Get(acct.CustomerID, nil) // ok: no row lock held
		return err
	})
}

// ChargeAfterCommit begins the transaction itself, carries it in the
// context, and charges after commit.
func (s *Service) ChargeAfterCommit(ctx context.Context, id, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	txCtx := dbctx.WithTx(ctx, tx)
	acct, err := s.Accounts.Lock(txCtx, id)
	if err != nil {
		return err
	}
	if err := s.Accounts.Debit(txCtx, id, amount); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = charge.New(&stripe.ChargeParams{Customer: stripe.String(acct.CustomerID)}) // ok: after commit
	return err
}

// ChargeBeforeCommit is the same with the charge before commit.
func (s *Service) ChargeBeforeCommit(ctx context.Context, id, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	txCtx := dbctx.WithTx(ctx, tx)
	acct, err := s.Accounts.Lock(txCtx, id)
	if err != nil {
		return err
	}
	if _, err := charge.New(&stripe.ChargeParams{Customer: stripe.String(acct.CustomerID)}); err != nil { // want `HTTP call \(github.com/stripe/stripe-go/v82/charge.New\) while the transaction holds the row lock taken at billing.go:\d+`
		return err
	}
	return tx.Commit()
}

// ChargeOnPool locks nothing: the context carries no transaction, so the
// FOR UPDATE ends with its statement.
func (s *Service) ChargeOnPool(ctx context.Context, id, amount int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	acct, err := s.Accounts.Lock(ctx, id) // the pool: ctx carries no transaction
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (account_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = charge.New(&stripe.ChargeParams{Customer: stripe.String(acct.CustomerID)}) // ok: after commit, and the lock was on the pool
	return err
}

// Orders is implemented in a package this one does not import.
type Orders interface {
	CreateOrder(ctx context.Context, o *Order) error
}

type Order struct {
	ID       int64
	Customer string
	Amount   int64
}

// Runner runs functions; nothing says it opens a transaction.
type Runner interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type Checkout struct {
	Tx     Transactor
	Run    Runner
	Orders Orders
}

// Place inserts the order and charges inside the transaction: the insert
// of a new row locks nothing another request waits for (the charge
// surviving a rollback is another matter, reported with -anytx).
func (c *Checkout) Place(ctx context.Context, o *Order) error {
	return c.Tx.WithinTransaction(ctx, func(ctx context.Context) error {
		if err := c.Orders.CreateOrder(ctx, &Order{Customer: o.Customer, Amount: o.Amount}); err != nil {
			return err
		}
		_, err := charge.New(&stripe.ChargeParams{Customer: stripe.String(o.Customer)}) // ok: the only row locked is the new order, which no other transaction sees
		return err
	})
}

// PlaceRunner runs through a Runner: not a transaction as far as the
// model knows.
func (c *Checkout) PlaceRunner(ctx context.Context, o *Order) error {
	return c.Run.Do(ctx, func(ctx context.Context) error {
		if err := c.Orders.CreateOrder(ctx, &Order{Customer: o.Customer, Amount: o.Amount}); err != nil {
			return err
		}
		_, err := charge.New(&stripe.ChargeParams{Customer: stripe.String(o.Customer)}) // ok: no transaction the model knows of
		return err
	})
}
