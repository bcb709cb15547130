// Package joinlist is a store in memos' shape: statements assembled from
// column, placeholder and WHERE lists joined with strings.Join.
package joinlist

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

type DB struct{ db *sql.DB }

type User struct {
	ID       int32
	Username string
	Email    string
}

type FindUser struct {
	ID       *int32
	Username *string
	Email    *string
}

func (d *DB) CreateUser(ctx context.Context, create *User) error {
	fields := []string{"`username`", "`email`"}
	placeholder := []string{"?", "?"}
	args := []any{create.Username, create.Email}
	stmt := "INSERT INTO `user` (" + strings.Join(fields, ", ") + ") VALUES (" + strings.Join(placeholder, ", ") + ")"
	_, err := d.db.ExecContext(ctx, stmt, args...)
	return err
}

func (d *DB) CreateUserIgnore(ctx context.Context, create *User) (bool, error) {
	fields := []string{"`username`", "`email`"}
	placeholder := []string{"?", "?"}
	args := []any{create.Username, create.Email}
	stmt := "INSERT IGNORE INTO `user` (" + strings.Join(fields, ", ") + ") VALUES (" + strings.Join(placeholder, ", ") + ")"
	res, err := d.db.ExecContext(ctx, stmt, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (d *DB) GetUserByUsername(ctx context.Context, username string) (*User, error) {
	where, args := []string{"`username` = ?"}, []any{username}
	query := "SELECT `id`, `username`, `email` FROM `user` WHERE " + strings.Join(where, " AND ")
	u := &User{}
	if err := d.db.QueryRowContext(ctx, query, args...).Scan(&u.ID, &u.Username, &u.Email); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	return u, nil
}

var ErrTaken = errors.New("username taken")

func (d *DB) SignUp(ctx context.Context, username, email string) error {
	existing, err := d.GetUserByUsername(ctx, username)
	if err != nil {
		return err
	}
	if existing != nil {
		return ErrTaken
	}
	return d.CreateUser(ctx, &User{Username: username, Email: email}) // want `check-then-insert on user\(username\)`
}

func (d *DB) SignUpIgnore(ctx context.Context, username, email string) error {
	existing, err := d.GetUserByUsername(ctx, username)
	if err != nil {
		return err
	}
	if existing != nil {
		return ErrTaken
	}
	created, err := d.CreateUserIgnore(ctx, &User{Username: username, Email: email}) // ok: INSERT IGNORE, and the affected rows tell the loser
	if err != nil {
		return err
	}
	if !created {
		return ErrTaken
	}
	return nil
}
