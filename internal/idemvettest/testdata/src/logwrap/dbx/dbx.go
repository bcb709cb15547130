// Package dbx is an application's own layer over database/sql in the
// shape services write to log every statement: each method takes the SQL
// text and its arguments, and, when debugging, respaces the text and logs
// it with its duration from a deferred closure, which captures the text,
// the arguments and the rows (so all three live in variables the closure
// shares). The methods hand back what the statement did in their own
// results: Exists whether a row is there, Get ErrNotFound when none,
// Execute the affected-row count. It is application code, shared by the
// checkers' golden cases written with such a wrapper.
package dbx

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"strings"
	"time"
)

var ErrNotFound = errors.New("record not found")

var Debug bool

var squash = strings.NewReplacer("\t", "", "\n", " ")

type Trx struct {
	tx  *sql.Tx
	ctx context.Context
}

func (t *Trx) Execute(command string, args ...any) (int64, error) {
	if Debug {
		command = squash.Replace(command)
		start := time.Now()
		defer func() {
			log.Printf("%s %v in %s", command, args, time.Since(start))
		}()
	}
	res, err := t.tx.ExecContext(t.ctx, command, args...)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

func (t *Trx) Exists(command string, args ...any) (bool, error) {
	if Debug {
		command = squash.Replace(command)
		start := time.Now()
		defer func() {
			log.Printf("%s %v in %s", command, args, time.Since(start))
		}()
	}
	rows, err := t.tx.QueryContext(t.ctx, command, args...)
	if err != nil {
		return false, err
	}
	defer func() { _ = rows.Close() }()
	return rows.Next(), nil
}

func (t *Trx) Get(dest *int64, command string, args ...any) error {
	if Debug {
		command = squash.Replace(command)
		start := time.Now()
		defer func() {
			log.Printf("%s %v in %s", command, args, time.Since(start))
		}()
	}
	rows, err := t.tx.QueryContext(t.ctx, command, args...)
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	if rows.Next() {
		return rows.Scan(dest)
	}
	return ErrNotFound
}
