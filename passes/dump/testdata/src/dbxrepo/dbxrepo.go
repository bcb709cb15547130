// Package dbxrepo is a repository layer in navidrome's shape: squirrel
// builders passed as Sqlizer values to helpers that render them, turn
// their ? into dbx's {:pN} and run them on a dbx handle.
package dbxrepo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"

	. "github.com/Masterminds/squirrel"
	"github.com/pocketbase/dbx"
)

var ErrNotFound = errors.New("not found")

type sqlRepository struct {
	ctx       context.Context
	tableName string
	db        dbx.Builder
}

// registerModel fills the table in from the model's type when the
// constructor did not name it, and lower-cases it: stores that keep a
// constructor's constant.
func (r *sqlRepository) registerModel(instance any) {
	if r.tableName == "" {
		r.tableName = strings.TrimPrefix(reflect.TypeOf(instance).String(), "*dbxrepo.")
	}
	r.tableName = strings.ToLower(r.tableName)
}

func (r sqlRepository) newSelect(max ...uint64) SelectBuilder {
	sq := Select().From(r.tableName)
	if len(max) > 0 {
		sq = sq.Limit(max[0])
	}
	return sq
}

var placeholders = regexp.MustCompile(`\?`)

func (r sqlRepository) toSQL(sq Sqlizer) (string, dbx.Params, error) {
	query, args, err := sq.ToSql()
	if err != nil {
		return "", nil, err
	}
	params := make(dbx.Params, len(args))
	n := 0
	out := placeholders.ReplaceAllStringFunc(query, func(string) string {
		name := fmt.Sprintf("p%d", n)
		params[name] = args[n]
		n++
		return "{:" + name + "}"
	})
	return out, params, nil
}

func (r sqlRepository) executeSQL(sq Sqlizer) (int64, error) {
	query, args, err := r.toSQL(sq)
	if err != nil {
		return 0, err
	}
	var c int64
	res, err := r.db.NewQuery(query).Bind(args).WithContext(r.ctx).Execute()
	if res != nil {
		c, _ = res.RowsAffected()
	}
	return c, err
}

func (r sqlRepository) queryOne(sq Sqlizer, response any) error {
	query, args, err := r.toSQL(sq)
	if err != nil {
		return err
	}
	err = r.db.NewQuery(query).Bind(args).WithContext(r.ctx).One(response)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

func (r sqlRepository) queryAll(sq SelectBuilder, response any, offset uint64) error {
	if offset > 1000 {
		sq = sq.Where("rowid > ?", offset)
	}
	query, args, err := r.toSQL(sq)
	if err != nil {
		return err
	}
	return r.db.NewQuery(query).Bind(args).WithContext(r.ctx).All(response)
}

type User struct {
	ID       string `db:"id"`
	UserName string `db:"user_name"`
	Logins   int64  `db:"logins"`
	Version  int64  `db:"version"`
}

type userRepository struct {
	sqlRepository
}

func NewUserRepository(ctx context.Context, db dbx.Builder) *userRepository {
	r := &userRepository{}
	r.ctx = ctx
	r.db = db
	r.tableName = "user"
	r.registerModel(&User{})
	return r
}

// ByName starts from the base's helper, on the table the constructor
// named.
func (r *userRepository) ByName(name string) (*User, error) {
	var u User
	err := r.queryOne(r.newSelect().Columns("id").Where(Eq{"user_name": name}), &u) // want `select user where user_name=\$name reads id\->u\.ID on r\.sqlRepository\.db; found\? err\(database/sql\.ErrNoRows\); partial`
	return &u, err
}

func (r *userRepository) Touch(id string, n int64) error {
	_, err := r.executeSQL(Update(r.tableName).Set("logins", Expr("logins + ?", n)).Where(Eq{"id": id})) // want `update user set logins=atomic\(logins \+ \?\) where id=\$id on r\.sqlRepository\.db`
	return err
}

// Bump hands the helper a raw statement (sq.Expr) instead of a builder.
func (r *userRepository) Bump(id string) error {
	_, err := r.executeSQL(Expr("UPDATE user SET logins = logins + 1 WHERE id = ?", id)) // want `update user set logins=atomic\(logins \+ 1\) where id=\$id on r\.sqlRepository\.db`
	return err
}

type Player struct {
	ID string `db:"id"`
}

// playerRepository leaves its table to registerModel, which derives it
// from the type at run time: the table is not known.
type playerRepository struct {
	sqlRepository
}

func NewPlayerRepository(ctx context.Context, db dbx.Builder) *playerRepository {
	r := &playerRepository{}
	r.ctx = ctx
	r.db = db
	r.registerModel(&Player{})
	return r
}

func (r *playerRepository) Drop(id string) error {
	_, err := r.executeSQL(Delete(r.tableName).Where(Eq{"id": id})) // want `delete \? where id=\$id on r\.sqlRepository\.db; partial`
	return err
}

// shareRepository names one of two tables by a flag: not one constant.
type shareRepository struct {
	sqlRepository
}

func NewShareRepository(ctx context.Context, db dbx.Builder, old bool) *shareRepository {
	r := &shareRepository{}
	r.db = db
	r.tableName = "share"
	if old {
		r.tableName = "share_v1"
	}
	return r
}

func (r *shareRepository) Get(id string) error {
	var p Player
	return r.queryOne(r.newSelect().Where(Eq{"id": id}), &p) // want `select \? where id=\$id reads id\->p\.ID on r\.sqlRepository\.db; found\? err\(database/sql\.ErrNoRows\); partial`
}

func (r *userRepository) Get(id string) (*User, error) {
	var u User
	err := r.queryOne(Select("*").From("user").Where(Eq{"id": id}), &u) // want `select user where id=\$id reads id\->u\.ID,user_name\->u\.UserName,logins\->u\.Logins,version\->u\.Version on r\.sqlRepository\.db; found\? err\(database/sql\.ErrNoRows\)`
	return &u, err
}

func (r *userRepository) All() ([]User, error) {
	var us []User
	err := r.queryAll(Select("*").From("user").Where(Eq{"deleted": false}), &us, 0) // want `select user where deleted=\$false on r\.sqlRepository\.db; found\? len`
	return us, err
}

func (r *userRepository) Put(u *User) error {
	_, err := r.executeSQL(Insert("user").SetMap(map[string]any{"id": u.ID, "user_name": u.UserName})) // want `insert user set id=\$u\.ID,user_name=\$u\.UserName on r\.sqlRepository\.db`
	return err
}

func (r *userRepository) Writes(u *User, n int64) error {
	if _, err := r.executeSQL(Update("user").Set("logins", u.Logins+n).Where(Eq{"id": u.ID})); err != nil { // want `update user set logins=\$u\.Logins\+n where id=\$u\.ID on r\.sqlRepository\.db`
		return err
	}
	_, err := r.executeSQL(Update("user").Set("logins", Expr("logins + ?", n)).Where(Eq{"id": u.ID})) // want `update user set logins=atomic\(logins \+ \?\) where id=\$u\.ID on r\.sqlRepository\.db`
	return err
}

// Rename is a compare-and-set on the version; its count is the helper's.
func (r *userRepository) Rename(u *User, name string) error {
	c, err := r.executeSQL(Update("user").Set("user_name", name).Set("version", u.Version+1).Where(Eq{"id": u.ID, "version": u.Version})) // want `update user set user_name=\$name,version=\$u\.Version\+1 where id=\$u\.ID,version=\$u\.Version on r\.sqlRepository\.db; found\? count; rows checked`
	if err != nil {
		return err
	}
	if c == 0 {
		return ErrNotFound
	}
	return nil
}

func Save(db *dbx.DB, ctx context.Context, u *User) error {
	return db.Transactional(func(tx *dbx.Tx) error {
		r := &userRepository{sqlRepository{ctx: ctx, db: tx}}
		_, err := r.executeSQL(Delete("user").Where(Eq{"id": u.ID})) // want `delete user where id=\$u\.ID on complit\.db`
		return err
	})
}
