// Package worker starts the billing jobs through the service's own
// scheduler wrapper; it does not import the cron library itself.
package worker

import (
	"context"

	"jobshapes/billing"
	"jobshapes/sched"
)

// Start registers the jobs and starts them.
func Start() {
	s := sched.New()

	// ---- reported ----
	s.Every("@daily", billing.Accrue)                     // want `cron job billing.Accrue runs in every instance .* relative update of accounts.balance at ledger.go:\d+`
	s.Every("@monthly", func(ctx context.Context) error { // want `cron job registered in worker.Start runs in every instance .* insert into statements at ledger.go:\d+`
		return billing.Statements(ctx)
	})

	// ---- silent ----
	s.Every("@daily", billing.Sweep) // ok: DELETE only
	s.Start()
}
