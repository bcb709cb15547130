// Package store keeps the wallets of an account, one per purpose, in
// PostgreSQL: lookups in SQL text, inserts built with squirrel from the
// repository's table and its package-level column list.
package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/Masterminds/squirrel"

	"sqrepo/fail"
)

// Wallet is an account's wallet for one purpose.
type Wallet struct {
	ID      string
	Org     string
	Account string
	Purpose string
	Units   int64
}

var walletColumns = []string{
	"id",
	"org_id",
	"account_id",
	"purpose",
	"units",
}

type row struct {
	ID, OrgID, AccountID, Purpose string
	Units                         int64
}

// fromWallet copies a wallet into the row the insert writes.
func (r *row) fromWallet(w *Wallet) {
	r.ID = w.ID
	r.OrgID = w.Org
	r.AccountID = w.Account
	r.Purpose = w.Purpose
	r.Units = w.Units
}

// Repo is the wallets' repository.
type Repo struct {
	db        *sql.DB
	tableName string
}

// NewRepo returns the repository of the wallet table.
func NewRepo(db *sql.DB) *Repo {
	return &Repo{db: db, tableName: "wallet"}
}

type span struct{}

func (span) End() {}

func trace(ctx context.Context, name string) span { return span{} }

// FindByPurpose returns the account's wallet for the purpose.
func (r *Repo) FindByPurpose(ctx context.Context, org, account, purpose string) (*Wallet, error) {
	sp := trace(ctx, "wallet.find_by_purpose")
	defer sp.End()
	q := `SELECT ` + strings.Join(walletColumns, ", ") + ` FROM wallet WHERE org_id = $1 AND account_id = $2 AND purpose = $3`
	var w Wallet
	if err := r.db.QueryRowContext(ctx, q, org, account, purpose).Scan(&w.ID, &w.Org, &w.Account, &w.Purpose, &w.Units); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fail.Business(fail.ErrMissing, "Wallet")
		}
		return nil, err
	}
	return &w, nil
}

// ErrNoWallet is the repository's own "no such wallet".
var ErrNoWallet = errors.New("no such wallet")

// Lookup returns the account's wallet for the purpose, or ErrNoWallet
// beside a nil wallet.
func (r *Repo) Lookup(ctx context.Context, org, account, purpose string) (*Wallet, error) {
	sp := trace(ctx, "wallet.lookup")
	defer sp.End()
	var w Wallet
	err := r.db.QueryRowContext(ctx, `SELECT id, org_id, account_id, purpose, units FROM wallet WHERE org_id = $1 AND account_id = $2 AND purpose = $3`, org, account, purpose).Scan(&w.ID, &w.Org, &w.Account, &w.Purpose, &w.Units)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoWallet
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// Create inserts the wallet.
func (r *Repo) Create(ctx context.Context, w *Wallet) error {
	rec := &row{}
	rec.fromWallet(w)
	q, args, err := squirrel.Insert(r.tableName).
		Columns(walletColumns...).
		Values(rec.ID, rec.OrgID, rec.AccountID, rec.Purpose, rec.Units).
		PlaceholderFormat(squirrel.Dollar).
		ToSql()
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, q, args...)
	return err
}

// CreateOnce inserts the wallet unless the account has one for the purpose.
func (r *Repo) CreateOnce(ctx context.Context, w *Wallet) error {
	rec := &row{}
	rec.fromWallet(w)
	q, args, err := squirrel.Insert(r.tableName).
		Columns(walletColumns...).
		Values(rec.ID, rec.OrgID, rec.AccountID, rec.Purpose, rec.Units).
		Suffix("ON CONFLICT (org_id, account_id, purpose) DO NOTHING").
		PlaceholderFormat(squirrel.Dollar).
		ToSql()
	if err != nil {
		return err
	}
	_, err = r.db.ExecContext(ctx, q, args...)
	return err
}
