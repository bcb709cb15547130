// Package xormfork settles payments from a provider's notifications with
// github.com/xorm-io/xorm, a fork of xorm.io/xorm under its own import
// path: payments keyed by owner and name, written back whole by ID with a
// core.PK.
package xormfork

import (
	"errors"

	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

var engine *xorm.Engine

type Payment struct {
	Owner   string `xorm:"varchar(100) notnull pk"`
	Name    string `xorm:"varchar(100) notnull pk"`
	State   string `xorm:"varchar(100)"`
	Message string `xorm:"varchar(2000)"`
}

var ErrMissing = errors.New("no such payment")

func getPayment(owner, name string) (*Payment, error) {
	p := Payment{Owner: owner, Name: name}
	has, err := engine.Get(&p)
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, ErrMissing
	}
	return &p, nil
}

func updatePayment(owner, name string, p *Payment) (bool, error) {
	n, err := engine.ID(core.PK{owner, name}).AllCols().Update(p)
	return n != 0, err
}

type Transaction struct {
	Owner   string `xorm:"varchar(100) notnull pk"`
	Name    string `xorm:"varchar(100) notnull pk"`
	Payment string `xorm:"varchar(100)"`
	Amount  float64
}

// Two deliveries of one notification both read the payment pending, both
// pass the check, both settle it and both credit the account.
func NotifyAndCredit(owner, name, state string, amount float64) error {
	p, err := getPayment(owner, name)
	if err != nil {
		return err
	}
	if p.State == state {
		return nil
	}
	p.State = state
	p.Message = "settled"
	if _, err = updatePayment(owner, name, p); err != nil { // want `check-then-update on payment\(state\): the check at xormfork.go:\d+ of the value read at xormfork.go:\d+ \(by xormfork.getPayment\) is not in the WHERE of the update by xormfork.updatePayment`
		return err
	}
	_, err = engine.Insert(&Transaction{Owner: owner, Name: "tx-" + name, Payment: name, Amount: amount})
	return err
}

// ---- silent ----

// "Already in that state, nothing to do": two deliveries racing past the
// check write the same state, and nothing else is done on its word.
func Notify(owner, name, state, message string) error {
	p, err := getPayment(owner, name)
	if err != nil {
		return err
	}
	if p.State == state {
		return nil
	}
	p.State = state
	p.Message = message
	_, err = updatePayment(owner, name, p) // ok: repeats itself
	return err
}

// The update re-checks the state it read, and a second delivery that
// matches no row stops.
func NotifyOnce(owner, name, state string) error {
	p, err := getPayment(owner, name)
	if err != nil {
		return err
	}
	if p.State == state {
		return nil
	}
	n, err := engine.ID(core.PK{owner, name}).Where("state = ?", p.State).Cols("state").Update(&Payment{State: state}) // ok: the WHERE re-checks, the count is tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("settled concurrently")
	}
	return nil
}
