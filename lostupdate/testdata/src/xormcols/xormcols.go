// Package xormcols updates users through an identity server's helpers,
// which write the columns the caller names (their own defaults when it
// names none, and names they add on some paths).
package xormcols

import (
	"strings"

	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

var engine *xorm.Engine

type User struct {
	Owner       string `xorm:"varchar(100) notnull pk"`
	Name        string `xorm:"varchar(100) notnull pk"`
	CountryCode string
	WrongTimes  int
	Deadline    string
	Tag         string
	Hash        string
	DeletedTime string
	UpdatedTime string
}

func getUser(owner, name string) (*User, error) {
	u := &User{Owner: owner, Name: name}
	if _, err := engine.Get(u); err != nil {
		return nil, err
	}
	return u, nil
}

func updateUser(owner, name string, u *User, columns []string) (int64, error) {
	if len(columns) > 0 && !has(columns, "hash") {
		columns = append(columns, "hash")
	}
	return engine.ID(core.PK{owner, name}).Cols(columns...).Update(u)
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func UpdateUser(owner, name string, u *User, columns []string) (bool, error) {
	if u.Tag == "guest" && len(columns) > 0 {
		columns = append(columns, "tag")
	}
	if len(columns) == 0 {
		columns = []string{"country_code", "wrong_times", "deadline", "tag"}
	}
	columns = append(columns, "updated_time")
	if u.DeletedTime != "" {
		columns = append(columns, "deleted_time")
	}
	n, err := updateUser(owner, name, u, columns)
	return n != 0, err
}

// The failed sign-in count, incremented in Go and written back: two
// failures at once count one.
func RecordFailure(owner, name string) error {
	u, err := getUser(owner, name)
	if err != nil {
		return err
	}
	u.WrongTimes++
	_, err = UpdateUser(owner, name, u, []string{"wrong_times"}) // want `lost update on user.wrong_times`
	return err
}

// ---- silent ----

// The country code is normalized in Go, but the write names only the
// deadline: the country code is not written.
func Remember(owner, name, deadline string) error {
	u, err := getUser(owner, name)
	if err != nil {
		return err
	}
	u.CountryCode = strings.ToUpper(u.CountryCode)
	u.Deadline = deadline
	_, err = UpdateUser(owner, name, u, []string{"deadline"}) // ok: country_code not among the columns
	return err
}

// The list grows on some paths: the write names those columns on each,
// never the country code.
func Verify(owner, name, email string, rename bool) error {
	u, err := getUser(owner, name)
	if err != nil {
		return err
	}
	u.CountryCode = strings.ToLower(u.CountryCode)
	columns := []string{"deadline"}
	if rename {
		columns = append(columns, "tag")
	}
	_, err = UpdateUser(owner, name, u, columns) // ok: country_code not among the columns
	return err
}

// A path that names no column writes them all.
func MaybeAll(owner, name string, all bool) error {
	u, err := getUser(owner, name)
	if err != nil {
		return err
	}
	u.CountryCode = strings.ToLower(u.CountryCode)
	var columns []string
	if !all {
		columns = []string{"deadline"}
	}
	_, err = UpdateUser(owner, name, u, columns) // want `lost update on user.country_code`
	return err
}
