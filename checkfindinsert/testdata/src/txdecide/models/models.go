// Package models keeps the accounts of a tenant in a pop table; lookups
// share one helper that takes the where fragment.
package models

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

type Account struct {
	ID       int    `db:"id"`
	Email    string `db:"email"`
	Audience string `db:"audience"`
	Name     string `db:"name"`
}

func (Account) TableName() string { return "accounts" }

type Invitation struct {
	ID        int    `db:"id"`
	AccountID int    `db:"account_id"`
	Email     string `db:"email"`
}

func (Invitation) TableName() string { return "invitations" }

type AccountMissing struct{}

func (AccountMissing) Error() string { return "account missing" }

// IsMissing tells the helper's not-found error.
func IsMissing(err error) bool {
	var m AccountMissing
	return errors.As(err, &m)
}

func findAccount(tx *pop.Connection, where string, args ...any) (*Account, error) {
	a := &Account{}
	if err := tx.Q().Where(where, args...).First(a); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, AccountMissing{}
		}
		return nil, err
	}
	return a, nil
}

// FindByEmail finds the account of an audience with the email.
func FindByEmail(tx *pop.Connection, email, aud string) (*Account, error) {
	return findAccount(tx, "email = ? and audience = ?", strings.ToLower(email), aud)
}

// LockByEmail finds the account as FindByEmail does, locking it.
func LockByEmail(tx *pop.Connection, email, aud string) (*Account, error) {
	a := &Account{}
	if err := tx.RawQuery("SELECT * FROM accounts WHERE email = ? AND audience = ? FOR UPDATE", strings.ToLower(email), aud).First(a); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, AccountMissing{}
		}
		return nil, err
	}
	return a, nil
}

// NewAccount builds the account a sign-up stores.
func NewAccount(email, aud, name string) *Account {
	return &Account{Email: strings.ToLower(email), Audience: aud, Name: name}
}
