// Package svc calls the helpers of db with its own models.
package svc

import (
	"context"

	"xormbeans/db"
)

type Label struct {
	Id     int64
	RepoId int64  `xorm:"UNIQUE(s)"`
	Name   string `xorm:"UNIQUE(s)"`
}

func Add(ctx context.Context, repo int64, name string) error {
	return db.Insert(ctx, &Label{RepoId: repo, Name: name}) // want `insert label set repo_id=\$repo,name=\$name on \?; via db\.Insert at db\.go:15`
}

func Get(ctx context.Context, id int64) (*Label, error) {
	l := &Label{}
	has, err := db.GetByID(ctx, id, l) // want `select label where id=\$id reads id\->complit\.Id,repo_id\->complit\.RepoId,name\->complit\.Name on \?; found\? bool; via db\.GetByID at db\.go:21`
	if err != nil || !has {
		return nil, err
	}
	return l, nil
}

func Remove(ctx context.Context, id int64) error {
	_, err := db.DeleteByID(ctx, id, &Label{}) // want `delete label where id=\$id on \?; via db\.DeleteByID at db\.go:26`
	return err
}

func Find(ctx context.Context, repo int64, name string) (bool, error) {
	return db.Get(ctx, &Label{RepoId: repo, Name: name}) // want `select label where repo_id=\$repo,name=\$name reads .* on \?; found\? bool; via db\.Get at db\.go:31`
}
