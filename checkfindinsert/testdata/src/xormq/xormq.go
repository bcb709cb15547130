package xormq

import (
	"errors"

	"github.com/go-sql-driver/mysql"
	"xorm.io/xorm"
)

type Member struct {
	Id     int64  `xorm:"pk autoincr"`
	Email  string `xorm:"varchar(191) notnull unique"`
	Status string
}

var ErrTaken = errors.New("taken")

// Get's has deciding the insert: the bean's Email is the condition.
func Join(x *xorm.Engine, email string) error {
	has, err := x.Get(&Member{Email: email})
	if err != nil {
		return err
	}
	if has {
		return ErrTaken
	}
	_, err = x.Insert(&Member{Email: email, Status: "active"}) // want `check-then-insert on member\(email\)`
	return err
}

// Exist with a Where condition, then InsertOne.
func Invite(x *xorm.Engine, email string) error {
	exists, err := x.Where("email = ?", email).Exist(new(Member))
	if err != nil || exists {
		return err
	}
	_, err = x.InsertOne(&Member{Email: email, Status: "invited"}) // want `check-then-insert on member\(email\)`
	return err
}

// The same inside Engine.Transaction: READ COMMITTED lets both in.
func JoinTx(x *xorm.Engine, email string) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		n, err := s.Where("email = ?", email).Count(new(Member))
		if err != nil || n > 0 {
			return nil, err
		}
		return s.Insert(&Member{Email: email}) // want `check-then-insert on member\(email\)`
	})
	return err
}

// ---- silent ----

// The unique violation is handled: the second caller gets ErrTaken.
func JoinHandled(x *xorm.Engine, email string) error {
	has, err := x.Get(&Member{Email: email})
	if err != nil || has {
		return err
	}
	_, err = x.Insert(&Member{Email: email}) // ok: 1062 handled
	var me *mysql.MySQLError
	if errors.As(err, &me) && me.Number == 1062 {
		return ErrTaken
	}
	return err
}

// The lookup is of another member's row: it decides nothing about this key.
func Refer(x *xorm.Engine, referrer int64, email string) error {
	has, err := x.ID(referrer).Exist(new(Member))
	if err != nil || !has {
		return err
	}
	_, err = x.Table("referral").Insert(&Member{Email: email}) // ok: another table
	return err
}
