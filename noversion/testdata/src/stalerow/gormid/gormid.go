// Package gormid holds models whose key field is spelled Id (the column
// "id"), with no primaryKey tag: gorm takes the field whose column is id as
// the primary key (schema.LookUpField("id") before "ID"), so Save and
// Model(&m).Updates(&m) write WHERE id = m.Id. A handler reads the whole
// account, sets one field and writes every non-zero field back.
package gormid

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var DB *gorm.DB

type Account struct {
	Id      int    `json:"id"`
	Login   string `json:"login" gorm:"unique"`
	Email   string `json:"email" gorm:"index"`
	Credits int64  `json:"credits" gorm:"bigint;default:0"`
	Spent   int64  `json:"spent" gorm:"bigint;default:0"`
}

func (a *Account) Load() error {
	if a.Id == 0 {
		return errors.New("no id")
	}
	return DB.Where(Account{Id: a.Id}).First(a).Error
}

func (a *Account) Write() error {
	return DB.Model(a).Updates(a).Error
}

// Every metered request charges the account atomically.
func Charge(id int, n int64) error {
	return DB.Model(&Account{}).Where("id = ?", id).Updates(map[string]any{
		"credits": gorm.Expr("credits - ?", n),
		"spent":   gorm.Expr("spent + ?", n),
	}).Error
}

func SetEmail(id int, email string) error {
	a := Account{Id: id}
	if err := a.Load(); err != nil {
		return err
	}
	a.Email = email
	return a.Write() // want `stale row written back on accounts\(credits, spent\): gormid.Account.Write writes back the values read at gormid.go:\d+ \(by gormid.Account.Load\), reverting concurrent changes such as credits by gormid.Charge`
}

type Voucher struct {
	Id     int    `json:"id"`
	Code   string `json:"code" gorm:"uniqueIndex"`
	Status int    `json:"status" gorm:"default:1"`
	Amount int64  `json:"amount"`
}

const (
	VoucherOpen = 1
	VoucherUsed = 2
)

// gorm v2 ignores the v1 option "gorm:query_option": this read locks
// nothing, and Save writes status from it.
func Use(code string, accountID int) error {
	return DB.Transaction(func(tx *gorm.DB) error {
		v := &Voucher{}
		if err := tx.Set("gorm:query_option", "FOR UPDATE").Where("code = ?", code).First(v).Error; err != nil {
			return err
		}
		if v.Status != VoucherOpen {
			return errors.New("used")
		}
		if err := tx.Model(&Account{}).Where("id = ?", accountID).Update("credits", gorm.Expr("credits + ?", v.Amount)).Error; err != nil {
			return err
		}
		v.Status = VoucherUsed
		return tx.Save(v).Error // want `stale row written back on vouchers\(amount\)|check-then-update on vouchers\(status\)`
	})
}

func Reprice(id int, amount int64) error {
	return DB.Model(&Voucher{Id: id}).Update("amount", amount).Error
}

// ---- silent ----

// The changed column only.
func SetEmailOnly(id int, email string) error {
	return DB.Model(&Account{Id: id}).Update("email", email).Error // ok: one column, by key
}

// The row is locked with gorm v2's locking clause from the read to the write.
func UseLocked(code string, accountID int) error {
	return DB.Transaction(func(tx *gorm.DB) error {
		v := &Voucher{}
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("code = ?", code).First(v).Error; err != nil {
			return err
		}
		if v.Status != VoucherOpen {
			return errors.New("used")
		}
		if err := tx.Model(&Account{}).Where("id = ?", accountID).Update("credits", gorm.Expr("credits + ?", v.Amount)).Error; err != nil {
			return err
		}
		v.Status = VoucherUsed
		return tx.Save(v).Error // ok: FOR UPDATE holds the voucher
	})
}
