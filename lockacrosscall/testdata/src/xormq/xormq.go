package xormq

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"xorm.io/xorm"
)

type Payout struct {
	Id     int64
	Amount int64
	Status string
}

func send(id int64) error {
	resp, err := http.Post("https://bank.example.com/transfers", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// An explicit session transaction: ForUpdate holds the row while the
// bank is called.
func Pay(x *xorm.Engine, id int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	var p Payout
	has, err := sess.ID(id).ForUpdate().Get(&p)
	if err != nil || !has {
		sess.Rollback()
		return errors.New("no payout")
	}
	if err := send(p.Id); err != nil { // want `HTTP call \(xormq.send → net/http.Post\) while the transaction holds the row lock`
		sess.Rollback()
		return err
	}
	if _, err := sess.ID(id).Cols("status").Update(&Payout{Status: "sent"}); err != nil {
		sess.Rollback()
		return err
	}
	return sess.Commit()
}

// Engine.Transaction's callback session holds the rows it has written.
func PayCallback(x *xorm.Engine, id int64) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		if _, err := s.ID(id).Cols("status").Update(&Payout{Status: "sending"}); err != nil {
			return nil, err
		}
		return nil, send(id) // want `HTTP call \(xormq.send → net/http.Post\) while the transaction holds the row lock`
	})
	return err
}

func hold(s *xorm.Session, id int64) (*Payout, error) {
	var p Payout
	if _, err := s.ID(id).ForUpdate().Get(&p); err != nil {
		return nil, err
	}
	return &p, nil
}

// The callback's session, given a context, handed to a helper that locks
// the row.
func PayHelper(ctx context.Context, x *xorm.Engine, id int64) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		s = s.Context(ctx)
		p, err := hold(s, id)
		if err != nil {
			return nil, err
		}
		return nil, send(p.Id) // want `HTTP call \(xormq.send → net/http.Post\) while the transaction holds the row lock`
	})
	return err
}

// ---- silent ----

// The call runs after Commit.
func PayAfter(x *xorm.Engine, id int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	if _, err := sess.ID(id).Cols("status").Update(&Payout{Status: "sending"}); err != nil {
		sess.Rollback()
		return err
	}
	if err := sess.Commit(); err != nil {
		return err
	}
	return send(id) // ok: after commit
}

// The session's write before Begin commits on its own: no transaction
// holds its row yet.
func PayBefore(x *xorm.Engine, id int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if _, err := sess.ID(id).Cols("status").Update(&Payout{Status: "queued"}); err != nil {
		return err
	}
	if err := send(id); err != nil { // ok: no transaction yet
		return err
	}
	if err := sess.Begin(); err != nil {
		return err
	}
	if _, err := sess.ID(id).Cols("status").Update(&Payout{Status: "sent"}); err != nil {
		sess.Rollback()
		return err
	}
	return sess.Commit()
}
