// Package gormzerofield: an admin handler checks its rank against the
// target's role, then removes the target through a helper that builds the
// member from its ID alone and saves it with gorm's Updates(struct), which
// writes only the non-zero fields: role is not written, the check guards
// nothing the write changes.
package gormzerofield

import (
	"errors"
	"fmt"

	"gorm.io/gorm"
)

const (
	RoleMember = 1
	RoleAdmin  = 10
	RoleOwner  = 100

	MemberStatusRemoved = 3
)

var ErrRank = errors.New("cannot act on a member of equal or higher rank")

type Member struct {
	ID     int
	Login  string
	Role   int
	Status int
}

var db *gorm.DB

func GetMember(id int) (*Member, error) {
	var m Member
	err := db.First(&m, "id = ?", id).Error
	return &m, err
}

func (m *Member) Remove() error {
	m.Login = fmt.Sprintf("removed_%d", m.ID)
	m.Status = MemberStatusRemoved
	return db.Model(m).Updates(m).Error
}

func RemoveMemberByID(id int) error {
	m := Member{ID: id}
	return m.Remove()
}

// A role change through the same kind of helper: the role is set.
func SetRoleByID(id, role int) error {
	m := Member{ID: id, Role: role}
	return db.Model(&m).Updates(&m).Error
}

// ---- silent ----

func RemoveMember(myRole, id int) error {
	target, err := GetMember(id)
	if err != nil {
		return err
	}
	if myRole <= target.Role {
		return ErrRank
	}
	return RemoveMemberByID(id)
}

// ---- reported ----

// Promoting on the word of a role read earlier: a concurrent promotion to
// owner is overwritten.
func PromoteToAdmin(myRole, id int) error {
	target, err := GetMember(id)
	if err != nil {
		return err
	}
	if myRole <= target.Role {
		return ErrRank
	}
	return SetRoleByID(id, RoleAdmin) // want `check-then-update on members\(role\)`
}
