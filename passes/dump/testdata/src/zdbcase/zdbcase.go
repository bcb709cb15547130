package zdbcase

import (
	"context"
	"errors"

	"zgo.at/zdb"
)

type Site struct {
	ID    int64  `db:"site_id"`
	Code  string `db:"code"`
	State string `db:"state"`
	Hits  int64  `db:"hits"`
}

func (s *Site) ByCode(ctx context.Context, code string) error {
	err := zdb.Get(ctx, s, `select * from sites where code = ?`, code) // want `select sites where code=\$code reads site_id\->s\.ID,code\->s\.Code,state\->s\.State,hits\->s\.Hits on ctx; found\? err\(database/sql\.ErrNoRows\)`
	if zdb.ErrNoRows(err) {
		return errors.New("no such site")
	}
	return err
}

func List(ctx context.Context) ([]Site, error) {
	var ss []Site
	err := zdb.Select(ctx, &ss, `select * from sites where state = $1`, "a") // want `select sites where state=\$"a" on ctx; found\? len`
	return ss, err
}

func (s *Site) Writes(ctx context.Context, n int64) error {
	if err := zdb.Exec(ctx, `insert into sites (code, state) values (?, ?)`, s.Code, s.State); err != nil { // want `insert sites set code=\$s\.Code,state=\$s\.State on ctx`
		return err
	}
	if err := zdb.Exec(ctx, `update sites set hits = ? where site_id = ?`, s.Hits+n, s.ID); err != nil { // want `update sites set hits=\$s\.Hits\+n where site_id=\$s\.ID on ctx`
		return err
	}
	return zdb.Exec(ctx, `update sites set hits = hits + ? where site_id = ?`, n, s.ID) // want `update sites set hits=atomic\(hits \+ \?\) where site_id=\$s\.ID on ctx`
}

// Activate is a compare-and-set: NumRows says whether this request did it.
func (s *Site) Activate(ctx context.Context) (bool, error) {
	n, err := zdb.NumRows(ctx, `update sites set state = 'a' where site_id = ? and state = 'd'`, s.ID) // want `update sites set state='a' where site_id=\$s\.ID,state='d' on ctx; found\? count; rows checked`
	return n == 1, err
}

func Create(ctx context.Context, code string) (int64, error) {
	return zdb.InsertID[int64](ctx, "site_id", `insert into sites (code) values (?)`, code) // want `insert sites set code=\$code on ctx`
}

func (s *Site) Delete(ctx context.Context) error {
	return zdb.TX(ctx, func(ctx context.Context) error {
		var n int64
		if err := zdb.Get(ctx, &n, `select site_id from sites where parent = ? for update`, s.ID); err != nil && !zdb.ErrNoRows(err) { // want `select sites where parent=\$s\.ID reads site_id\->n lock=update on ctx; found\? err\(database/sql\.ErrNoRows\); in callback tx`
			return err
		}
		return zdb.Exec(ctx, `delete from sites where site_id = ?`, s.ID) // want `delete sites where site_id=\$s\.ID on ctx; in callback tx`
	})
}

func Codes(ctx context.Context) ([]string, error) {
	rows, err := zdb.Query(ctx, `select code from sites`) // want `select sites reads code\->c on ctx; found\? bool`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// On the DB interface.
func Touch(ctx context.Context, id int64) error {
	return zdb.MustGetDB(ctx).Exec(ctx, `update sites set state = 'a' where site_id = ?`, id) // want `update sites set state='a' where site_id=\$id on MustGetDB\(\)`
}

type User struct {
	ID      int64  `db:"user_id,id"`
	Email   string `db:"email"`
	Quota   int64  `db:"quota"`
	Created string `db:"created_at,readonly"`
	Note    string `db:"-"`
}

func (User) Table() string { return "users" }

func (u *User) Insert(ctx context.Context) error {
	return zdb.Insert(ctx, u) // want `insert users set email=\$u\.Email,quota=\$u\.Quota,created_at=\$u\.Created on ctx`
}

func (u *User) InsertOnce(ctx context.Context) error {
	return zdb.Insert(ctx, u, "on conflict (email) do nothing") // want `insert users set email=\$u\.Email,quota=\$u\.Quota,created_at=\$u\.Created conflict=donothing\(email\) on ctx`
}

func (u *User) UpdateQuota(ctx context.Context) error {
	return zdb.Update(ctx, u, "quota") // want `update users set quota=\$u\.Quota where user_id=\$u\.ID on ctx`
}

func (u *User) Update(ctx context.Context) error {
	return zdb.Update(ctx, u, zdb.UpdateAll) // want `update users set email=\$u\.Email,quota=\$u\.Quota where user_id=\$u\.ID on ctx`
}

// Columns named at run time: not read.
func (u *User) UpdateCols(ctx context.Context, cols ...string) error {
	return zdb.Update(ctx, u, cols...)
}
