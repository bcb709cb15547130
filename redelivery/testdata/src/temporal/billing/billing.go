// Package billing runs its ledger writes as Temporal activities. Temporal
// retries an activity until it succeeds: one that committed and then
// timed out, or whose worker died before reporting, runs again.
package billing

import (
	"context"
	"database/sql"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
)

type Activities struct{ DB *sql.DB }

type Credit struct {
	Wallet string
	Amount int64
	Ref    string
}

// Register registers every exported method of Activities.
func Register(w worker.Worker, db *sql.DB) {
	w.RegisterActivity(&Activities{DB: db})
}

// ---- reported ----

func (a *Activities) CreditWallet(ctx context.Context, c Credit) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Wallet) // want `temporal activity repeats this relative update of wallets.balance when the activity is retried; claim the activity's workflow and activity id \(activity.GetInfo\(ctx\)\) first`
	return err
}

func (a *Activities) RecordEntry(ctx context.Context, c Credit) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO ledger_entries (wallet, amount) VALUES ($1, $2)`, c.Wallet, c.Amount) // want `temporal activity repeats this insert into ledger_entries when the activity is retried`
	return err
}

// The attempt number differs on every retry: a claim keyed by it is
// never found taken.
func (a *Activities) CreditPerAttempt(ctx context.Context, c Credit) error {
	info := activity.GetInfo(ctx)
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_activities (id) VALUES ($1) ON CONFLICT DO NOTHING`, info.Attempt)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Wallet); err != nil { // want `temporal activity repeats this relative update of wallets.balance when the activity is retried: the claim at billing.go:\d+ keys on a value minted on each delivery`
		return err
	}
	return tx.Commit()
}

// ---- silent ----

// The activity claims its own identity, the same on every attempt, in
// the transaction of the credit.
func (a *Activities) CreditWalletOnce(ctx context.Context, c Credit) error {
	info := activity.GetInfo(ctx)
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_activities (workflow_id, activity_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, info.WorkflowExecution.ID, info.ActivityID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // an earlier attempt committed
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Wallet); err != nil { // ok: claimed first
		return err
	}
	return tx.Commit()
}

// The entry is keyed by the reference the workflow passed: a retry
// conflicts and inserts nothing.
func (a *Activities) RecordEntryKeyed(ctx context.Context, c Credit) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO ledger_entries (ref, wallet, amount) VALUES ($1, $2, $3) ON CONFLICT (ref) DO NOTHING`, c.Ref, c.Wallet, c.Amount) // ok: ON CONFLICT DO NOTHING
	return err
}

// A processed marker on the credit's own row, tested, then the delta in
// the same transaction.
func (a *Activities) ApplyCredit(ctx context.Context, c Credit) error {
	tx, err := a.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE credits SET applied = true WHERE ref = $1 AND NOT applied`, c.Ref)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Wallet); err != nil { // ok: the marker claims the credit
		return err
	}
	return tx.Commit()
}

func (a *Activities) SetLimit(ctx context.Context, wallet string, limit int64) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE wallets SET credit_limit = $1 WHERE id = $2`, limit, wallet) // ok: absolute
	return err
}
