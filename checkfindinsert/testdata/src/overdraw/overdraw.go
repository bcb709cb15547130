// Package overdraw pays from an app's isolated balance: the balance is
// the total of its settled incoming transactions less its outgoing ones,
// two SUM aggregates over the transactions table, and a payment is a new
// outgoing row. Two payments that both read the balance before either
// inserts both pass the check and together spend more than the balance.
package overdraw

import (
	"errors"
	"sync"

	"gorm.io/gorm"
)

const (
	typeIncoming = "incoming"
	typeOutgoing = "outgoing"
	stateSettled = "settled"
	statePending = "pending"
)

var (
	errNotFound     = errors.New("app not found")
	errInsufficient = errors.New("insufficient balance")
)

type insufficientBalanceError struct{}

func (*insufficientBalanceError) Error() string { return "insufficient balance" }

// newInsufficientBalanceError builds the error the API maps to its code.
func newInsufficientBalanceError() error {
	return &insufficientBalanceError{}
}

type Transaction struct {
	ID             uint
	AppId          *uint
	Type           string
	State          string
	PaymentHash    string
	AmountMsat     uint64
	FeeReserveMsat uint64
}

type App struct {
	ID       uint
	Name     string
	Isolated bool
}

type AppPermission struct {
	ID    uint
	AppId uint
	Scope string
}

type Service struct {
	db *gorm.DB
}

func isolatedBalance(tx *gorm.DB, appId uint) int64 {
	var received struct {
		Sum int64
	}
	tx.Table("transactions").
		Select("SUM(amount_msat) as sum").
		Where("app_id = ? AND type = ? AND state = ?", appId, typeIncoming, stateSettled).Scan(&received)
	var spent struct {
		Sum int64
	}
	tx.Table("transactions").
		Select("SUM(amount_msat + fee_reserve_msat) as sum").
		Where("app_id = ? AND type = ? AND (state = ? OR state = ?)", appId, typeOutgoing, stateSettled, statePending).Scan(&spent)
	return received.Sum - spent.Sum
}

// validateCanPay refuses a payment larger than the app's balance.
func validateCanPay(tx *gorm.DB, appId *uint, amount uint64) error {
	if appId == nil {
		return nil
	}
	var app App
	if tx.Limit(1).Find(&app, &App{ID: *appId}).RowsAffected == 0 {
		return errNotFound
	}
	var perm AppPermission
	if tx.Limit(1).Find(&perm, &AppPermission{AppId: *appId, Scope: "pay_invoice"}).RowsAffected == 0 {
		return errors.New("app cannot pay")
	}
	if app.Isolated {
		balance := isolatedBalance(tx, perm.AppId)
		if int64(amount+amount/100) > balance {
			return newInsufficientBalanceError()
		}
	}
	return nil
}

// Pay checks the balance and records the payment in one transaction,
// at READ COMMITTED: it does not see the other's pending row.
func (s *Service) Pay(appId *uint, hash string, amount uint64) error {
	return s.db.Transaction(func(tx *gorm.DB) error {
		if err := validateCanPay(tx, appId, amount); err != nil {
			return err
		}
		payment := Transaction{AppId: appId, Type: typeOutgoing, State: statePending, PaymentHash: hash, AmountMsat: amount, FeeReserveMsat: amount / 100}
		return tx.Create(&payment).Error // want `overdraw on transactions\(app_id, type\): concurrent requests all read the total at overdraw.go:\d+ \(by overdraw.validateCanPay\) before any of them inserts, all pass the check of validateCanPay and all insert, together spending more than the balance`
	})
}

// Withdraw checks the balance in place.
func (s *Service) Withdraw(appId uint, amount uint64) error {
	balance := isolatedBalance(s.db, appId)
	if balance < int64(amount) {
		return errInsufficient
	}
	return s.db.Create(&Transaction{AppId: &appId, Type: typeOutgoing, State: statePending, AmountMsat: amount}).Error // want `overdraw on transactions\(app_id, type\): concurrent requests all read the total at overdraw.go:\d+ \(by overdraw.isolatedBalance\) before any of them inserts, all pass the check at overdraw.go:\d+`
}

// ---- silent ----

var balanceLock sync.Mutex

// PayLocked serializes the check and the insert with a process mutex
// (a single-instance hub).
func (s *Service) PayLocked(appId *uint, hash string, amount uint64) error {
	balanceLock.Lock()
	defer balanceLock.Unlock()
	return s.db.Transaction(func(tx *gorm.DB) error {
		if err := validateCanPay(tx, appId, amount); err != nil {
			return err
		}
		return tx.Create(&Transaction{AppId: appId, Type: typeOutgoing, State: statePending, PaymentHash: hash, AmountMsat: amount}).Error // ok: serialized by balanceLock
	})
}

// Receive records an incoming payment whatever the balance says.
func (s *Service) Receive(appId uint, amount uint64) error {
	if balance := isolatedBalance(s.db, appId); balance < 0 {
		println("negative balance", balance)
	}
	return s.db.Create(&Transaction{AppId: &appId, Type: typeIncoming, State: stateSettled, AmountMsat: amount}).Error // ok: no check decides it
}

// Fee records a fee row in another table after the check.
type Fee struct {
	ID     uint
	AppId  uint
	Amount uint64
}

func (s *Service) ChargeFee(appId uint, amount uint64) error {
	if isolatedBalance(s.db, appId) < int64(amount) {
		return errInsufficient
	}
	return s.db.Create(&Fee{AppId: appId, Amount: amount}).Error // ok: the fees table is not the one summed
}

// Refund credits another app after checking the payer's balance: the row
// inserted is not one the total sums.
func (s *Service) Refund(from, to uint, amount uint64) error {
	if isolatedBalance(s.db, from) < int64(amount) {
		return errInsufficient
	}
	return s.db.Create(&Transaction{AppId: &to, Type: typeOutgoing, State: statePending, AmountMsat: amount}).Error // ok: another app's row
}
