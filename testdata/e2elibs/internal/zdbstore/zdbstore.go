// Package zdbstore is a store written with zgo.at/zdb: package functions
// that run SQL on the database the context carries, as goatcounter's
// models do.
package zdbstore

import (
	"context"
	"errors"

	"zgo.at/zdb"
)

var ErrTaken = errors.New("taken")

type User struct {
	ID    int64  `db:"user_id"`
	Email string `db:"email"`
	Quota int64  `db:"quota"`
}

func Signup(ctx context.Context, email string) error {
	var id int64
	err := zdb.Get(ctx, &id, `select user_id from users where email = ?`, email)
	if err == nil {
		return ErrTaken
	}
	if !zdb.ErrNoRows(err) {
		return err
	}
	return zdb.Exec(ctx, `insert into users (email) values (?)`, email) // HAZARD(checkfindinsert)
}

func SignupHandled(ctx context.Context, email string) error {
	var id int64
	if err := zdb.Get(ctx, &id, `select user_id from users where email = ?`, email); err == nil {
		return ErrTaken
	}
	err := zdb.Exec(ctx, `insert into users (email) values (?)`, email) // SAFE(checkfindinsert): zdb.ErrUnique handles the violation
	if zdb.ErrUnique(err) {
		return ErrTaken
	}
	return err
}

func Spend(ctx context.Context, id, n int64) error {
	var u User
	if err := zdb.Get(ctx, &u, `select * from users where user_id = ?`, id); err != nil {
		return err
	}
	return zdb.Exec(ctx, `update users set quota = ? where user_id = ?`, u.Quota-n, id) // HAZARD(lostupdate)
}

func SpendAtomic(ctx context.Context, id, n int64) error {
	return zdb.Exec(ctx, `update users set quota = quota - ? where user_id = ?`, n, id) // SAFE(lostupdate): the decrement is atomic
}

func Close(ctx context.Context, id int64) (bool, error) {
	n, err := zdb.NumRows(ctx, `update users set quota = 0 where user_id = ? and quota > 0`, id)
	return n == 1, err
}

type Site struct {
	ID   int64 `db:"site_id,id"`
	Hits int64 `db:"hits"`
}

func (Site) Table() string { return "sites" }

func AddHits(ctx context.Context, id, n int64) error {
	var s Site
	if err := zdb.Get(ctx, &s, `select * from sites where site_id = ?`, id); err != nil {
		return err
	}
	s.Hits += n
	return zdb.Update(ctx, &s, "hits") // HAZARD(lostupdate)
}
