package popcase

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/gobuffalo/pop/v6"
)

type User struct {
	ID        int       `db:"id"`
	Email     string    `db:"email"`
	Name      string    `db:"name"`
	CreatedAt time.Time `db:"created_at"`
	UpdatedAt time.Time `db:"updated_at"`
}

type Account struct {
	ID      int    `db:"id"`
	Balance int64  `db:"balance"`
	Status  string `db:"status"`
	Owner   *User  `belongs_to:"user"`
}

type Document struct {
	ID    int    `db:"id"`
	Title string `db:"title"`
}

func (Document) TableName() string { return "docs" }

func Find(tx *pop.Connection, id int) (*User, error) {
	u := &User{}
	if err := tx.Find(u, id); err != nil { // want `select users where id=\$id reads id\->complit\.ID,email\->complit\.Email,name\->complit\.Name,created_at\->complit\.CreatedAt,updated_at\->complit\.UpdatedAt on tx; found\? err`
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	return u, nil
}

func ByEmail(tx *pop.Connection, email string) (*User, error) {
	var u User
	err := tx.Where("email = ?", email).First(&u) // want `select users where email=\$email reads .* on tx; found\? err`
	return &u, err
}

func Exists(tx *pop.Connection, email string) (bool, error) {
	return tx.Where("email = ?", email).Exists(&User{}) // want `select exists users where email=\$email on tx; found\? bool`
}

func Count(tx *pop.Connection, status string) (int, error) {
	return tx.Q().Where("status = ?", status).Count(&Account{}) // want `select count accounts where status=\$status on tx; found\? count`
}

func List(tx *pop.Connection, status string) ([]Account, error) {
	var list []Account
	q := tx.Q()
	q.Where("balance > 0")
	if status != "" {
		q.Where("status = ?", status)
	}
	err := q.All(&list) // want `select accounts where balance>0 on tx; found\? len; partial`
	return list, err
}

func Create(tx *pop.Connection, email string) error {
	return tx.Create(&User{Email: email, Name: "new"}) // want `insert users set email=\$email,name="new" on tx`
}

func Absolute(tx *pop.Connection, a *Account, balance int64) error {
	a.Balance = balance
	return tx.UpdateColumns(a, "balance") // want `update accounts set balance=\$balance where id=\$a\.ID on tx`
}

func Whole(tx *pop.Connection, u *User) error {
	return tx.Update(u) // want `update users set email=\$u\.Email,name=\$u\.Name,updated_at=\{now\(\)\} where id=\$u\.ID on tx`
}

func Atomic(tx *pop.Connection, id int, n int64) error {
	return tx.RawQuery("UPDATE accounts SET balance = balance + ? WHERE id = ?", n, id).Exec() // want `update accounts set balance=atomic\(balance \+ \?\) where id=\$id on tx`
}

func CompareAndSet(tx *pop.Connection, id int) (bool, error) {
	n, err := tx.RawQuery("UPDATE accounts SET status = 'frozen' WHERE id = ? AND status = 'open'", id).ExecWithCount() // want `update accounts set status='frozen' where id=\$id,status='open' on tx; found\? count; rows checked`
	return n == 1, err
}

func Destroy(tx *pop.Connection, d *Document) error {
	return tx.Destroy(d) // want `delete docs where id=\$d\.ID on tx`
}

func Locked(c *pop.Connection, id int, n int64) error {
	return c.Transaction(func(tx *pop.Connection) error {
		var a Account
		if err := tx.RawQuery("SELECT * FROM accounts WHERE id = ? FOR UPDATE", id).First(&a); err != nil { // want `select accounts where id=\$id reads id\->a\.ID,balance\->a\.Balance,status\->a\.Status lock=update on tx; found\? err\(database/sql\.ErrNoRows\); in callback tx`
			return err
		}
		a.Balance += n
		return tx.UpdateColumns(&a, "balance") // want `update accounts set balance=\$a\.Balance\+n where id=\$a\.ID on tx; in callback tx`
	})
}

func Explicit(c *pop.Connection, email string) error {
	tx, err := c.NewTransaction()
	if err != nil {
		return err
	}
	if err := tx.Create(&User{Email: email}); err != nil { // want `insert users set email=\$email on NewTransaction\(\)#0; in explicit tx`
		tx.TX.Rollback()
		return err
	}
	return tx.TX.Commit()
}

type RefreshToken struct {
	ID        int  `db:"id"`
	SessionID int  `db:"session_id"`
	Revoked   bool `db:"revoked"`
}

// The table named in the text by pop's Model, and by the model's own
// TableName.
func Revoke(tx *pop.Connection, session int) error {
	table := (&pop.Model{Value: RefreshToken{}}).TableName()
	return tx.RawQuery("UPDATE "+table+" SET revoked = true WHERE session_id = ? AND revoked = false", session).Exec() // want `update refresh_tokens set revoked=true where session_id=\$session,revoked=false on tx`
}

func LockDoc(tx *pop.Connection, id int) (*Document, error) {
	d := &Document{}
	err := tx.RawQuery(fmt.Sprintf("SELECT * FROM %q WHERE id = ? FOR UPDATE", d.TableName()), id).First(d) // want `select docs where id=\$id reads id\->complit\.ID,title\->complit\.Title lock=update on tx`
	return d, err
}
