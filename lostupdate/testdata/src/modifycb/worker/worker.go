// Package worker moves builds through their phases with the store's
// modify callback.
package worker

import (
	"context"

	"modifycb/store"
)

type Worker struct{ s *store.Store }

func (w *Worker) Start(ctx context.Context, id string) error {
	return w.s.UpdateBuild(ctx, id, func(b *store.Build) error {
		b.Phase = "running"
		return nil
	})
}

func (w *Worker) Fail(ctx context.Context, id, why string) error {
	return w.s.UpdateBuild(ctx, id, func(b *store.Build) error {
		b.Retries++
		b.Notes = append(b.Notes, why)
		return nil
	})
}
