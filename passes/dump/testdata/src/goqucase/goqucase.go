package goqucase

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9"

	"goqucase/schema"
)

type User struct {
	ID     int64  `db:"id" goqu:"skipinsert"`
	Email  string `db:"email"`
	Status string `db:"status"`
}

type Store struct {
	db *goqu.Database
}

func New(conn *sql.DB) *Store {
	return &Store{db: goqu.New("postgres", conn)}
}

func (s *Store) Lookup(ctx context.Context, email string) (*User, error) {
	var u User
	found, err := s.db.From("users").Where(goqu.Ex{"email": email}).ScanStructContext(ctx, &u) // want `select users where email=\$email reads id\->u\.ID,email\->u\.Email,status\->u\.Status on s\.db; found\? bool`
	if err != nil || !found {
		return nil, err
	}
	return &u, nil
}

func (s *Store) Balance(id int64) (int64, error) {
	var balance int64
	_, err := s.db.From("accounts").Select("balance").Where(goqu.C("id").Eq(id)).ScanVal(&balance) // want `select accounts where id=\$id reads balance\->balance on s\.db; found\? bool`
	return balance, err
}

func (s *Store) Active(status string) ([]User, error) {
	var users []User
	err := s.db.From("users").Where(goqu.Ex{"status": status, "deleted_at": nil}).ScanStructs(&users) // want `select users where deleted_at IS NULL \?,status=\$status on s\.db; found\? len`
	return users, err
}

func (s *Store) Count(email string) (int64, error) {
	return s.db.From("users").Where(goqu.I("users.email").Eq(email)).Count() // want `select count users where email=\$email reads count\->\? on s\.db; found\? count`
}

func (s *Store) Insert(ctx context.Context, u User) error {
	_, err := s.db.Insert("users").Rows(u).Executor().ExecContext(ctx) // want `insert users set email=\$u\.Email,status=\$u\.Status on s\.db`
	return err
}

func (s *Store) InsertRecord(email string) error {
	_, err := s.db.Insert("users").Rows(goqu.Record{"email": email, "status": "new"}).OnConflict(goqu.DoNothing()).Executor().Exec() // want `insert users set email=\$email,status=\$"new" conflict=donothing on s\.db`
	return err
}

func (s *Store) Upsert(email, status string) error {
	_, err := s.db.Insert("users").Cols("email", "status").Vals(goqu.Vals{email, status}).
		OnConflict(goqu.DoUpdate("email", goqu.Record{"status": goqu.L("EXCLUDED.status")})).Executor().Exec() // want `insert users set email=\$email,status=\$status conflict=doupdate\(email\) doupdate\[status=proposed\(status\)\] on s\.db`
	return err
}

func (s *Store) Absolute(id, balance int64) error {
	_, err := s.db.Update("accounts").Set(goqu.Record{"balance": balance}).Where(goqu.Ex{"id": id}).Executor().Exec() // want `update accounts set balance=\$balance where id=\$id on s\.db`
	return err
}

func (s *Store) Atomic(id, n int64) error {
	_, err := s.db.Update("accounts").Set(goqu.Record{"balance": goqu.L("balance + ?", n)}).Where(goqu.C("id").Eq(id)).Executor().Exec() // want `update accounts set balance=atomic\(balance \+ \?\) where id=\$id on s\.db`
	return err
}

func (s *Store) CompareAndSet(id int64, driver string) (bool, error) {
	res, err := s.db.Update("rides").Set(goqu.Record{"status": "accepted", "driver_id": driver}).
		Where(goqu.C("id").Eq(id), goqu.C("status").Eq("searching")).Executor().Exec() // want `update rides set driver_id=\$driver,status=\$"accepted" where id=\$id,status=\$"searching" on s\.db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Delete(id int64) error {
	_, err := s.db.Delete("holds").Where(goqu.Ex{"account_id": id}).Executor().Exec() // want `delete holds where account_id=\$id on s\.db`
	return err
}

func (s *Store) Returning(email string) (int64, error) {
	var id int64
	_, err := s.db.Insert("users").Rows(goqu.Record{"email": email}).Returning("id").Executor().ScanVal(&id) // want `insert users set email=\$email on s\.db; found\? bool; rows checked`
	return id, err
}

// ToSQL renders the statement; the caller runs it with its arguments.
func ToSQL(ctx context.Context, conn *sql.DB, id, n int64) error {
	query, args, err := goqu.Dialect("postgres").Update("accounts").Prepared(true).
		Set(goqu.Record{"balance": goqu.L("balance - ?", n)}).Where(goqu.Ex{"id": id}).ToSQL()
	if err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, query, args...) // want `update accounts set balance=atomic\(balance - \?\) where id=\$id on conn`
	return err
}

func (s *Store) Locked(ctx context.Context, id, n int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var balance int64
	if _, err := tx.From("accounts").Select("balance").Where(goqu.Ex{"id": id}).ForUpdate(goqu.Wait).ScanValContext(ctx, &balance); err != nil { // want `select accounts where id=\$id reads balance\->balance lock=update on BeginTx\(\)#0; found\? bool; in explicit tx`
		tx.Rollback()
		return err
	}
	if _, err := tx.Update("accounts").Set(goqu.Record{"balance": balance + n}).Where(goqu.Ex{"id": id}).Executor().ExecContext(ctx); err != nil { // want `update accounts set balance=\$balance\+n where id=\$id on BeginTx\(\)#0; in explicit tx`
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Store) Callback(email string) error {
	return s.db.WithTx(func(tx *goqu.TxDatabase) error {
		var u User
		found, err := tx.From("users").Where(goqu.Ex{"email": email}).ScanStruct(&u) // want `select users where email=\$email reads .* on tx; found\? bool; in callback tx`
		if err != nil || found {
			return err
		}
		_, err = tx.Insert("users").Rows(goqu.Record{"email": email}).Executor().Exec() // want `insert users set email=\$email on tx; in callback tx`
		return err
	})
}

func (s *Store) Filtered(status string) ([]User, error) {
	var users []User
	ds := s.db.From("users").Where(goqu.Ex{"deleted_at": nil})
	if status != "" {
		ds = ds.Where(goqu.Ex{"status": status})
	}
	err := ds.ScanStructs(&users) // want `select users where deleted_at IS NULL \? on s\.db; found\? len; partial`
	return users, err
}

// The tables and columns are package variables of another package.
func (s *Store) Banned(ip string) (bool, error) {
	var banned bool
	found, err := s.db.Select(goqu.V(true)).From(schema.BansTable).Where(schema.BansTableIPCol.Eq(ip)).ScanVal(&banned) // want `select ip_bans where ip=\$ip reads .* on s\.db; found\? bool`
	return found && banned, err
}

func (s *Store) Unban(ip string) error {
	_, err := s.db.Delete(schema.BansTable).Where(schema.BansTableIPCol.Eq(ip)).Executor().Exec() // want `delete ip_bans where ip=\$ip on s\.db`
	return err
}

var holdsTable = goqu.T("holds")

func (s *Store) Release(id int64) error {
	_, err := s.db.Delete(holdsTable).Where(holdsTable.Col("account_id").Eq(id)).Executor().Exec() // want `delete holds where account_id=\$id on s\.db`
	return err
}
