package svc

import (
	"context"
	"database/sql"
	"errors"

	"dbwrap/db"
)

type Invites struct{ bus *db.Bus }

func (s *Invites) Send(ctx context.Context, email string) error {
	var id int64
	err := s.bus.One(ctx, &id, "SELECT id FROM invites WHERE email = $1", email)
	if err == nil {
		return nil // already invited
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.bus.Run(ctx, "INSERT INTO invites (email) VALUES ($1)", email) // want `check-then-insert on invites\(email\)`
	return err
}

// ---- silent ----

func (s *Invites) SendOnce(ctx context.Context, email string) error {
	_, err := s.bus.Run(ctx, "INSERT INTO invites (email) VALUES ($1) ON CONFLICT (email) DO NOTHING", email) // ok: the conflict clause decides
	return err
}

func (s *Invites) SendChecked(ctx context.Context, email string) error {
	var id int64
	err := s.bus.One(ctx, &id, "SELECT id FROM invites WHERE email = $1", email)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.bus.Run(ctx, "INSERT INTO invites (email) VALUES ($1) ON CONFLICT (email) DO NOTHING", email) // ok: a concurrent insert is absorbed
	return err
}
