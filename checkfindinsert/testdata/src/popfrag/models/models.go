// Package models keeps a directory's members in a pop table; the lookups
// share one helper that takes the where fragment and its arguments.
package models

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

type Member struct {
	ID     int    `db:"id"`
	Tenant string `db:"tenant"`
	Email  string `db:"email"`
	Phone  string `db:"phone"`
	Kind   string `db:"kind"`
}

func (Member) TableName() string { return "members" }

type MemberNotFound struct{}

func (MemberNotFound) Error() string { return "member not found" }

// IsNotFound tells the helper's not-found error.
func IsNotFound(err error) bool {
	var nf MemberNotFound
	return errors.As(err, &nf)
}

func findMember(tx *pop.Connection, query string, args ...any) (*Member, error) {
	m := &Member{}
	if err := tx.Q().Where(query, args...).First(m); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, MemberNotFound{}
		}
		return nil, err
	}
	return m, nil
}

// FindByEmail finds the member of a kind with the (case-folded) email.
func FindByEmail(tx *pop.Connection, email, kind string) (*Member, error) {
	return findMember(tx, "email = ? and kind = ?", strings.ToLower(email), kind)
}

// FindByPhone finds the member of a kind with the phone.
func FindByPhone(tx *pop.Connection, phone, kind string) (*Member, error) {
	return findMember(tx, "phone = ? and kind = ?", phone, kind)
}

// FindByID finds the member by id.
func FindByID(tx *pop.Connection, id int) (*Member, error) {
	return findMember(tx, "id = ?", id)
}

// NewMember builds the member a sign-up stores.
func NewMember(phone, email, kind string) *Member {
	return &Member{Phone: phone, Email: strings.ToLower(email), Kind: kind}
}
