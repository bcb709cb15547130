// Package txn runs functions in transactions begun by a manager that
// returns a context carrying them; the manager is implemented elsewhere.
package txn

import "context"

type Manager interface {
	Begin(ctx context.Context, writable bool) (context.Context, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

func begin(ctx context.Context, m Manager, writable bool) (context.Context, error) {
	return m.Begin(ctx, writable)
}

// WithTxn runs fn in a writable transaction.
func WithTxn(ctx context.Context, m Manager, fn func(ctx context.Context) error) (err error) {
	txnCtx, err := begin(ctx, m, true)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = m.Rollback(txnCtx)
			return
		}
		err = m.Commit(txnCtx)
	}()
	err = fn(txnCtx)
	return err
}
