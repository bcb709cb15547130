// Package acts lists its activities as definitions of deflib.
package acts

import (
	"context"

	"temporalreg/deflib"
)

type Activities struct{}

func (a Activities) Definitions() deflib.DefinitionSet { // want `unknown: acts.Activities.Definitions is exported`
	return deflib.DefinitionSet{}.
		Append(deflib.Definition{Name: "StorePayments", Func: a.StorePayments}).
		Append(deflib.Definition{Name: "SendEvents", Func: a.sendEvents})
}

func (a Activities) StorePayments(ctx context.Context, ids []string) error { // want `yes: a temporal activity registered at acts.go:\d+`
	return a.store(ctx, ids)
}

func (a Activities) sendEvents(ctx context.Context) error { // want `yes: a temporal activity registered at acts.go:\d+`
	return nil
}

// Not in the definitions: the callers in other packages decide.
func (a Activities) Reindex(ctx context.Context) error { // want `unknown: acts.Activities.Reindex is exported`
	return nil
}

func (a Activities) store(ctx context.Context, ids []string) error { // want `yes: reached from a temporal activity registered at acts.go:\d+`
	return nil
}
