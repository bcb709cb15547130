// Package svc finds and creates its models through db's helpers.
package svc

import (
	"context"
	"errors"

	"xormbeans/db"
)

type Star struct {
	Id     int64
	UserId int64
	RepoId int64
}

type Watch struct {
	Id     int64
	UserId int64 `xorm:"UNIQUE(watch)"`
	RepoId int64 `xorm:"UNIQUE(watch)"`
}

var ErrStarred = errors.New("already starred")

// Two requests both find no star and both insert one.
func StarRepo(ctx context.Context, user, repo int64) error {
	has, err := db.Get(ctx, &Star{UserId: user, RepoId: repo})
	if err != nil {
		return err
	}
	if has {
		return ErrStarred
	}
	return db.Insert(ctx, &Star{UserId: user, RepoId: repo}) // want `check-then-insert on star\(user_id, repo_id\)`
}

// ---- silent ----

// The lookup is of another model: it decides nothing about a star.
func WatchAndStar(ctx context.Context, user, repo int64) error {
	has, err := db.Get(ctx, &Watch{UserId: user, RepoId: repo})
	if err != nil || !has {
		return err
	}
	return db.Insert(ctx, &Star{UserId: user, RepoId: repo}) // ok: another table
}
