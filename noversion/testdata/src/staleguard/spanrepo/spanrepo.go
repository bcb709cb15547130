// Package spanrepo reads vouchers in a repository whose methods defer the
// end of a tracing span, so go/ssa keeps their results in locals that each
// return stores before the deferred calls run, and converts the row it
// scanned to the domain type on the way out.
package spanrepo

import (
	"context"
	"database/sql"
	"sync"
)

type span struct{ name string }

func startSpan(ctx context.Context, name string) *span { return &span{name: name} }

func (s *span) finish() {}

// row is the scanned form of a voucher.
type row struct {
	Code    string
	Limit   int
	Claimed int
}

// Voucher is the domain form.
type Voucher struct {
	Code    string
	Limit   int
	Claimed int
}

func toVoucher(r *row) *Voucher {
	if r == nil {
		return nil
	}
	return &Voucher{Code: r.Code, Limit: r.Limit, Claimed: r.Claimed}
}

type Repo struct {
	db    *sql.DB
	mu    sync.Mutex
	cache map[string]*Voucher
}

// Get answers from the cache when it can, else reads the row.
func (r *Repo) Get(ctx context.Context, code string) (*Voucher, error) {
	sp := startSpan(ctx, "voucher.get")
	defer sp.finish()

	r.mu.Lock()
	cached := r.cache[code]
	r.mu.Unlock()
	if cached != nil {
		return cached, nil
	}
	var v row
	if err := r.db.QueryRowContext(ctx, "SELECT code, claim_limit, claimed FROM vouchers WHERE code = $1", code).Scan(&v.Code, &v.Limit, &v.Claimed); err != nil {
		return nil, err
	}
	out := toVoucher(&v)
	r.mu.Lock()
	r.cache[code] = out
	r.mu.Unlock()
	return out, nil
}

// GetForUpdate reads the row locked, in the caller's transaction.
func (r *Repo) GetForUpdate(ctx context.Context, tx *sql.Tx, code string) (*Voucher, error) {
	sp := startSpan(ctx, "voucher.get_for_update")
	defer sp.finish()

	var v row
	if err := tx.QueryRowContext(ctx, "SELECT code, claim_limit, claimed FROM vouchers WHERE code = $1 FOR UPDATE", code).Scan(&v.Code, &v.Limit, &v.Claimed); err != nil {
		return nil, err
	}
	return toVoucher(&v), nil
}

// Claim counts one more claim, whatever the count is.
func (r *Repo) Claim(ctx context.Context, code string) error {
	sp := startSpan(ctx, "voucher.claim")
	defer sp.finish()

	_, err := r.db.ExecContext(ctx, "UPDATE vouchers SET claimed = claimed + 1 WHERE code = $1", code)
	return err
}

// ClaimTx is Claim in the caller's transaction.
func (r *Repo) ClaimTx(ctx context.Context, tx *sql.Tx, code string) error {
	sp := startSpan(ctx, "voucher.claim")
	defer sp.finish()

	_, err := tx.ExecContext(ctx, "UPDATE vouchers SET claimed = claimed + 1 WHERE code = $1", code)
	return err
}

// Begin starts a transaction.
func (r *Repo) Begin(ctx context.Context) (*sql.Tx, error) { return r.db.BeginTx(ctx, nil) }
