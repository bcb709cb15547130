// Package models keeps the members of a realm in a pop table. A member is
// built by a constructor that normalizes the address it is given.
package models

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/gobuffalo/pop/v6"
)

// Text is a nullable string column.
type Text string

type Member struct {
	ID     int               `db:"id"`
	Realm  string            `db:"realm"`
	Email  Text              `db:"email"`
	Mobile Text              `db:"mobile"`
	Secret string            `db:"secret"`
	Robot  bool              `db:"robot"`
	Extra  map[string]string `db:"extra"`
}

func (Member) TableName() string { return "members" }

type NotFound struct{}

func (NotFound) Error() string { return "member not found" }

// IsNotFound tells the lookup helper's not-found error.
func IsNotFound(err error) bool {
	var nf NotFound
	return errors.As(err, &nf)
}

func findMember(tx *pop.Connection, where string, args ...any) (*Member, error) {
	m := &Member{}
	if err := tx.Q().Where(where, args...).First(m); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, NotFound{}
		}
		return nil, err
	}
	return m, nil
}

// FindByEmail finds the human member of a realm with the address.
func FindByEmail(tx *pop.Connection, email, realm string) (*Member, error) {
	return findMember(tx, "LOWER(email) = ? and realm = ? and robot = false", strings.ToLower(email), realm)
}

// FindByMobile finds the human member of a realm with the number.
func FindByMobile(tx *pop.Connection, mobile, realm string) (*Member, error) {
	return findMember(tx, "mobile = ? and realm = ? and robot = false", mobile, realm)
}

// NewMember builds a member from a number, an address, a secret and its
// realm; the secret is hashed, so callers build it outside transactions.
func NewMember(mobile, email, secret, realm string, extra map[string]string) (*Member, error) {
	if extra == nil {
		extra = map[string]string{}
	}
	hashed := secret
	if secret != "" {
		hashed = "h:" + secret
	}
	m := &Member{
		Realm:  realm,
		Email:  Text(strings.ToLower(email)),
		Mobile: Text(mobile),
		Secret: hashed,
		Extra:  extra,
	}
	return m, nil
}

// Duplicate returns the member of the realm that holds the address, or
// nil when none does.
func Duplicate(tx *pop.Connection, email, realm string) (*Member, error) {
	m, err := FindByEmail(tx, email, realm)
	if err != nil && !IsNotFound(err) {
		return nil, err
	}
	return m, nil
}

// Link ties an address to the member that signed in with it elsewhere.
type Link struct {
	ID       int    `db:"id"`
	Email    string `db:"email"`
	MemberID int    `db:"member_id"`
}

func (Link) TableName() string { return "links" }

// Linked returns the member of the realm an address belongs to, through
// the links that name it or by the address itself; nil when none.
func Linked(tx *pop.Connection, email, realm string) (*Member, error) {
	var links []Link
	if err := tx.Q().Where("email = ?", strings.ToLower(email)).All(&links); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	for _, l := range links {
		m := &Member{}
		if err := tx.Q().Where("id = ?", l.MemberID).First(m); err != nil {
			return nil, err
		}
		if m.Realm == realm {
			return m, nil
		}
	}
	m, err := FindByEmail(tx, email, realm)
	if err != nil && !IsNotFound(err) {
		return nil, err
	}
	return m, nil
}

// NewMemberHashed builds a member whose secret comes hashed already.
func NewMemberHashed(mobile, email, hash, realm string) (*Member, error) {
	if !strings.HasPrefix(hash, "h:") {
		return nil, errors.New("not a hash")
	}
	return &Member{Realm: realm, Email: Text(strings.ToLower(email)), Mobile: Text(mobile), Secret: hash}, nil
}

// LinkedMember returns the member of the realm a link of the address
// names, nil when none does; it does not look the address up in members.
func LinkedMember(tx *pop.Connection, email, realm string) (*Member, error) {
	l := &Link{}
	if err := tx.Q().Where("email = ?", strings.ToLower(email)).First(l); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	m := &Member{}
	if err := tx.Q().Where("id = ? and realm = ?", l.MemberID, realm).First(m); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	return m, nil
}
