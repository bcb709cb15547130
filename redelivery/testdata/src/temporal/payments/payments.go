// Package payments lists its Temporal activities as definitions of defs:
// they are registered by defs.New, in another package.
package payments

import (
	"context"

	"temporal/defs"
	"temporal/ledger"
)

type Activities struct{ store *ledger.Store }

func (a Activities) Definitions() defs.DefinitionSet {
	return defs.DefinitionSet{}.
		Append(defs.Definition{Name: "StoreAdjustments", Func: a.StoreAdjustments}).
		Append(defs.Definition{Name: "StoreAdjustmentsOnce", Func: a.StoreAdjustmentsOnce})
}

func (a Activities) StoreAdjustments(ctx context.Context, adjs []ledger.Adjustment) error {
	return a.store.UpsertBatch(ctx, adjs) // want `temporal activity repeats the relative upsert of payments.amount by ledger.Store.UpsertBatch at ledger.go:\d+ when the activity is retried`
}

func (a Activities) StoreAdjustmentsOnce(ctx context.Context, adjs []ledger.Adjustment) error {
	return a.store.UpsertBatchOnce(ctx, adjs) // ok: the amounts come from the adjustments inserted
}

// Backfill is no activity: it is not in the definitions, and no
// delivery repeats it.
func (a Activities) Backfill(ctx context.Context, adjs []ledger.Adjustment) error {
	return a.store.UpsertBatch(ctx, adjs)
}
