package gormv1

import (
	"errors"

	"github.com/jinzhu/gorm"
)

// Payment is a payment or a refund; a refund is a new row of its own.
type Payment struct {
	ID          string `gorm:"primary_key"`
	OrderID     string
	Amount      uint64
	ProcessorID string
	FailureCode string
	Status      string
}

type refunder func(processorID string, amount uint64) (string, error)

var errFailed = errors.New("cannot refund a failed payment")

func newPaymentID() string { return "pay_new" }

// ---- silent ----

// Refund checks the payment read at the top, then builds the refund row in
// Go, inserts it and saves it again with the processor's answer. The check
// of failure_code is of the payment; the row Save writes is the refund this
// request inserted, which no other request can have read.
func Refund(db *gorm.DB, payID string, amount uint64, refund refunder) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	if pay.FailureCode != "" {
		return errFailed
	}
	m := &Payment{ID: newPaymentID(), OrderID: pay.OrderID, Amount: amount, Status: "pending"}
	tx := db.Begin()
	tx.Create(m)
	refundID, err := refund(pay.ProcessorID, amount)
	if err != nil {
		m.FailureCode = "500"
		m.Status = "failed"
	} else {
		m.ProcessorID = refundID
		m.Status = "paid"
	}
	tx.Save(m) // ok: the row this request inserted
	return tx.Commit().Error
}

// ---- reported ----

// FailPayment checks the payment it read and marks that same row failed:
// two requests both pass the check.
func FailPayment(db *gorm.DB, payID string) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	if pay.FailureCode != "" {
		return errFailed
	}
	pay.FailureCode = "500"
	pay.Status = "failed"
	return db.Save(pay).Error // want `check-then-update on payments\(failure_code\)`
}

// FailAfterInsert inserts a new row of the table, then marks the payment
// it checked, not the new row.
func FailAfterInsert(db *gorm.DB, payID string) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	if pay.FailureCode != "" {
		return errFailed
	}
	db.Create(&Payment{ID: newPaymentID(), OrderID: pay.OrderID, Status: "failed"})
	pay.FailureCode = "500"
	return db.Save(pay).Error // want `check-then-update on payments\(failure_code\)`
}

// Order has downloads, saved with it by gorm v1's Save.
type Order struct {
	ID            string `gorm:"primary_key"`
	State         string
	InvoiceNumber int64
	Downloads     []Download
}

type Download struct {
	ID      string `gorm:"primary_key"`
	OrderID string
	URL     string
}

// refreshDownloads signs the downloads' URLs again; no column of the
// order changes.
func (o *Order) refreshDownloads(sign func(string) string) {
	for i := range o.Downloads {
		o.Downloads[i].URL = sign(o.Downloads[i].ID)
	}
}

// PayOrder is another writer of the order's state.
func PayOrder(db *gorm.DB, id string, invoice int64) error {
	return db.Model(&Order{}).Where("id = ?", id).Updates(map[string]interface{}{"state": "paid", "invoice_number": invoice}).Error
}

// RefreshOrder changes the downloads and saves the order with them: every
// column of the order goes back as read, reverting a payment made in
// between.
func RefreshOrder(db *gorm.DB, id string, sign func(string) string) error {
	o := &Order{}
	if err := db.Where("id = ?", id).Preload("Downloads").First(o).Error; err != nil {
		return err
	}
	o.refreshDownloads(sign)
	return db.Save(o).Error // want `stale row written back on orders\(invoice_number, state\)`
}

// refreshSet files orders by id to sign their downloads in one pass: the
// orders change through the map, out of the sight of updateDownloads'
// own assignments.
type refreshSet map[string][]*Order

func (m refreshSet) add(o *Order) { m[o.ID] = append(m[o.ID], o) }

func (m refreshSet) sign(sign func(string) string) {
	for _, orders := range m {
		for _, o := range orders {
			o.Downloads = append(o.Downloads, Download{ID: sign(o.ID), OrderID: o.ID})
		}
	}
}

func (o *Order) updateDownloads(sign func(string) string) {
	m := refreshSet{}
	m.add(o)
	m.sign(sign)
}

// RefreshOrderQueued is gocommerce's DownloadRefresh: the downloads change
// through the set, and Save writes them with every order column as read.
func RefreshOrderQueued(db *gorm.DB, id string, sign func(string) string) error {
	o := &Order{}
	if err := db.Where("id = ?", id).Preload("Downloads").First(o).Error; err != nil {
		return err
	}
	o.updateDownloads(sign)
	return db.Save(o).Error // want `stale row written back on orders\(invoice_number, state\)`
}
