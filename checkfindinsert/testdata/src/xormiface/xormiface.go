// Package xormiface reaches xorm through the application's own interface
// over the engine.
package xormiface

import (
	"context"

	"xorm.io/xorm"
)

type Engine interface {
	Where(query interface{}, args ...interface{}) *xorm.Session
	Exist(bean ...interface{}) (bool, error)
	Insert(beans ...interface{}) (int64, error)
}

type Star struct {
	Id     int64
	UserId int64
	RepoId int64
}

type Service struct {
	GetEngine func(ctx context.Context) Engine
}

func (s *Service) StarRepo(ctx context.Context, userID, repoID int64) error {
	has, err := s.GetEngine(ctx).Where("user_id = ? AND repo_id = ?", userID, repoID).Exist(new(Star))
	if err != nil || has {
		return err
	}
	_, err = s.GetEngine(ctx).Insert(&Star{UserId: userID, RepoId: repoID}) // want `check-then-insert on star\(user_id, repo_id\)`
	return err
}

// ---- silent ----

func (s *Service) Log(ctx context.Context, userID, repoID int64) error {
	has, err := s.GetEngine(ctx).Where("user_id = ?", userID).Exist(new(Star))
	if err != nil || !has {
		return err
	}
	_, err = s.GetEngine(ctx).Insert(&Star{UserId: userID, RepoId: repoID}) // ok: the lookup's key is not the insert's (it checks the user has any star)
	return err
}
