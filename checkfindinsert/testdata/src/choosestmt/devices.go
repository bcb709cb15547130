package choosestmt

import (
	"context"
	"database/sql"
	"errors"
)

const stateActive = 1

// byNameActiveSQL is computed by the package's initializer.
var byNameActiveSQL = "SELECT id FROM devices WHERE user_id = $1 AND name = $2 AND state = " + string(rune('0'+stateActive))

// Devices prepares two lookups of a device by name and picks one per call.
type Devices struct {
	byName, byNameActive *sql.Stmt
}

func NewDevices(ctx context.Context, db *sql.DB) (*Devices, error) {
	d := &Devices{}
	var err error
	if d.byName, err = db.PrepareContext(ctx, "SELECT id FROM devices WHERE user_id = $1 AND name = $2"); err != nil {
		return nil, err
	}
	if d.byNameActive, err = db.PrepareContext(ctx, byNameActiveSQL); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Devices) lookup(ctx context.Context, tx *sql.Tx, userID int64, name string, activeOnly bool) error {
	stmt := d.byName
	if activeOnly {
		stmt = d.byNameActive
	}
	var id int64
	return tx.StmtContext(ctx, stmt).QueryRowContext(ctx, userID, name).Scan(&id)
}

func (d *Devices) Register(ctx context.Context, tx *sql.Tx, userID int64, name string, activeOnly bool) error {
	err := d.lookup(ctx, tx, userID, name, activeOnly)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO devices (user_id, name) VALUES ($1, $2)", userID, name) // want `check-then-insert on devices\(user_id, name\)`
	return err
}

// ---- silent ----

func (d *Devices) RegisterOnce(ctx context.Context, tx *sql.Tx, userID int64, name string, activeOnly bool) error {
	err := d.lookup(ctx, tx, userID, name, activeOnly)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO devices (user_id, name) VALUES ($1, $2) ON CONFLICT (user_id, name) DO NOTHING", userID, name) // ok: ON CONFLICT DO NOTHING
	return err
}
