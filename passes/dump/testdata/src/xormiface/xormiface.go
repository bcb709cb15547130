// Package xormiface reaches xorm through an interface of its own, the way
// a large application hides the engine behind GetEngine(ctx).
package xormiface

import (
	"context"

	"xorm.io/xorm"
)

// Engine is the application's view of xorm's engine and sessions.
type Engine interface {
	Where(query interface{}, args ...interface{}) *xorm.Session
	ID(id interface{}) *xorm.Session
	Get(beans ...interface{}) (bool, error)
	Insert(beans ...interface{}) (int64, error)
	Exec(sqlOrArgs ...interface{}) (interface{}, error)
}

// Store is an interface that only looks alike: its Where returns itself.
type Store interface {
	Where(query interface{}, args ...interface{}) Store
	Get(beans ...interface{}) (bool, error)
}

type Repo struct {
	GetEngine func(ctx context.Context) Engine
}

type Label struct {
	Id      int64
	RepoId  int64  `xorm:"UNIQUE(s)"`
	Name    string `xorm:"UNIQUE(s)"`
	Counter int64
}

func (r *Repo) Find(ctx context.Context, repoID int64, name string) (*Label, error) {
	l := new(Label)
	has, err := r.GetEngine(ctx).Where("repo_id = ? AND name = ?", repoID, name).Get(l) // want `select label where repo_id=\$repoID,name=\$name reads id\->new\.Id,repo_id\->new\.RepoId,name\->new\.Name,counter\->new\.Counter on call\(\); found\? bool`
	if err != nil || !has {
		return nil, err
	}
	return l, nil
}

func (r *Repo) Add(ctx context.Context, repoID int64, name string) error {
	_, err := r.GetEngine(ctx).Insert(&Label{RepoId: repoID, Name: name}) // want `insert label set repo_id=\$repoID,name=\$name on call\(\)`
	return err
}

func Other(s Store, name string) (bool, error) {
	return s.Where("name = ?", name).Get(new(Label)) // ok: not xorm's
}
