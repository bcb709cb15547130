package gormv1

import (
	"net/http"
	"strings"

	"github.com/jinzhu/gorm"
)

type Account struct {
	ID      uint `gorm:"primary_key"`
	Balance int64
}

func charge(id uint) error {
	resp, err := http.Post("https://pay.example.com/charges", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The account row is locked with gorm v1's query option.
func TopUp(db *gorm.DB, id uint, n int64) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var a Account
		if err := tx.Set("gorm:query_option", "FOR UPDATE").First(&a, id).Error; err != nil {
			return err
		}
		if err := charge(id); err != nil { // want `HTTP call \(gormv1.charge → net/http.Post\) while the transaction holds the row lock`
			return err
		}
		return tx.Model(&a).Update("balance", gorm.Expr("balance + ?", n)).Error
	})
}

// ---- silent ----

// The charge is made before the transaction starts.
func TopUpFirst(db *gorm.DB, id uint, n int64) error {
	if err := charge(id); err != nil { // ok: no transaction yet
		return err
	}
	return db.Transaction(func(tx *gorm.DB) error {
		var a Account
		if err := tx.Set("gorm:query_option", "FOR UPDATE").First(&a, id).Error; err != nil {
			return err
		}
		return tx.Model(&a).Update("balance", gorm.Expr("balance + ?", n)).Error
	})
}
