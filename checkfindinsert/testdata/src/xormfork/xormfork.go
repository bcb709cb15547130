// Package xormfork holds check-then-insert races written with
// github.com/xorm-io/xorm, a fork of xorm.io/xorm under its own import
// path, in the shape of an identity server's object store: every model
// keyed by its owner and its name, looked up by a bean or by ID with a
// core.PK.
package xormfork

import (
	"errors"

	"github.com/xorm-io/core"
	"github.com/xorm-io/xorm"
)

var engine *xorm.Engine

type Ldap struct {
	Owner string `xorm:"varchar(100) notnull pk"`
	Id    string `xorm:"varchar(100) notnull pk"`
	Host  string `xorm:"varchar(100)"`
}

type Link struct {
	Owner    string `xorm:"varchar(100) notnull pk"`
	Name     string `xorm:"varchar(100) notnull pk"`
	Provider string `xorm:"varchar(100)"`
	Target   string `xorm:"varchar(100)"`
}

var ErrExists = errors.New("already exists")

// Get of the bean decides the insert: the key is the primary key, so the
// losing request fails on it, unhandled.
func AddLink(owner, name, target string) error {
	has, err := engine.Get(&Link{Owner: owner, Name: name})
	if err != nil {
		return err
	}
	if has {
		return ErrExists
	}
	_, err = engine.Insert(&Link{Owner: owner, Name: name, Target: target}) // want `check-then-insert on link\(owner, name\): the model's unique index on link\(owner, name\)`
	return err
}

// Exist by ID with the composite key: each part is the lookup's
// condition on its column.
func AddLdap(owner, id, host string) error {
	found, err := engine.ID(core.PK{owner, id}).Exist(&Ldap{})
	if err != nil || found {
		return err
	}
	_, err = engine.Insert(&Ldap{Owner: owner, Id: id, Host: host}) // want `check-then-insert on ldap\(owner, id\)`
	return err
}

// ---- silent ----

// The lookup is by another name of the owner: it decides nothing about
// this key.
func CopyLdap(owner, from, to string) error {
	found, err := engine.ID(core.PK{owner, from}).Exist(&Ldap{})
	if err != nil || !found {
		return err
	}
	_, err = engine.Insert(&Ldap{Owner: owner, Id: to}) // ok: another key
	return err
}
