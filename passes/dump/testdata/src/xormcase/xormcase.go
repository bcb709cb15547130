package xormcase

import (
	"errors"

	"xorm.io/builder"
	"xorm.io/xorm"
)

type User struct {
	Id    int64  `xorm:"pk autoincr"`
	Email string `xorm:"varchar(255) notnull unique"`
	Name  string `xorm:"'display_name'"`
}

type Account struct {
	Id      int64
	Balance int64
	Status  string
}

type Document struct {
	Id      int64  `xorm:"pk autoincr"`
	Title   string `xorm:"text"`
	Version int    `xorm:"version"`
}

func (Document) TableName() string { return "docs" }

func Lookup(x *xorm.Engine, email string) (*User, error) {
	u := &User{Email: email}
	has, err := x.Get(u) // want `select user where email=\$email reads id\->complit\.Id,email\->complit\.Email,display_name\->complit\.Name on x; found\? bool`
	if err != nil || !has {
		return nil, err
	}
	return u, nil
}

func LookupWhere(x *xorm.Engine, email string) (*User, error) {
	var u User
	has, err := x.Where("email = ?", email).Get(&u) // want `select user where email=\$email reads .* on x; found\? bool`
	if !has {
		return nil, err
	}
	return &u, err
}

func Exists(x *xorm.Engine, email string) (bool, error) {
	return x.Exist(&User{Email: email}) // want `select exists user where email=\$email on x; found\? bool`
}

func Count(x *xorm.Engine, email string) (int64, error) {
	return x.Where(builder.Eq{"email": email}).Count(new(User)) // want `select count user where email=\$email on x; found\? count`
}

func Insert(x *xorm.Engine, email string) error {
	_, err := x.Insert(&User{Email: email, Name: "new"}) // want `insert user set email=\$email,display_name="new" on x`
	return err
}

func Absolute(x *xorm.Engine, id, balance int64) error {
	_, err := x.ID(id).Cols("balance").Update(&Account{Balance: balance}) // want `update account set balance=\$balance where id=\$id on x`
	return err
}

func Atomic(x *xorm.Engine, id, n int64) error {
	_, err := x.ID(id).Incr("balance", n).Update(new(Account)) // want `update account set balance=atomic\(balance \+ \?\) where id=\$id on x`
	return err
}

// A quoted column, as MySQL's reserved words need.
func AtomicQuoted(x *xorm.Engine, id, n int64) error {
	_, err := x.ID(id).Decr("`balance`", n).Update(&Account{}) // want `update account set balance=atomic\(balance - \?\) where id=\$id on x`
	return err
}

func Map(x *xorm.Engine, id int64, status string) error {
	_, err := x.Table("account").ID(id).Update(map[string]interface{}{"status": status}) // want `update account set status=\$status where id=\$id on x`
	return err
}

func CompareAndSet(x *xorm.Engine, id int64) (bool, error) {
	affected, err := x.Where("id = ? AND status = ?", id, "open").Cols("status").Update(&Account{Status: "frozen"}) // want `update account set status="frozen" where id=\$id,status=\$"open" on x; found\? count; rows checked`
	return affected == 1, err
}

func Versioned(x *xorm.Engine, d *Document) error {
	_, err := x.ID(d.Id).Update(d) // want `update docs set title=\$d\.Title,version=atomic\(version \+ 1\) where id=\$d\.Id,version=\$d\.Version on x`
	return err
}

func Delete(x *xorm.Engine, id int64) error {
	_, err := x.Delete(&Account{Id: id}) // want `delete account where id=\$id on x`
	return err
}

func Raw(x *xorm.Engine, id, n int64) error {
	_, err := x.Exec("UPDATE account SET balance = balance - ? WHERE id = ?", n, id) // want `update account set balance=atomic\(balance - \?\) where id=\$id on x`
	return err
}

func Filtered(x *xorm.Engine, status string) ([]Account, error) {
	var list []Account
	sess := x.Where("balance > 0")
	if status != "" {
		sess.And("status = ?", status)
	}
	err := sess.Find(&list) // want `select account where balance>0 on x; found\? len; partial`
	return list, err
}

func Locked(x *xorm.Engine, id, n int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	var a Account
	has, err := sess.ID(id).ForUpdate().Get(&a) // want `select account where id=\$id reads id\->a\.Id,balance\->a\.Balance,status\->a\.Status lock=update on NewSession\(\); found\? bool; in explicit tx`
	if err != nil || !has {
		sess.Rollback()
		return errors.New("no account")
	}
	a.Balance += n
	if _, err := sess.ID(id).Cols("balance").Update(&a); err != nil { // want `update account set balance=\$a\.Balance\+n where id=\$id on NewSession\(\); in explicit tx`
		sess.Rollback()
		return err
	}
	return sess.Commit()
}

func Callback(x *xorm.Engine, email string) error {
	_, err := x.Transaction(func(s *xorm.Session) (interface{}, error) {
		has, err := s.Where("email = ?", email).Exist(new(User)) // want `select exists user where email=\$email on s; found\? bool; in callback tx`
		if err != nil || has {
			return nil, err
		}
		return s.Insert(&User{Email: email}) // want `insert user set email=\$email on s; in callback tx`
	})
	return err
}

// The bean's fields set after Get are the values the update writes, not
// conditions of the lookup.
func Save(x *xorm.Engine, email, name string) error {
	old := &User{Email: email}
	has, err := x.Get(old) // want `select user where email=\$email reads .* on x; found\? bool`
	if err != nil {
		return err
	}
	if has {
		old.Name = name
		_, err = x.ID(old.Id).Update(old) // want `update user set email=\$email,display_name=\$name where id=\$complit\.Id on x`
		return err
	}
	_, err = x.Insert(&User{Email: email, Name: name}) // want `insert user set email=\$email,display_name=\$name on x`
	return err
}

// The table named by the model's TableName method, on a session built by
// statements; a pointer to a pointer bean.
func Titles(x *xorm.Engine, id int64) ([]string, *Document, error) {
	titles := make([]string, 0)
	sess := x.Select("title")
	sess.Table(Document{}.TableName())
	sess.Where("id > ?", id)
	if err := sess.Find(&titles); err != nil { // want `select docs where id>\$id on x; found\? len`
		return nil, nil, err
	}
	d := new(Document)
	if _, err := x.Where("id = ?", id).Get(&d); err != nil { // want `select docs where id=\$id reads id\->d\.Id,title\->d\.Title,version\->d\.Version on x; found\? bool`
		return nil, nil, err
	}
	return titles, d, nil
}

// Calls on a session before its finisher build the statement; the finisher
// resets the session, so the next statement starts afresh.
func Reset(x *xorm.Engine, email string) (int64, error) {
	sess := x.NewSession()
	defer sess.Close()
	sess.Where("email = ?", email)
	var u User
	if _, err := sess.Get(&u); err != nil { // want `select user where email=\$email reads .* on NewSession\(\); found\? bool`
		return 0, err
	}
	return sess.Count(new(User)) // want `select count user on NewSession\(\); found\? count`
}

// Gitea's shapes: a GonicMapper model (UserID is user_id), the sum of a
// column, and rows walked with Iterate and Rows.
type Payment struct {
	ID     int64 `xorm:"pk autoincr"`
	UserID int64 `xorm:"INDEX"`
	Amount int64
}

func Spent(x *xorm.Engine, user int64) (int64, error) {
	return x.Where("user_id = ?", user).SumInt(new(Payment), "amount") // want `select payment where user_id=\$user reads amount\->SumInt\(\)#0 on x`
}

func Walk(x *xorm.Engine, user int64) error {
	return x.Where("user_id = ?", user).Iterate(new(Payment), func(i int, bean interface{}) error { // want `select payment where user_id=\$user reads .* on x`
		return nil
	})
}

func Scan(x *xorm.Engine, user int64) error {
	rows, err := x.Where("user_id = ?", user).Rows(new(Payment)) // want `select payment where user_id=\$user reads .* on x`
	if err != nil {
		return err
	}
	return rows.Close()
}

func Owner(x *xorm.Engine, id int64) (int64, error) {
	p := &Payment{ID: id}
	if _, err := x.Get(p); err != nil { // want `select payment where id=\$id reads id\->complit\.ID,user_id\->complit\.UserID,amount\->complit\.Amount on x; found\? bool`
		return 0, err
	}
	return p.UserID, nil
}
