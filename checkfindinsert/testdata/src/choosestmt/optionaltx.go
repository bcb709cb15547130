package choosestmt

import (
	"context"
	"database/sql"
	"errors"
)

// byNameIn runs the lookup on the transaction when the caller has one.
func (d *Devices) byNameIn(ctx context.Context, tx *sql.Tx, userID int64, name string) (int64, error) {
	stmt := d.byName
	if tx != nil {
		stmt = tx.StmtContext(ctx, stmt)
	}
	var id int64
	err := stmt.QueryRowContext(ctx, userID, name).Scan(&id)
	return id, err
}

func (d *Devices) Add(ctx context.Context, db *sql.DB, userID int64, name string) error {
	if _, err := d.byNameIn(ctx, nil, userID, name); !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO devices (user_id, name) VALUES ($1, $2)", userID, name) // want `check-then-insert on devices\(user_id, name\)`
	return err
}

// ---- silent ----

func (d *Devices) AddOnce(ctx context.Context, db *sql.DB, userID int64, name string) error {
	if _, err := d.byNameIn(ctx, nil, userID, name); !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err := db.ExecContext(ctx, "INSERT INTO devices (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING", userID, name) // ok: ON CONFLICT DO NOTHING
	return err
}
