// Package xormcols writes users through helpers that take the columns to
// write: the helper's own defaults when the caller names none, names it
// appends on some paths.
package xormcols

import (
	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

var engine *xorm.Engine

type User struct {
	Owner       string `xorm:"varchar(100) notnull pk"`
	Name        string `xorm:"varchar(100) notnull pk"`
	DisplayName string
	Email       string
	Tag         string
	Hash        string
	WrongTimes  int
	UpdatedTime string
}

func updateUser(owner, name string, u *User, columns []string) (int64, error) {
	if len(columns) > 0 && !inSlice(columns, "hash") {
		columns = append(columns, "hash")
	}
	return engine.ID(core.PK{owner, name}).Cols(columns...).Update(u) // want `update user set .* partial`
}

func inSlice(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// UpdateUser writes every column the form has when the caller names none.
func UpdateUser(owner, name string, u *User, columns []string, admin bool) (bool, error) {
	if u.Tag == "guest" && len(columns) > 0 {
		columns = append(columns, "tag")
	}
	if len(columns) == 0 {
		columns = []string{"display_name", "tag"}
		if admin {
			columns = append(columns, "email")
		}
	}
	columns = append(columns, "updated_time")
	n, err := updateUser(owner, name, u, columns) // want `update user set .* via xormcols.updateUser`
	return n != 0, err
}

// A caller naming its columns writes those, and the names the helpers
// add.
func CountFailure(owner, name string, u *User) error {
	u.WrongTimes++
	_, err := UpdateUser(owner, name, u, []string{"wrong_times"}, false) // want `update user set tag=\$u\.Tag,hash=\$u\.Hash,wrong_times=\$u\.WrongTimes\+1,updated_time=\$u\.UpdatedTime where owner=\$owner,name=\$name on \?; found\? bool; rows checked; via xormcols.UpdateUser->xormcols.updateUser`
	return err
}

// A caller naming none writes the defaults, which the model does not
// narrow: every column.
func Save(owner, name string, u *User) error {
	_, err := UpdateUser(owner, name, u, nil, true) // want `update user set .*display_name=.*email=.* partial`
	return err
}
