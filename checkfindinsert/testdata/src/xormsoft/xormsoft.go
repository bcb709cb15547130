// Package xormsoft holds check-then-insert races on xorm models with a
// deleted field, whose lookups xorm scopes to the rows not deleted.
package xormsoft

import (
	"errors"
	"time"

	"xorm.io/xorm"
)

type Webhook struct {
	Id        int64     `xorm:"pk autoincr"`
	RepoId    int64     `xorm:"index"`
	Url       string    `xorm:"text"`
	DeletedAt time.Time `xorm:"deleted"`
}

var ErrExists = errors.New("webhook exists")

// Two requests both find no live hook and both insert one.
func AddHook(x *xorm.Engine, repo int64, url string) error {
	has, err := x.Where("repo_id = ? AND url = ?", repo, url).Exist(&Webhook{})
	if err != nil {
		return err
	}
	if has {
		return ErrExists
	}
	_, err = x.Insert(&Webhook{RepoId: repo, Url: url}) // want `check-then-insert on webhook\(repo_id, url\)`
	return err
}

// ---- silent ----

// The lookup of a hook by its id decides nothing about a new hook's key.
func Replace(x *xorm.Engine, id, repo int64, url string) error {
	old := &Webhook{Id: id}
	if has, err := x.Get(old); err != nil || !has {
		return err
	}
	if _, err := x.ID(id).Delete(&Webhook{}); err != nil {
		return err
	}
	_, err := x.Insert(&Webhook{RepoId: repo, Url: url}) // ok: another key
	return err
}
