// Package goqustore is a repository written with github.com/doug-martin/goqu/v9
// over PostgreSQL (lib/pq).
package goqustore

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/doug-martin/goqu/v9"
	_ "github.com/doug-martin/goqu/v9/dialect/postgres"
	"github.com/lib/pq"
)

type Ticket struct {
	ID     int64  `db:"id" goqu:"skipinsert"`
	Code   string `db:"code"`
	Seats  int64  `db:"seats"`
	Status string `db:"status"`
}

var ErrTaken = errors.New("taken")

type Store struct{ db *goqu.Database }

func New(conn *sql.DB) *Store { return &Store{db: goqu.New("postgres", conn)} }

func (s *Store) Create(ctx context.Context, code string) error {
	var t Ticket
	found, err := s.db.From("tickets").Where(goqu.Ex{"code": code}).ScanStructContext(ctx, &t)
	if err != nil {
		return err
	}
	if found {
		return ErrTaken
	}
	_, err = s.db.Insert("tickets").Rows(Ticket{Code: code, Status: "open"}).Executor().ExecContext(ctx) // HAZARD(checkfindinsert)
	return err
}

func (s *Store) CreateHandled(ctx context.Context, code string) error {
	n, err := s.db.From("tickets").Where(goqu.C("code").Eq(code)).CountContext(ctx)
	if err != nil || n > 0 {
		return err
	}
	_, err = s.db.Insert("tickets").Rows(goqu.Record{"code": code, "status": "open"}).Executor().ExecContext(ctx) // SAFE(checkfindinsert): the unique violation is handled
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return ErrTaken
	}
	return err
}

func (s *Store) Book(ctx context.Context, id, n int64) error {
	var seats int64
	if found, err := s.db.From("tickets").Select("seats").Where(goqu.Ex{"id": id}).ScanValContext(ctx, &seats); err != nil || !found {
		return errors.New("no ticket")
	}
	_, err := s.db.Update("tickets").Set(goqu.Record{"seats": seats - n}).Where(goqu.Ex{"id": id}).Executor().ExecContext(ctx) // HAZARD(lostupdate)
	return err
}

func (s *Store) BookAtomic(ctx context.Context, id, n int64) error {
	_, err := s.db.Update("tickets").Set(goqu.Record{"seats": goqu.L("seats - ?", n)}).Where(goqu.Ex{"id": id}).Executor().ExecContext(ctx) // SAFE(lostupdate): atomic
	return err
}

func (s *Store) Close(ctx context.Context, id int64) error {
	_, err := s.db.Update("tickets").Set(goqu.Record{"status": "closed"}).Where(goqu.C("id").Eq(id), goqu.C("status").Eq("open")).Executor().ExecContext(ctx) // HAZARD(noversion)
	return err
}

func (s *Store) CloseChecked(ctx context.Context, id int64) (bool, error) {
	res, err := s.db.Update("tickets").Set(goqu.Record{"status": "closed"}).Where(goqu.Ex{"id": id, "status": "open"}).Executor().ExecContext(ctx) // SAFE(noversion): rows affected tested
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func notify(id int64) error {
	resp, err := http.Post("https://hooks.example.com/tickets", "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (s *Store) Claim(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var t Ticket
	if _, err := tx.From("tickets").Where(goqu.Ex{"id": id}).ForUpdate(goqu.Wait).ScanStructContext(ctx, &t); err != nil {
		tx.Rollback()
		return err
	}
	if err := notify(id); err != nil { // HAZARD(lockacrosscall)
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Store) ClaimCallback(id int64) error {
	err := s.db.WithTx(func(tx *goqu.TxDatabase) error {
		_, err := tx.Update("tickets").Set(goqu.Record{"status": "claimed"}).Where(goqu.Ex{"id": id}).Executor().Exec()
		return err
	})
	if err != nil {
		return err
	}
	return notify(id) // SAFE(lockacrosscall): WithTx has committed
}

func (s *Store) Tally(ctx context.Context, code string) error {
	_, err := s.db.Insert("ticket_daily").Rows(goqu.Record{"code": code, "views": 1}).
		OnConflict(goqu.DoUpdate("code", goqu.Record{"views": goqu.L("EXCLUDED.views")})).Executor().ExecContext(ctx) // HAZARD(upsert)
	return err
}

func (s *Store) TallyAdd(ctx context.Context, code string) error {
	_, err := s.db.Insert("ticket_daily").Rows(goqu.Record{"code": code, "views": 1}).
		OnConflict(goqu.DoUpdate("code", goqu.Record{"views": goqu.L("ticket_daily.views + 1")})).Executor().ExecContext(ctx) // SAFE(upsert): added to
	return err
}

// SQL rendered with ToSQL and run on database/sql.
func Rendered(ctx context.Context, conn *sql.DB, id, n int64) error {
	var seats int64
	q, args, err := goqu.Dialect("postgres").From("tickets").Select("seats").Where(goqu.Ex{"id": id}).Prepared(true).ToSQL()
	if err != nil {
		return err
	}
	if err := conn.QueryRowContext(ctx, q, args...).Scan(&seats); err != nil {
		return err
	}
	q, args, err = goqu.Dialect("postgres").Update("tickets").Set(goqu.Record{"seats": seats + n}).Where(goqu.Ex{"id": id}).Prepared(true).ToSQL()
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, q, args...) // HAZARD(lostupdate)
	return err
}
