// Package bindnamed writes through sqlx's named rewrites: the statement's
// :name parameters made placeholders by BindNamed or Named, the arguments
// the struct's db-tagged fields give them, then run by ExecContext or
// QueryRowContext, on the handle or on an accessor interface that embeds
// sqlx.ExtContext (a transaction from the context or the database).
package bindnamed

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

// Accessor is what a store runs its statements on.
type Accessor interface {
	sqlx.ExtContext
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type ticket struct {
	ID      int64  `db:"ticket_id"`
	Version int64  `db:"ticket_version"`
	RepoID  int64  `db:"ticket_repo_id"`
	Title   string `db:"ticket_title"`
	Seq     int64  `db:"ticket_seq"`
}

const insertTicket = `
	INSERT INTO tickets (ticket_version, ticket_repo_id, ticket_title, ticket_seq)
	VALUES (:ticket_version, :ticket_repo_id, :ticket_title, :ticket_seq)
	RETURNING ticket_id`

func Create(ctx context.Context, db Accessor, t *ticket) error {
	query, args, err := db.BindNamed(insertTicket, t)
	if err != nil {
		return err
	}
	return db.QueryRowContext(ctx, query, args...).Scan(&t.ID) // want `insert tickets set ticket_version=\$t\.Version,ticket_repo_id=\$t\.RepoID,ticket_title=\$t\.Title,ticket_seq=\$t\.Seq reads \?\->t\.ID on db; found\? err\(database/sql\.ErrNoRows\); rows checked`
}

const updateTicket = `
	UPDATE tickets
	SET ticket_title = :ticket_title, ticket_seq = :ticket_seq, ticket_version = :ticket_version
	WHERE ticket_id = :ticket_id AND ticket_version = :ticket_version - 1`

func Update(ctx context.Context, db *sqlx.DB, t ticket) error {
	t.Version++
	query, args, err := db.BindNamed(updateTicket, t)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...) // want `update tickets set ticket_title=\$t\.Title,ticket_seq=\$t\.Seq,ticket_version=\$t\.Version\+1 where ticket_id=\$t\.ID,ticket_version=\{:ticket_version - 1\} on db`
	return err
}

func Rename(ctx context.Context, db *sqlx.DB, t ticket) error {
	query, args, err := sqlx.Named(`UPDATE tickets SET ticket_title = :ticket_title WHERE ticket_id = :ticket_id`, t)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, db.Rebind(query), args...) // want `update tickets set ticket_title=\$t\.Title where ticket_id=\$t\.ID on db`
	return err
}
