// Package twochecks: one read decides two writes, each on a check of its
// own. The owner claimed on the first check is one finding; the order paid
// on the second check is another (two requests both charge the card), not a
// repeat of the first.
package twochecks

import (
	"errors"

	"github.com/jinzhu/gorm"
)

type Order struct {
	ID           string `gorm:"primary_key"`
	UserID       string
	PaymentState string
	Total        int64
}

// Transaction records a charge made for an order.
type Transaction struct {
	ID      string `gorm:"primary_key"`
	OrderID string
	Amount  int64
}

const paidState = "paid"

var (
	errPaid     = errors.New("this order has already been paid")
	errNotOwner = errors.New("you must be logged in to pay for this order")
)

// Claims are the caller's verified token claims.
type Claims struct{ Subject string }

type charger func(orderID string, amount int64) (string, error)

func markPaid(tx *gorm.DB, o *Order) {
	o.PaymentState = paidState
	tx.Save(o)
}

// ---- reported ----

// Pay claims an anonymous order for the caller, charges it, records the
// charge and marks it paid: the paid check at the top is not in the WHERE of the final Save.
func Pay(db *gorm.DB, id string, token *Claims, charge charger) error {
	tx := db.Begin()
	o := &Order{}
	if err := tx.First(o, "id = ?", id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if o.PaymentState == paidState {
		tx.Rollback()
		return errPaid
	}
	if o.UserID == "" {
		if token != nil {
			o.UserID = token.Subject
			tx.Save(o) // want `check-then-update on orders\(user_id\)`
		}
	} else {
		if token == nil {
			tx.Rollback()
			return errNotOwner
		}
		if o.UserID != token.Subject {
			tx.Rollback()
			return errNotOwner
		}
	}
	chargeID, err := charge(o.ID, o.Total)
	if err != nil {
		tx.Rollback()
		return err
	}
	tx.Create(&Transaction{ID: chargeID, OrderID: o.ID, Amount: o.Total})
	markPaid(tx, o) // want `check-then-update on orders\(payment_state\): the check at twochecks.go:55 .*add AND payment_state <> 'paid'`
	return tx.Commit().Error
}

// ---- silent ----

// PayGuarded re-states the paid check in the WHERE of the write that marks
// the order paid, and treats 0 rows as a payment already made; only the
// owner claim is reported.
func PayGuarded(db *gorm.DB, id, subject string, charge charger) error {
	tx := db.Begin()
	o := &Order{}
	if err := tx.First(o, "id = ?", id).Error; err != nil {
		tx.Rollback()
		return err
	}
	if o.PaymentState == paidState {
		tx.Rollback()
		return errPaid
	}
	if o.UserID == "" {
		o.UserID = subject
		tx.Save(o) // want `check-then-update on orders\(user_id\)`
	} else if o.UserID != subject {
		tx.Rollback()
		return errNotOwner
	}
	chargeID, err := charge(o.ID, o.Total)
	if err != nil {
		tx.Rollback()
		return err
	}
	tx.Create(&Transaction{ID: chargeID, OrderID: o.ID, Amount: o.Total})
	res := tx.Model(&Order{}).Where("id = ? AND payment_state <> ?", o.ID, paidState).Update("payment_state", paidState) // ok: re-checked in the WHERE
	if res.Error != nil || res.RowsAffected == 0 {
		tx.Rollback()
		return errPaid
	}
	return tx.Commit().Error
}

// Item is a listing with its stock.
type Item struct {
	ID     string `gorm:"primary_key"`
	Status string
	Stock  int64
}

var errGone = errors.New("item no longer available")

// Reserve checks the listing is open and has stock, marks it reserved, then
// sells n of it: the first write is reported on the status check, the
// second on the stock check the status finding does not cover (two buyers
// both pass it and oversell).
func Reserve(db *gorm.DB, id string, n int64) error {
	var it Item
	if err := db.First(&it, "id = ?", id).Error; err != nil {
		return err
	}
	if it.Status == "closed" {
		return errGone
	}
	if it.Stock < n {
		return errGone
	}
	db.Model(&Item{}).Where("id = ?", id).Update("status", "reserved")                                                                       // want `check-then-update on items\(status\)`
	return db.Model(&Item{}).Where("id = ?", id).Updates(map[string]interface{}{"status": "sold", "stock": gorm.Expr("stock - ?", n)}).Error // want `check-then-update on items\(stock\).*AND stock >= \$n`
}
