// Package preparedcase prepares its statements once, at start-up, into the
// fields of a struct, and runs them from the methods.
package preparedcase

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jmoiron/sqlx"
)

type Account struct {
	ID      int64  `db:"id"`
	Owner   string `db:"owner"`
	Balance int64  `db:"balance"`
}

// Store keeps its statements unexported and untagged.
type Store struct {
	db       *sql.DB
	byOwner  *sql.Stmt
	open     *sql.Stmt
	credit   *sql.Stmt
	setOwner *sql.Stmt
}

func NewStore(ctx context.Context, db *sql.DB) (*Store, error) {
	s := &Store{db: db}
	var err error
	if s.byOwner, err = db.PrepareContext(ctx, `SELECT id, balance FROM accounts WHERE owner = $1`); err != nil {
		return nil, fmt.Errorf("prepare by owner: %w", err)
	}
	if s.open, err = db.PrepareContext(ctx, `INSERT INTO accounts (owner, balance) VALUES ($1, 0)`); err != nil {
		return nil, err
	}
	s.credit, err = db.Prepare(`UPDATE accounts SET balance = balance + $2 WHERE id = $1`)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Store) ByOwner(ctx context.Context, owner string) (Account, error) {
	a := Account{Owner: owner}
	err := s.byOwner.QueryRowContext(ctx, owner).Scan(&a.ID, &a.Balance) // want `select accounts where owner=\$owner reads id\->complit\.ID,balance\->complit\.Balance on s\.byOwner; found\? err\(database/sql\.ErrNoRows\)`
	return a, err
}

func (s *Store) Open(ctx context.Context, owner string) error {
	_, err := s.open.ExecContext(ctx, owner) // want `insert accounts set owner=\$owner,balance=0 on s\.open`
	return err
}

func (s *Store) Credit(ctx context.Context, id, amount int64) error {
	_, err := s.credit.ExecContext(ctx, id, amount) // want `update accounts set balance=atomic\(balance \+ \$2\) where id=\$id on s\.credit`
	return err
}

// setOwner is never prepared: its text is unknown.
func (s *Store) SetOwner(ctx context.Context, id int64, owner string) error {
	_, err := s.setOwner.ExecContext(ctx, id, owner) // want `unknown \? on s\.setOwner; partial`
	return err
}

// Repo prepares its sqlx statements into a struct literal.
type Repo struct {
	get    *sqlx.Stmt
	list   *sqlx.Stmt
	rename *sqlx.NamedStmt
}

func NewRepo(db *sqlx.DB) (*Repo, error) {
	get, err := db.Preparex(`SELECT id, owner, balance FROM accounts WHERE id = $1`)
	if err != nil {
		return nil, err
	}
	list, err := db.Preparex(`SELECT id, owner, balance FROM accounts WHERE owner = $1`)
	if err != nil {
		return nil, err
	}
	rename, err := db.PrepareNamed(`UPDATE accounts SET owner = :owner WHERE id = :id`)
	if err != nil {
		return nil, err
	}
	return &Repo{get: get, list: list, rename: rename}, nil
}

func (r *Repo) Get(id int64) (Account, error) {
	var a Account
	err := r.get.Get(&a, id) // want `select accounts where id=\$id reads id\->a\.ID,owner\->a\.Owner,balance\->a\.Balance on r\.get; found\? err\(database/sql\.ErrNoRows\)`
	return a, err
}

func (r *Repo) List(ctx context.Context, owner string) ([]Account, error) {
	var out []Account
	err := r.list.SelectContext(ctx, &out, owner) // want `select accounts where owner=\$owner on r\.list; found\? len`
	return out, err
}

func (r *Repo) Rename(a Account) error {
	_, err := r.rename.Exec(a) // want `update accounts set owner=\$a\.Owner where id=\$a\.ID on r\.rename`
	return err
}

func (r *Repo) RenameTx(tx *sqlx.Tx, a Account) error {
	_, err := tx.NamedStmt(r.rename).Exec(a) // want `update accounts set owner=\$a\.Owner where id=\$a\.ID on tx; in param tx`
	return err
}

// Accounts loads its rows through the statement its caller passes.
type Accounts []Account

func (as *Accounts) Load(stmt *sqlx.Stmt, owner string) error {
	return stmt.Select(as, owner)
}

func (r *Repo) ListVia(owner string) (Accounts, error) {
	var out Accounts
	err := out.Load(r.list, owner) // want `select accounts where owner=\{\$1\} on r\.list; found\? len`
	return out, err
}

// Credit prepares its statement on the transaction and runs it through the
// *sql.Stmt a *sqlx.Stmt embeds (ExecContext is promoted).
func Credit(ctx context.Context, tx *sqlx.Tx, id, amount int64) error {
	credit, err := tx.PreparexContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`)
	if err != nil {
		return err
	}
	defer credit.Close()
	_, err = credit.ExecContext(ctx, amount, id) // want `update accounts set balance=atomic\(balance \+ \$1\) where id=\$id on tx; in param tx`
	return err
}

// Touch runs a statement its caller prepared: nothing is read here.
func Touch(ctx context.Context, stmt *sqlx.Stmt, id int64) error {
	_, err := stmt.ExecContext(ctx, id)
	return err
}
