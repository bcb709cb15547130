// Package gormstatusconst holds a soft delete by an int status constant in
// gorm: an admin handler loads a member, and the member's Delete method
// renames it and sets its status to a Go constant named for the removal,
// then saves the whole struct with Updates.
package gormstatusconst

import (
	"fmt"

	"gorm.io/gorm"
)

const (
	MemberStatusActive  = 1
	MemberStatusBlocked = 2
	MemberStatusRemoved = 3
)

type Member struct {
	ID      int
	Login   string
	Status  int
	Credits int
}

var db *gorm.DB

// Another code path changes credits.
func AddCredits(id, n int) error {
	return db.Model(&Member{}).Where("id = ?", id).Update("credits", gorm.Expr("credits + ?", n)).Error
}

func (m *Member) Remove() error {
	m.Login = fmt.Sprintf("removed_%d", m.ID)
	m.Status = MemberStatusRemoved
	return db.Model(m).Updates(m).Error
}

func (m *Member) Reactivate() error {
	m.Status = MemberStatusActive
	return db.Model(m).Updates(m).Error
}

// ---- silent ----

// The row's end: whatever credits it carries back, nobody reads a removed
// member's credits.
func RemoveMember(login string) error {
	m := Member{Login: login}
	db.Where(&m).First(&m)
	if m.ID == 0 {
		return fmt.Errorf("no member %s", login)
	}
	return m.Remove()
}

// ---- reported ----

// Reactivating writes credits back as read: a concurrent top-up is lost.
func ReactivateMember(login string) error {
	m := Member{Login: login}
	db.Where(&m).First(&m)
	if m.ID == 0 {
		return fmt.Errorf("no member %s", login)
	}
	return m.Reactivate() // want `stale row written back on members\(credits\)`
}
