// Package xormstore is a repository written with xorm.io/xorm over
// PostgreSQL (lib/pq).
package xormstore

import (
	"errors"
	"net/http"
	"strings"

	"github.com/lib/pq"
	"xorm.io/xorm"
)

type Coupon struct {
	Id      int64  `xorm:"pk autoincr"`
	Code    string `xorm:"varchar(64) notnull unique"`
	Credits int64
	State   string
	Version int `xorm:"version"`
}

type Voucher struct {
	Id      int64
	Owner   string
	Credits int64
}

var ErrTaken = errors.New("taken")

type Store struct{ x *xorm.Engine }

func New(x *xorm.Engine) *Store { return &Store{x: x} }

func (s *Store) Create(code string) error {
	has, err := s.x.Exist(&Coupon{Code: code})
	if err != nil {
		return err
	}
	if has {
		return ErrTaken
	}
	_, err = s.x.Insert(&Coupon{Code: code, State: "active"}) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) CreateHandled(code string) error {
	has, err := s.x.Exist(&Coupon{Code: code})
	if err != nil || has {
		return err
	}
	_, err = s.x.Insert(&Coupon{Code: code, State: "active"}) // SAFE(checkfindinsert): the unique violation is handled
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

func (s *Store) Spend(id, n int64) error {
	var v Voucher
	if has, err := s.x.ID(id).Get(&v); err != nil || !has {
		return errors.New("no voucher")
	}
	v.Credits -= n
	_, err := s.x.ID(id).Cols("credits").Update(&v) // HAZARD(lostupdate)
	return err
}

func (s *Store) SpendAtomic(id, n int64) error {
	_, err := s.x.ID(id).Decr("credits", n).Update(new(Voucher)) // SAFE(lostupdate): atomic
	return err
}

func (s *Store) SpendVersioned(id, n int64) error {
	var c Coupon
	if has, err := s.x.ID(id).Get(&c); err != nil || !has {
		return errors.New("no coupon")
	}
	c.Credits -= n
	affected, err := s.x.ID(id).Cols("credits").Update(&c) // SAFE(lostupdate): xorm checks and bumps the version
	if err == nil && affected == 0 {
		return errors.New("concurrent update")
	}
	return err
}

func (s *Store) Redeem(id int64) error {
	_, err := s.x.Table("coupon").ID(id).Where("state = ?", "active").Update(map[string]interface{}{"state": "redeemed"}) // HAZARD(noversion)
	return err
}

func (s *Store) RedeemChecked(id int64) error {
	affected, err := s.x.Table("coupon").ID(id).Where("state = ?", "active").Update(map[string]interface{}{"state": "redeemed"}) // SAFE(noversion): affected tested
	if err != nil {
		return err
	}
	if affected != 1 {
		return errors.New("not active")
	}
	return nil
}

func announce(code string) error {
	resp, err := http.Post("https://hooks.example.com/coupons", "application/json", strings.NewReader(code))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Retire(id int64) error {
	sess := s.x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	var c Coupon
	if has, err := sess.ID(id).ForUpdate().Get(&c); err != nil || !has {
		sess.Rollback()
		return errors.New("no coupon")
	}
	if err := announce(c.Code); err != nil { // HAZARD(lockacrosscall)
		sess.Rollback()
		return err
	}
	if _, err := sess.ID(id).Cols("state").Update(&Coupon{State: "retired"}); err != nil {
		sess.Rollback()
		return err
	}
	return sess.Commit()
}

func (s *Store) RetireThenAnnounce(id int64) error {
	var code string
	_, err := s.x.Transaction(func(sess *xorm.Session) (interface{}, error) {
		var c Coupon
		if has, err := sess.ID(id).ForUpdate().Get(&c); err != nil || !has {
			return nil, errors.New("no coupon")
		}
		code = c.Code
		return sess.ID(id).Cols("state").Update(&Coupon{State: "retired"})
	})
	if err != nil {
		return err
	}
	return announce(code) // SAFE(lockacrosscall): after commit
}

func (s *Store) Import(code string) error {
	_, err := s.x.Exec("INSERT INTO coupon (code, credits, state) VALUES (?, 0, 'pending') ON CONFLICT (code) DO UPDATE SET credits = EXCLUDED.credits, state = EXCLUDED.state", code) // HAZARD(upsert)
	return err
}

func (s *Store) TopUp(code string, n int64) error {
	_, err := s.x.Exec("INSERT INTO coupon (code, credits, state) VALUES (?, ?, 'pending') ON CONFLICT (code) DO UPDATE SET credits = coupon.credits + EXCLUDED.credits", code, n) // SAFE(upsert): computed from the existing row
	return err
}
