// Package xormfork is written against github.com/xorm-io/xorm, a fork of
// xorm.io/xorm under its own import path (with its own core and builder):
// the model reads it as xorm. Its models are keyed by two columns, the
// owner and the name, and ID takes the key as a core.PK in their order.
package xormfork

import (
	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

var engine *xorm.Engine

type Invoice struct {
	Owner  string  `xorm:"varchar(100) notnull pk"`
	Name   string  `xorm:"varchar(100) notnull pk"`
	State  string  `xorm:"varchar(100)"`
	Amount float64 `xorm:"-"`
}

type Counter struct {
	Id    int64 `xorm:"pk autoincr"`
	Count int
}

func Get(owner, name string) (*Invoice, bool, error) {
	inv := Invoice{Owner: owner, Name: name}
	has, err := engine.Get(&inv) // want `select invoice where owner=\$owner,name=\$name reads owner->inv\.Owner,name->inv\.Name,state->inv\.State on engine; found\? bool`
	return &inv, has, err
}

func Add(inv *Invoice) (int64, error) {
	return engine.Insert(inv) // want `insert invoice set owner=\$inv\.Owner,name=\$inv\.Name,state=\$inv\.State on engine`
}

// Each part of the composite key conditions its column.
func Update(owner, name string, inv *Invoice) (bool, error) {
	n, err := engine.ID(core.PK{owner, name}).AllCols().Update(inv) // want `update invoice set state=\$inv\.State where owner=\$owner,name=\$name on engine; found\? count; rows checked`
	return n != 0, err
}

func Delete(inv *Invoice) (int64, error) {
	return engine.ID(core.PK{inv.Owner, inv.Name}).Delete(&Invoice{}) // want `delete invoice where owner=\$inv\.Owner,name=\$inv\.Name on engine`
}

// A compare-and-set on the state, its count tested.
func Settle(owner, name string) (bool, error) {
	n, err := engine.ID(core.PK{owner, name}).Where("state = ?", "open").Cols("state").Update(&Invoice{State: "paid"}) // want `update invoice set state="paid" where state=\$"open",owner=\$owner,name=\$name on engine; found\? count; rows checked`
	return n == 1, err
}

// ---- the key given otherwise ----

// A single key value is the condition on the one key column.
func Bump(id int64, c *Counter) error {
	_, err := engine.ID(id).Cols("count").Update(c) // want `update counter set count=\$c\.Count where id=\$id on engine`
	return err
}

// A key with fewer parts than the model's: the whole value conditions the
// first key column, as before.
func UpdateByOwner(owner string, inv *Invoice) error {
	_, err := engine.ID(core.PK{owner}).Cols("state").Update(inv) // want `update invoice set state=\$inv\.State where owner=\$t\d+ on engine`
	return err
}
