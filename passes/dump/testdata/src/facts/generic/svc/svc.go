// Package svc instantiates the generic repository of package repo with
// its row type and calls it through the instantiated interface, directly
// or embedded in an interface of its own; and declares a generic
// repository of its own.
package svc

import (
	"context"
	"database/sql"

	"facts/generic/repo"
)

// AccountStore is the repository of accounts and its closing.
type AccountStore interface {
	repo.Store[repo.Account]
	Close() error
}

type Service struct {
	accounts repo.Store[repo.Account]
	store    AccountStore
}

func (s *Service) Direct(ctx context.Context, id int64) (int64, error) {
	return s.accounts.Balance(ctx, id) // want `select accounts where id=\$id reads balance->Balance\(\)#0 on s\.accounts\.db; found\? err\(database/sql\.ErrNoRows\); via repo\.SQLStore\.Balance at repo\.go:40`
}

func (s *Service) Embedded(ctx context.Context, id, amount int64) error {
	b, err := s.store.Balance(ctx, id) // want `select accounts where id=\$id .* on s\.store\.db; .*via repo\.SQLStore\.Balance`
	if err != nil {
		return err
	}
	return s.store.SetBalance(ctx, id, b+amount) // want `update accounts set balance=\$Balance\(\)#0\+amount where id=\$id on s\.store\.db; via repo\.SQLStore\.SetBalance`
}

// ledger is the service's own generic repository: the entries of kind E.
type ledger[E any] interface {
	Entries(ctx context.Context, account int64) ([]E, error)
	Append(ctx context.Context, account int64, e E) error
}

type sqlLedger[E any] struct {
	db *sql.DB
}

func (l *sqlLedger[E]) Entries(ctx context.Context, account int64) ([]E, error) {
	rows, err := l.db.QueryContext(ctx, `SELECT amount FROM entries WHERE account_id = $1`, account) // want `select entries where account_id=\$account reads amount->\? on l\.db`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return nil, rows.Err()
}

func (l *sqlLedger[E]) Append(ctx context.Context, account int64, e E) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO entries (account_id, amount) VALUES ($1, $2)`, account, e) // want `insert entries set account_id=\$account,amount=\$e on l\.db`
	return err
}

type entry struct{ amount int64 }

func Record(ctx context.Context, l ledger[entry], account int64) error {
	if _, err := l.Entries(ctx, account); err != nil { // want `select entries where account_id=\$account on l\.db; via svc\.sqlLedger\.Entries`
		return err
	}
	return l.Append(ctx, account, entry{amount: 1}) // want `insert entries set account_id=\$account,amount=\$complit on l\.db; via svc\.sqlLedger\.Append`
}

func NewLedger(db *sql.DB) ledger[entry] { return &sqlLedger[entry]{db: db} }
