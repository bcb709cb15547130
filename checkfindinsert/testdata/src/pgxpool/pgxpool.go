package pgxpool

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrDuplicate = errors.New("duplicate")

type Store struct{ pool *pgxpool.Pool }

// A webhook handler deduplicating on the event id with a lookup.
func (s *Store) HandleWebhook(ctx context.Context, eventID string) error {
	var seen string
	err := s.pool.QueryRow(ctx, `SELECT event_id FROM processed_webhook_events WHERE event_id = $1`, eventID).Scan(&seen)
	switch {
	case err == nil:
		return nil // already processed
	case !errors.Is(err, pgx.ErrNoRows):
		return err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO processed_webhook_events (event_id, source) VALUES ($1, 'stripe')`, eventID) // want `check-then-insert on processed_webhook_events\(event_id\)`
	return err
}

// The same inside pgx.BeginFunc: a plain transaction does not help.
func (s *Store) ClaimSeat(ctx context.Context, seat, event int64) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM bookings WHERE seat_id = $1 AND event_id = $2", seat, event).Scan(&n); err != nil {
			return err
		}
		if n != 0 {
			return ErrDuplicate
		}
		_, err := tx.Exec(ctx, "INSERT INTO bookings (seat_id, event_id) VALUES ($1, $2)", seat, event) // want `check-then-insert on bookings\(seat_id, event_id\)`
		return err
	})
}

// Named arguments bind the same values.
func (s *Store) AddMember(ctx context.Context, team, user int64) error {
	var ok bool
	err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM members WHERE team_id = @team AND user_id = @user)", pgx.NamedArgs{"team": team, "user": user}).Scan(&ok)
	if err != nil || ok {
		return err
	}
	_, err = s.pool.Exec(ctx, "INSERT INTO members (team_id, user_id) VALUES (@team, @user)", pgx.NamedArgs{"team": team, "user": user}) // want `check-then-insert on members\(team_id, user_id\)`
	return err
}

// ---- silent ----

// The idempotency-key claim from the seeds: the insert itself arbitrates.
func (s *Store) Claim(ctx context.Context, key string) (bool, error) {
	var k string
	err := s.pool.QueryRow(ctx, `SELECT key FROM idempotency_keys WHERE key = $1`, key).Scan(&k)
	if err == nil {
		return false, nil
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO idempotency_keys (key, status) VALUES ($1, 'in_flight') ON CONFLICT (key) DO NOTHING`, key) // ok: ON CONFLICT
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// The unique violation is recognized with *pgconn.PgError.
func (s *Store) HandleWebhookHandled(ctx context.Context, eventID string) error {
	var seen string
	err := s.pool.QueryRow(ctx, `SELECT event_id FROM processed_webhook_events WHERE event_id = $1`, eventID).Scan(&seen)
	if err == nil {
		return nil
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO processed_webhook_events (event_id) VALUES ($1)`, eventID) // ok: 23505 handled
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}

// Serializable through BeginTxFunc.
func (s *Store) ClaimSeatSerializable(ctx context.Context, seat, event int64) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM bookings WHERE seat_id = $1 AND event_id = $2", seat, event).Scan(&n); err != nil {
			return err
		}
		if n != 0 {
			return ErrDuplicate
		}
		_, err := tx.Exec(ctx, "INSERT INTO bookings (seat_id, event_id) VALUES ($1, $2)", seat, event) // ok: serializable
		return err
	})
}

// A different member than the one looked up.
func (s *Store) AddOther(ctx context.Context, team, user, other int64) error {
	var ok bool
	err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM members WHERE team_id = $1 AND user_id = $2)", team, user).Scan(&ok)
	if err != nil || ok {
		return err
	}
	_, err = s.pool.Exec(ctx, "INSERT INTO members (team_id, user_id) VALUES ($1, $2)", team, other) // ok: another user_id
	return err
}
