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

var errNotPaid = errors.New("payment not paid")

func newPaymentID() string { return "pay_new" }

// ---- silent ----

// Refund creates the refund row in Go, inserts it, then saves it again with
// the processor's answer. The row Save writes is the one this request just
// inserted (its key is the fresh id bound to the insert), not the payment
// read at the top, although the refund id is computed from that payment's
// processor id.
func Refund(db *gorm.DB, payID string, amount uint64, refund refunder) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	if pay.Status != "paid" {
		return errNotPaid
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

// RefundInPlace writes the answer into the payment row it read: another
// refund of the same payment running at once is overwritten.
func RefundInPlace(db *gorm.DB, payID string, amount uint64, refund refunder) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	refundID, err := refund(pay.ProcessorID, amount)
	if err != nil {
		return err
	}
	pay.ProcessorID = refundID
	return db.Save(pay).Error // want `lost update on payments.processor_id`
}

// RefundReinserted inserts a new row but then saves the payment it read,
// not the new row.
func RefundReinserted(db *gorm.DB, payID string, amount uint64, refund refunder) error {
	pay := &Payment{ID: payID}
	if err := db.First(pay).Error; err != nil {
		return err
	}
	m := &Payment{ID: newPaymentID(), OrderID: pay.OrderID, Amount: amount, Status: "pending"}
	db.Create(m)
	refundID, err := refund(pay.ProcessorID, amount)
	if err != nil {
		return err
	}
	pay.ProcessorID = refundID
	return db.Save(pay).Error // want `lost update on payments.processor_id`
}
