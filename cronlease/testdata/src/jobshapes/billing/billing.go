// Package billing holds the periodic work of the billing service, on the
// ledger repository; each job returns its error to the scheduler.
package billing

import (
	"context"

	"jobshapes/ledger"
)

// Repo is the ledger the jobs run on.
var Repo *ledger.Repo

// Accrue adds the day's interest.
func Accrue(ctx context.Context) error {
	return Repo.AddInterest(ctx)
}

// Statements writes the monthly statements.
func Statements(ctx context.Context) error {
	return Repo.InsertStatement(ctx)
}

// Sweep deletes expired holds: the same rows gone however many run it.
func Sweep(ctx context.Context) error {
	return Repo.DeleteExpired(ctx)
}

// AccrueNow is Accrue for schedulers that take a func().
func AccrueNow() {
	Repo.AddInterest(context.Background())
}

// SweepNow is Sweep for schedulers that take a func().
func SweepNow() {
	Repo.DeleteExpired(context.Background())
}
