// Package couponcap: a coupon's redemption cap and a wallet's balance
// checked by validation helpers (functions returning an error when a field
// of their parameter fails a comparison), then an update by the caller that
// does not re-state the check.
package couponcap

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

var ErrExhausted = errors.New("coupon exhausted")

type Coupon struct {
	Code        string
	MaxUses     *int
	Uses        int
	Active      bool
	PerCustomer int
}

type LimitError struct {
	Code string
	Max  int
}

func (e *LimitError) Error() string { return fmt.Sprintf("coupon %s used %d times", e.Code, e.Max) }

type Service struct{ db *sql.DB }

func (s *Service) coupon(ctx context.Context, code string) (*Coupon, error) {
	var c Coupon
	row := s.db.QueryRowContext(ctx, "SELECT code, max_uses, uses, active, per_customer FROM coupons WHERE code = $1", code)
	if err := row.Scan(&c.Code, &c.MaxUses, &c.Uses, &c.Active, &c.PerCustomer); err != nil {
		return nil, err
	}
	return &c, nil
}

// checkCap fails when the coupon has been used as often as it may be.
func checkCap(c Coupon) error {
	if c.MaxUses != nil {
		if c.Uses >= *c.MaxUses {
			return &LimitError{Code: c.Code, Max: *c.MaxUses}
		}
	}
	return nil
}

// validate runs the checks in turn and passes their errors on.
func (s *Service) validate(c *Coupon) error {
	if !c.Active {
		return errors.New("inactive")
	}
	if err := checkCap(*c); err != nil {
		return err
	}
	return nil
}

// Redeem increments the count the helper checked, by the code alone.
func (s *Service) Redeem(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := checkCap(*c); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code) // want `check-then-update on coupons\(uses\): the check at couponcap\.go:\d+ \(by checkCap\) of the value read at .* add AND uses < \$n`
	return err
}

// Apply reaches the check through a method that chains helpers.
func (s *Service) Apply(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := s.validate(c); err != nil {
		return fmt.Errorf("apply %s: %w", code, err)
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code) // want `check-then-update on coupons\(uses\): the check at couponcap\.go:\d+ \(by validate\)`
	return err
}

// ---- silent ----

// RedeemGuarded is the fix: the WHERE carries the cap and 0 rows is the
// lost race.
func (s *Service) RedeemGuarded(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := checkCap(*c); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1 AND uses < max_uses", code) // ok: the cap is re-checked in the WHERE
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrExhausted
	}
	return nil
}

// RedeemLocked holds the row from the read to the write.
func (s *Service) RedeemLocked(ctx context.Context, code string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var c Coupon
	if err := tx.QueryRowContext(ctx, "SELECT code, max_uses, uses FROM coupons WHERE code = $1 FOR UPDATE", code).Scan(&c.Code, &c.MaxUses, &c.Uses); err != nil {
		return err
	}
	if err := checkCap(c); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code); err != nil { // ok: FOR UPDATE holds the row
		return err
	}
	return tx.Commit()
}

// describe returns an error for every coupon: it checks nothing.
func describe(c Coupon) error {
	if c.Uses > 0 {
		return fmt.Errorf("used %d times", c.Uses)
	}
	return fmt.Errorf("unused")
}

// Touch calls a helper whose every return fails: no check.
func (s *Service) Touch(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := describe(*c); err == nil {
		return nil
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code) // ok: describe fails whatever the count
	return err
}

// checkActive checks a column the write leaves alone.
func checkActive(c *Coupon) error {
	if !c.Active {
		return errors.New("inactive")
	}
	return nil
}

// Rename is decided by a check of a column it does not write.
func (s *Service) Rename(ctx context.Context, code, name string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := checkActive(c); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET per_customer = $2 WHERE code = $1", code, len(name)) // ok: active is not written
	return err
}

var ErrInsufficient = errors.New("insufficient funds")

type Wallet struct {
	ID      int64
	Balance int64
}

func (s *Service) wallet(ctx context.Context, id int64) (Wallet, error) {
	var w Wallet
	err := s.db.QueryRowContext(ctx, "SELECT id, balance FROM wallets WHERE id = $1", id).Scan(&w.ID, &w.Balance)
	return w, err
}

// ensureFunds compares a field of one parameter with another parameter.
func ensureFunds(w Wallet, amount int64) error {
	if w.Balance < amount {
		return ErrInsufficient
	}
	return nil
}

// Debit overdraws the wallet when two debits pass the helper at once.
func (s *Service) Debit(ctx context.Context, id, amount int64) error {
	w, err := s.wallet(ctx, id)
	if err != nil {
		return err
	}
	if err := ensureFunds(w, amount); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE wallets SET balance = balance - $1 WHERE id = $2", amount, id) // want `check-then-update on wallets\(balance\): the check at couponcap\.go:\d+ \(by ensureFunds\) .* add AND balance >= \$n`
	return err
}

// DebitGuarded re-states the helper's check in the WHERE.
func (s *Service) DebitGuarded(ctx context.Context, id, amount int64) error {
	w, err := s.wallet(ctx, id)
	if err != nil {
		return err
	}
	if err := ensureFunds(w, amount); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, "UPDATE wallets SET balance = balance - $1 WHERE id = $2 AND balance >= $1", amount, id) // ok: the WHERE re-checks the balance
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInsufficient
	}
	return nil
}

// An application's error builder: the chain ends in Mark, which returns
// the error built.
type ErrorBuilder struct{ msg, hint string }

var ErrValidation = errors.New("validation")

func NewError(msg string) *ErrorBuilder                { return &ErrorBuilder{msg: msg} }
func (b *ErrorBuilder) WithHint(h string) *ErrorBuilder { b.hint = h; return b }
func (b *ErrorBuilder) Mark(ref error) error           { return fmt.Errorf("%s: %w", b.msg, ref) }

// checkQuota fails through the builder.
func checkQuota(c *Coupon) error {
	if c.MaxUses != nil && c.Uses >= *c.MaxUses {
		return NewError("coupon has reached its limit").WithHint("try another coupon").Mark(ErrValidation)
	}
	return nil
}

// Claim increments the count checkQuota checked.
func (s *Service) Claim(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := checkQuota(c); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code) // want `check-then-update on coupons\(uses\): the check at couponcap\.go:\d+ \(by checkQuota\)`
	return err
}

// ClaimGuarded is Claim's fix.
func (s *Service) ClaimGuarded(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := checkQuota(c); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1 AND uses < max_uses", code) // ok: the cap is in the WHERE
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return NewError("coupon has reached its limit").Mark(ErrValidation)
	}
	return nil
}

// logUse's failing side returns the error of a write, nil when it works:
// it checks nothing.
func (s *Service) logUse(ctx context.Context, c *Coupon) error {
	if c.Uses > 0 {
		_, err := s.db.ExecContext(ctx, "INSERT INTO coupon_log (code) VALUES ($1)", c.Code)
		return err
	}
	return nil
}

// Count is decided by no check: logUse fails only when its insert does.
func (s *Service) Count(ctx context.Context, code string) error {
	c, err := s.coupon(ctx, code)
	if err != nil {
		return err
	}
	if err := s.logUse(ctx, c); err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, "UPDATE coupons SET uses = uses + 1 WHERE code = $1", code) // ok: logUse's error is the insert's
	return err
}
