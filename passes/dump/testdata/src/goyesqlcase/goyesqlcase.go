package goyesqlcase

import (
	"context"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/knadh/goyesql/v2"
	goyesqlx "github.com/knadh/goyesql/v2/sqlx"
)

// Queries holds the statements of queries.sql, prepared at start-up.
type Queries struct {
	GetSubscriber       *sqlx.Stmt `query:"get-subscriber"`
	InsertSubscriber    *sqlx.Stmt `query:"insert-subscriber"`
	SetStatus           *sqlx.Stmt `query:"set-status"`
	ConfirmSubscription *sqlx.Stmt `query:"confirm-subscription"`
	CountBounces        string     `query:"count-bounces"`
	AddBounce           *sqlx.Stmt `query:"add-bounce"`
	LockSubscriber      string     `query:"lock-subscriber"`
	BlockSubscriber     string     `query:"block-subscriber"`
	QuerySubscribers    string     `query:"query-subscribers"`
}

type Subscriber struct {
	ID     int64  `db:"id"`
	Name   string `db:"name"`
	Status string `db:"status"`
}

type App struct {
	db *sqlx.DB
	q  *Queries
}

func New(db *sqlx.DB) (*App, error) {
	qs, err := goyesql.ParseFile("queries.sql")
	if err != nil {
		return nil, err
	}
	var q Queries
	if err := goyesqlx.ScanToStruct(&q, qs, db); err != nil {
		return nil, err
	}
	return &App{db: db, q: &q}, nil
}

func (a *App) Lookup(email string) (Subscriber, error) {
	var s Subscriber
	err := a.q.GetSubscriber.Get(&s, email) // want `select subscribers where email=\$email reads id\->s\.ID,name\->s\.Name,status\->s\.Status on a\.q\.GetSubscriber; found\? err\(database/sql\.ErrNoRows\)`
	return s, err
}

func (a *App) Insert(email, name string) error {
	_, err := a.q.InsertSubscriber.Exec(email, name) // want `insert subscribers set email=\$email,name=\$name,status='enabled' on a\.q\.InsertSubscriber`
	return err
}

func (a *App) Block(id int64) error {
	_, err := a.q.SetStatus.Exec(id, "blocklisted") // want `update subscribers set status=\$"blocklisted" where id=\$id on a\.q\.SetStatus`
	return err
}

func (a *App) Confirm(ctx context.Context, id int64) (bool, error) {
	res, err := a.q.ConfirmSubscription.ExecContext(ctx, id) // want `update subscriptions set status='confirmed' where subscriber_id=\$id,status='unconfirmed' on a\.q\.ConfirmSubscription\.Stmt; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// An unprepared string field runs through the handle it is passed to.
func (a *App) Bounces(ctx context.Context, id int64) (int, error) {
	var n int
	err := a.db.QueryRowContext(ctx, a.q.CountBounces, id).Scan(&n) // want `select count bounces where subscriber_id=\$id reads count\->n on a\.db\.DB; found\? count`
	return n, err
}

func (a *App) Bounce(id int64) error {
	_, err := a.q.AddBounce.Exec(id) // want `update subscribers set bounces=atomic\(bounces \+ 1\) where id=\$id on a\.q\.AddBounce`
	return err
}

// A statement kept as text, run in a transaction.
func (a *App) BlockLocked(ctx context.Context, id int64) error {
	tx, err := a.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, a.q.LockSubscriber, id).Scan(&status); err != nil { // want `select subscribers where id=\$id reads status\->status lock=update on BeginTxx\(\)#0.*; in explicit tx`
		return err
	}
	if _, err := tx.ExecContext(ctx, a.q.BlockSubscriber, id); err != nil { // want `update subscribers set status='blocklisted' where id=\$id on BeginTxx\(\)#0.*; in explicit tx`
		return err
	}
	return tx.Commit()
}

// A prepared statement rebound to a transaction (listmonk's importer:
// stmt = tx.Stmt(opt.UpsertStmt)).
func (a *App) InsertInTx(ctx context.Context, email, name string) error {
	tx, err := a.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Stmtx(a.q.InsertSubscriber).ExecContext(ctx, email, name); err != nil { // want `insert subscribers set email=\$email,name=\$name,status='enabled' on BeginTxx\(\)#0.*; in explicit tx`
		return err
	}
	if _, err := tx.Stmt(a.q.SetStatus.Stmt).ExecContext(ctx, 1, "enabled"); err != nil { // want `update subscribers set status=\$"enabled" where id=\$1 on BeginTxx\(\)#0.*; in explicit tx`
		return err
	}
	return tx.Commit()
}

// The sort order filled into the statement per call.
func (a *App) List(status, orderBy string) ([]Subscriber, error) {
	var out []Subscriber
	stmt := strings.ReplaceAll(a.q.QuerySubscribers, "%order%", orderBy+" DESC")
	err := a.db.Select(&out, stmt, status) // want `select subscribers where status=\$status on a\.db; found\? len; partial`
	return out, err
}

// The same, through a helper of the package returning the statement.
func (a *App) Search(search, status string) ([]Subscriber, error) {
	var out []Subscriber
	_, stmt := orderQuery(search, "name", a.q.QuerySubscribers)
	err := a.db.Select(&out, stmt, status) // want `select subscribers where status=\$status on a\.db; found\? len; partial`
	return out, err
}

func orderQuery(search, orderBy, query string) (string, string) {
	if orderBy == "" {
		orderBy = "id"
	}
	return "%" + search + "%", strings.ReplaceAll(query, "%order%", orderBy+" ASC")
}
