// Package persist is an identity service's persistence layer over pop:
// finders return a pointer to the model or nil when no row matches, and
// the writers take the model by value and hand its address to pop, which
// writes every column.
package persist

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/gobuffalo/pop/v6"
)

type Email struct {
	ID       int64  `db:"id"`
	UserID   int64  `db:"user_id"`
	Address  string `db:"address"`
	Verified bool   `db:"verified"`
}

func (Email) TableName() string { return "emails" }

type Emails struct{ db *pop.Connection }

func (p *Emails) FindByAddress(address string) (*Email, error) {
	e := Email{}
	err := p.db.Where("address = ?", address).First(&e)
	if err != nil && errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find email: %w", err)
	}
	return &e, nil
}

func (p *Emails) Update(email Email) error {
	verrs, err := p.db.ValidateAndUpdate(&email)
	if err != nil {
		return err
	}
	if verrs != nil {
		return fmt.Errorf("email invalid: %v", verrs)
	}
	return nil
}
