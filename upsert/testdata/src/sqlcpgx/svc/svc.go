// Package svc calls sqlc's pgx/v5 queries.
package svc

import (
	"context"

	"sqlcpgx/db"
)

type Service struct{ q *db.Queries }

// The generated query resets status: reported at each call here, where
// the query was chosen.
func (s *Service) Checkout(ctx context.Context, id, userID int64) error {
	return s.q.UpsertOrder(ctx, db.UpsertOrderParams{ID: id, UserID: userID}) // want `upsert resets orders\.status to 'pending' when the row exists`
}

func (s *Service) CheckoutAgain(ctx context.Context, id, userID int64) error {
	return s.q.UpsertOrder(ctx, db.UpsertOrderParams{ID: id, UserID: userID}) // want `upsert resets orders\.status to 'pending'`
}

// The caller passes the initial state as a constant.
func (s *Service) Enqueue(ctx context.Context, key string, payload []byte) error {
	return s.q.UpsertJob(ctx, db.UpsertJobParams{Key: key, Payload: payload, Status: "queued"}) // want `upsert resets jobs\.status to 'queued'`
}

// ok: the caller's status is new data (a sync).
func (s *Service) SyncJob(ctx context.Context, key string, payload []byte, status string) error {
	return s.q.UpsertJob(ctx, db.UpsertJobParams{Key: key, Payload: payload, Status: status})
}

func (s *Service) SaveProfile(ctx context.Context, userID int64, name string) error {
	return s.q.UpsertProfile(ctx, db.UpsertProfileParams{UserID: userID, Name: name}) // want `upsert overwrites profiles\.created_at when the row exists`
}

// ok: the increment is computed from the existing value.
func (s *Service) Visit(ctx context.Context, page string) error {
	return s.q.IncrementVisits(ctx, page)
}

// A wrapper of this package is where the finding belongs; its callers
// stay silent.
func (s *Service) checkout(ctx context.Context, id int64) error {
	return s.q.UpsertOrder(ctx, db.UpsertOrderParams{ID: id}) // want `upsert resets orders\.status`
}

// ok: through the wrapper, reported there.
func (s *Service) CheckoutViaWrapper(ctx context.Context, id int64) error {
	return s.checkout(ctx, id)
}
