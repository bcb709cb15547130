package squirrelcase

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

type Store struct {
	db *sql.DB
}

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func (s *Store) Lookup(ctx context.Context, email string) (int64, error) {
	query, args, err := psql.Select("id").From("users").Where(sq.Eq{"email": email}).ToSql()
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.QueryRowContext(ctx, query, args...).Scan(&id) // want `select users where email=\$email reads id\->id on s\.db; found\? err\(database/sql\.ErrNoRows\)`
	return id, err
}

func (s *Store) Insert(ctx context.Context, email string) error {
	_, err := sq.Insert("users").Columns("email", "status").Values(email, "active").Suffix("ON CONFLICT (email) DO NOTHING").RunWith(s.db).ExecContext(ctx) // want `insert users set email=\$email,status=\$"active" conflict=donothing\(email\) on s\.db`
	return err
}

func (s *Store) Absolute(ctx context.Context, id, balance int64) error {
	_, err := sq.Update("accounts").Set("balance", balance).Where(sq.Eq{"id": id}).RunWith(s.db).ExecContext(ctx) // want `update accounts set balance=\$balance where id=\$id on s\.db`
	return err
}

func (s *Store) Atomic(ctx context.Context, id, n int64) error {
	_, err := sq.Update("accounts").Set("balance", sq.Expr("balance + ?", n)).Where("id = ?", id).RunWith(s.db).ExecContext(ctx) // want `update accounts set balance=atomic\(balance \+ \?\) where id=\$id on s\.db`
	return err
}

func (s *Store) CompareAndSet(ctx context.Context, id int64, driver string) (bool, error) {
	res, err := sq.Update("rides").SetMap(map[string]interface{}{"status": "accepted", "driver_id": driver}).Where(sq.And{sq.Eq{"id": id}, sq.Eq{"status": "searching"}}).RunWith(s.db).ExecContext(ctx) // want `update rides set driver_id=\$driver,status=\$"accepted" where id=\$id,status=\$"searching" on s\.db; found\? count; rows checked`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Locked(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := sq.Select("balance").From("accounts").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&balance); err != nil { // want `select accounts where id=\$id reads balance\->balance lock=update on BeginTx\(\)#0; found\? err\(database/sql\.ErrNoRows\); in explicit tx`
		return err
	}
	if _, err := sq.Delete("holds").Where(sq.Eq{"account_id": id}).RunWith(tx).ExecContext(ctx); err != nil { // want `delete holds where account_id=\$id on BeginTx\(\)#0; in explicit tx`
		return err
	}
	return tx.Commit()
}

func (s *Store) Filtered(ctx context.Context, org int64, status string) (*sql.Rows, error) {
	q := sq.Select("id", "name").From("projects").Where(sq.Eq{"org_id": org})
	if status != "" {
		q = q.Where("status = ?", status)
	}
	return q.RunWith(s.db).QueryContext(ctx) // want `select projects where org_id=\$org where-some-paths status where-if-set status=\$status reads id->\?,name->\? on s\.db; partial`
}

// Active filters on the status, All passes none: Filtered adds no filter.
func (s *Store) Active(ctx context.Context) (*sql.Rows, error) {
	return s.Filtered(ctx, 7, "active") // want `select projects where org_id=\$7,status=\$"active" where-some-paths status on s\.db; via squirrelcase\.Store\.Filtered at squirrelcase\.go:71; partial`
}

func (s *Store) All(ctx context.Context) (*sql.Rows, error) {
	return s.Filtered(ctx, 7, "") // want `select projects where org_id=\$7 where-some-paths status on s\.db; via squirrelcase\.Store\.Filtered at squirrelcase\.go:71; partial`
}

// A table and a condition known only at run time: no table, and the
// unknown text prints as "…" (never the NUL byte that marks it).
func Dynamic(ctx context.Context, db *sql.DB, table, cond string, id int64) error {
	_, err := sq.Delete(table).Where(sq.Eq{"id": id}).Where(cond).RunWith(db).ExecContext(ctx) // want `delete \? where id=\$id,=\{…\} on db; partial`
	return err
}
