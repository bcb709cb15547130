// Package store creates devices through the database's writer: a check of
// the user's devices, then an insert when there is none.
package store

import (
	"context"
	"database/sql"
	"errors"

	"serialwriter/sqlutil"
)

// Devices is the devices table's statements.
type Devices struct{}

func (Devices) SelectSession(ctx context.Context, txn *sql.Tx, localpart, deviceID string) (int64, error) {
	var session int64
	err := txn.QueryRowContext(ctx, "SELECT session_id FROM devices WHERE localpart = $1 AND device_id = $2", localpart, deviceID).Scan(&session)
	return session, err
}

func (Devices) InsertDevice(ctx context.Context, txn *sql.Tx, localpart, deviceID string) error {
	_, err := txn.ExecContext(ctx, "INSERT INTO devices (localpart, device_id, session_id) VALUES ($1, $2, 1)", localpart, deviceID)
	return err
}

type Database struct {
	DB      *sql.DB
	Devices Devices
	Writer  sqlutil.Writer
	Queue   *sqlutil.QueueWriter
	Pool    *sqlutil.PoolWriter
	Spawn   *sqlutil.SpawnWriter
}

// CreateDevice checks and inserts inside the writer's callback: on SQLite
// the exclusive writer runs it alone; on Postgres the dummy writer runs
// it in the request's goroutine.
func (d *Database) CreateDevice(ctx context.Context, localpart, deviceID string) (returnErr error) {
	if _, ok := d.Writer.(*sqlutil.ExclusiveWriter); ok {
		returnErr = d.Writer.Do(d.DB, nil, func(txn *sql.Tx) error {
			session, err := d.Devices.SelectSession(ctx, txn, localpart, deviceID)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if errors.Is(err, sql.ErrNoRows) {
				return d.Devices.InsertDevice(ctx, txn, localpart, deviceID) // ok: the exclusive writer's one worker runs the callbacks one at a time
			}
			_, err = txn.ExecContext(ctx, "UPDATE devices SET session_id = $3 WHERE localpart = $1 AND device_id = $2", localpart, deviceID, session+1)
			return err
		})
	} else {
		returnErr = d.Writer.Do(d.DB, nil, func(txn *sql.Tx) error {
			_, err := d.Devices.SelectSession(ctx, txn, localpart, deviceID)
			if errors.Is(err, sql.ErrNoRows) {
				return d.Devices.InsertDevice(ctx, txn, localpart, deviceID) // want `check-then-insert on devices\(localpart, device_id\)`
			}
			return err
		})
	}
	return returnErr
}

// AddQueued runs through a writer with one worker started by its
// constructor.
func (d *Database) AddQueued(ctx context.Context, localpart, deviceID string) error {
	return d.Queue.Do(d.DB, nil, func(txn *sql.Tx) error {
		var session int64
		err := txn.QueryRowContext(ctx, "SELECT session_id FROM devices WHERE localpart = $1 AND device_id = $2", localpart, deviceID).Scan(&session)
		if errors.Is(err, sql.ErrNoRows) {
			_, err = txn.ExecContext(ctx, "INSERT INTO devices (localpart, device_id, session_id) VALUES ($1, $2, 1)", localpart, deviceID) // ok: the queue's one worker runs the callbacks one at a time
			return err
		}
		return err
	})
}

// ---- reported: the executors run callbacks concurrently ----

// AddPooled runs through a pool of workers.
func (d *Database) AddPooled(ctx context.Context, localpart, deviceID string) error {
	return d.Pool.Do(d.DB, nil, func(txn *sql.Tx) error {
		var session int64
		err := txn.QueryRowContext(ctx, "SELECT session_id FROM devices WHERE localpart = $1 AND device_id = $2", localpart, deviceID).Scan(&session)
		if errors.Is(err, sql.ErrNoRows) {
			_, err = txn.ExecContext(ctx, "INSERT INTO devices (localpart, device_id, session_id) VALUES ($1, $2, 1)", localpart, deviceID) // want `check-then-insert on devices\(localpart, device_id\)`
			return err
		}
		return err
	})
}

// AddSpawned runs through a writer that starts a worker for every call.
func (d *Database) AddSpawned(ctx context.Context, localpart, deviceID string) error {
	return d.Spawn.Do(d.DB, nil, func(txn *sql.Tx) error {
		var session int64
		err := txn.QueryRowContext(ctx, "SELECT session_id FROM devices WHERE localpart = $1 AND device_id = $2", localpart, deviceID).Scan(&session)
		if errors.Is(err, sql.ErrNoRows) {
			_, err = txn.ExecContext(ctx, "INSERT INTO devices (localpart, device_id, session_id) VALUES ($1, $2, 1)", localpart, deviceID) // want `check-then-insert on devices\(localpart, device_id\)`
			return err
		}
		return err
	})
}
