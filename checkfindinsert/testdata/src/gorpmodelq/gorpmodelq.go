// Package gorpmodelq creates users through gorp's model methods: the
// struct is registered with its table at connection time, and Insert
// writes it whole.
package gorpmodelq

import (
	"database/sql"
	"errors"

	"github.com/go-gorp/gorp/v3"
	"github.com/go-sql-driver/mysql"
)

var ErrTaken = errors.New("login taken")

type User struct {
	ID       int    `db:"id"`
	Login    string `db:"login"`
	Email    string `db:"email"`
	Password string `db:"password"`
	Admin    bool   `db:"admin"`
}

type APIToken struct {
	ID     string `db:"id"`
	UserID int    `db:"user_id"`
}

type SqlDb struct{ sql *gorp.DbMap }

func (d *SqlDb) Connect(m *gorp.DbMap) {
	d.sql = m
	d.sql.AddTableWithName(User{}, "user").SetKeys(true, "id")
	d.sql.AddTableWithName(APIToken{}, "user__token").SetKeys(false, "id")
}

func (d *SqlDb) UserByLogin(login string) (User, error) {
	var u User
	err := d.sql.SelectOne(&u, "select * from `user` where login=?", login)
	return u, err
}

// ImportUser creates the user an external directory knows when no local
// one has the login: two first logins at once both insert.
func (d *SqlDb) ImportUser(login, email string) (User, error) {
	if _, err := d.UserByLogin(login); err == nil {
		return User{}, ErrTaken
	} else if !errors.Is(err, sql.ErrNoRows) {
		return User{}, err
	}
	u := User{Login: login, Email: email}
	err := d.sql.Insert(&u) // want `check-then-insert on user\(login\)`
	return u, err
}

// ---- silent ----

// ImportUserOnce maps the loser's duplicate-key error to the taken login.
func (d *SqlDb) ImportUserOnce(login, email string) (User, error) {
	if _, err := d.UserByLogin(login); err == nil {
		return User{}, ErrTaken
	}
	u := User{Login: login, Email: email}
	if err := d.sql.Insert(&u); err != nil {
		var me *mysql.MySQLError
		if errors.As(err, &me) && me.Number == 1062 {
			return User{}, ErrTaken
		}
		return User{}, err
	}
	return u, nil
}

// AddToken inserts a token of a user it looked up: the lookup reads
// another table.
func (d *SqlDb) AddToken(login, token string) error {
	u, err := d.UserByLogin(login)
	if err != nil {
		return err
	}
	return d.sql.Insert(&APIToken{ID: token, UserID: u.ID}) // ok: the lookup reads user, the insert writes user__token
}
