// Package devices registers push-notification devices and syncs user
// profiles from the identity provider: upserts through sqlc's queries.
package devices

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
)

type Service struct {
	Q   pgxq.Querier
	SQL *sqlq.Queries
}

// Register runs on every app start. RegisterPushDevice copies the
// 'pending' it inserts into DO UPDATE: a device the push service already
// confirmed goes back to pending on the next start.
func (s *Service) Register(ctx context.Context, userID int64, token, platform string) error {
	return s.Q.RegisterPushDevice(ctx, pgxq.RegisterPushDeviceParams{UserID: userID, Token: token, Platform: platform}) // HAZARD(upsert)
}

// Refresh leaves the status to its own transitions.
func (s *Service) Refresh(ctx context.Context, userID int64, token, platform string) error {
	return s.Q.RefreshPushDevice(ctx, pgxq.RefreshPushDeviceParams{UserID: userID, Token: token, Platform: platform}) // SAFE(upsert): only the caller's columns in DO UPDATE
}

// Add targets the bigserial id, which the insert never supplies: the
// conflict cannot fire and a retried request adds a second device row
// (the UNIQUE token then fails it instead).
func (s *Service) Add(ctx context.Context, userID int64, token, platform string) error {
	return s.Q.AddPushDevice(ctx, pgxq.AddPushDeviceParams{UserID: userID, Token: token, Platform: platform}) // HAZARD(upsert)
}

// SyncProfile rewrites created_at on every sync (database/sql flavour).
func (s *Service) SyncProfile(ctx context.Context, email, name string) error {
	return s.SQL.SyncUserProfile(ctx, sqlq.SyncUserProfileParams{Email: email, Name: name}) // HAZARD(upsert)
}

// ImportLogins replays a day's logins from the audit log: each replayed
// login sets the day's count back to 1.
func (s *Service) ImportLogins(ctx context.Context, userID int64, day pgtype.Date, times int) error {
	for i := 0; i < times; i++ {
		if err := s.Q.ImportDailyLogin(ctx, pgxq.ImportDailyLoginParams{UserID: userID, Day: day}); err != nil { // HAZARD(upsert)
			return err
		}
	}
	return nil
}
