package sqlxget

import (
	"context"
	"encoding/json"

	"github.com/jmoiron/sqlx"
)

type Account struct {
	ID      int64  `db:"id"`
	Balance int64  `db:"balance"`
	Events  []byte `db:"events"`
}

func Credit(ctx context.Context, db *sqlx.DB, id, amount int64) error {
	var a Account
	if err := db.GetContext(ctx, &a, "SELECT id, balance, events FROM accounts WHERE id = $1", id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", a.Balance+amount, a.ID) // want `lost update on accounts.balance`
	return err
}

// A JSON array read from the row, appended to in Go and written back.
func AddEvent(ctx context.Context, db *sqlx.DB, id int64, ev string) error {
	var a Account
	if err := db.GetContext(ctx, &a, "SELECT id, balance, events FROM accounts WHERE id = $1", id); err != nil {
		return err
	}
	var events []string
	if err := json.Unmarshal(a.Events, &events); err != nil {
		return err
	}
	events = append(events, ev)
	data, _ := json.Marshal(events)
	_, err := db.ExecContext(ctx, "UPDATE accounts SET events = $1 WHERE id = $2", data, id) // want `lost update on accounts.events: .* written back; concurrent writers overwrite each other; read it with SELECT \.\.\. FOR UPDATE in the same transaction, or add a version check to the WHERE and retry when 0 rows match`
	return err
}

// ---- silent ----

func AddEventAtomic(ctx context.Context, db *sqlx.DB, id int64, ev string) error {
	_, err := db.ExecContext(ctx, "UPDATE accounts SET events = events || jsonb_build_array($1::text) WHERE id = $2", ev, id) // ok: atomic
	return err
}

func Reset(ctx context.Context, db *sqlx.DB, id int64) error {
	var a Account
	if err := db.GetContext(ctx, &a, "SELECT id, balance, events FROM accounts WHERE id = $1", id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", 0, a.ID) // ok: a constant
	return err
}
