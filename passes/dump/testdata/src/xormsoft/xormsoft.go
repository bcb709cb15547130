// Package xormsoft is written against xorm models with a deleted field:
// xorm soft-deletes them, and every query and update of one carries the
// condition that the row is not deleted.
package xormsoft

import (
	"time"

	"xorm.io/xorm"
)

type Webhook struct {
	Id        int64     `xorm:"pk autoincr"`
	RepoId    int64     `xorm:"index"`
	Url       string    `xorm:"text"`
	Active    bool      `xorm:"notnull"`
	DeletedAt time.Time `xorm:"deleted"`
}

func Find(x *xorm.Engine, repo int64, url string) (bool, error) {
	return x.Where("repo_id = ? AND url = ?", repo, url).Exist(&Webhook{}) // want `select exists webhook where repo_id=\$repo,url=\$url,deleted_at IS NULL \? on x; found\? bool`
}

func Disable(x *xorm.Engine, id int64) (int64, error) {
	return x.ID(id).Cols("active").Update(&Webhook{Active: false}) // want `update webhook set active=false where id=\$id,deleted_at IS NULL \? on x; found\? count`
}

// Delete sets the deleted time; the row stays.
func Delete(x *xorm.Engine, id int64) error {
	_, err := x.ID(id).Delete(&Webhook{}) // want `update webhook set deleted_at=\{now\(\)\} where id=\$id,deleted_at IS NULL \? on x`
	return err
}

// Unscoped: every row, and a real delete.
func Purge(x *xorm.Engine, id int64) error {
	_, err := x.Unscoped().ID(id).Delete(&Webhook{}) // want `delete webhook where id=\$id on x`
	return err
}
