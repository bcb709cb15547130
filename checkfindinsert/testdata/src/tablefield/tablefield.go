package tablefield

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Subscriptions keeps its table's name in a field its constructor sets.
type Subscriptions struct {
	db    *sql.DB
	table string
}

func NewSubscriptions(db *sql.DB) *Subscriptions {
	return &Subscriptions{db: db, table: "subscriptions"}
}

func (s *Subscriptions) Subscribe(ctx context.Context, userID int64, topic string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, fmt.Sprintf("SELECT id FROM %s WHERE user_id = $1 AND topic = $2", s.table), userID, topic).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO "+s.table+" (user_id, topic) VALUES ($1, $2)", userID, topic) // want `check-then-insert on subscriptions\(user_id, topic\)`
	return err
}

// ---- silent ----

func (s *Subscriptions) SubscribeOnce(ctx context.Context, userID int64, topic string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, fmt.Sprintf("SELECT id FROM %s WHERE user_id = $1 AND topic = $2", s.table), userID, topic).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO "+s.table+" (user_id, topic) VALUES ($1, $2) ON CONFLICT (user_id, topic) DO NOTHING", userID, topic) // ok: ON CONFLICT DO NOTHING
	return err
}
