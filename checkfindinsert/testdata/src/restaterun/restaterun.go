// Package restaterun holds check-then-inserts run inside a retry that
// tries again on any error (a Restate Run block, as a deployment workflow
// assigns a route to each of its hostnames): with a UNIQUE constraint,
// the losing request's insert fails, the retry runs the lookup again and
// finds the winner's row.
package restaterun

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	restate "github.com/restatedev/sdk-go"
)

type Workflow struct{ db *sql.DB }

func newID() string { return time.Now().Format("20060102150405.000000000") }

func isDeadlock(err error) bool { return err != nil && err.Error() == "deadlock" }

// inTxRetry runs fn in a transaction and tries again on deadlocks only:
// a unique violation comes back at once.
func inTxRetry[T any](ctx context.Context, db *sql.DB, fn func(context.Context, *sql.Tx) (T, error)) (T, error) {
	var zero T
	for attempt := 0; attempt < 3; attempt++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return zero, err
		}
		v, err := fn(ctx, tx)
		if err != nil {
			tx.Rollback()
			if isDeadlock(err) {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			return zero, err
		}
		return v, tx.Commit()
	}
	return zero, errors.New("too many deadlocks")
}

// findOrInsert is the shape of the workflow's step: the route of the
// hostname, inserted when there is none.
func findOrInsert(ctx context.Context, tx *sql.Tx, host, app string) (string, error) {
	var id string
	err := tx.QueryRowContext(ctx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	id = newID()
	_, err = tx.ExecContext(ctx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, id, host, app) // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
	return id, err
}

// AssignRoute: Run tries the step again when it fails; the next attempt
// finds the row the winner inserted.
func (w *Workflow) AssignRoute(ctx restate.ObjectContext, host, app string) (string, error) {
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		return inTxRetry(rc, w.db, func(txCtx context.Context, tx *sql.Tx) (string, error) {
			var id string
			err := tx.QueryRowContext(txCtx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
			if err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					_, err = tx.ExecContext(rc, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app)
					return "", err
				}
				return "", err
			}
			return id, nil
		})
	}, restate.WithName("assign route"), restate.WithMaxRetryAttempts(5))
}

// AssignRouteOnce: the transaction helper tries again on deadlocks only,
// so the loser's unique violation fails the request.
func (w *Workflow) AssignRouteOnce(ctx context.Context, host, app string) (string, error) {
	return inTxRetry(ctx, w.db, func(txCtx context.Context, tx *sql.Tx) (string, error) {
		var id string
		err := tx.QueryRowContext(txCtx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				_, err = tx.ExecContext(txCtx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app) // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
				return "", err
			}
			return "", err
		}
		return id, nil
	})
}

// AssignRouteTerminal: a terminal error is not retried.
func (w *Workflow) AssignRouteTerminal(ctx restate.ObjectContext, host, app string) (string, error) {
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		var id string
		err := w.db.QueryRowContext(rc, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return id, nil
		}
		id = newID()
		if _, err := w.db.ExecContext(rc, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, id, host, app); err != nil { // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
			return "", restate.TerminalError(err)
		}
		return id, nil
	})
}

// AssignRouteLogged: the insert's error never reaches Run, which journals
// an id no row has.
func (w *Workflow) AssignRouteLogged(ctx restate.ObjectContext, host, app string) (string, error) {
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		var id string
		err := w.db.QueryRowContext(rc, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return id, nil
		}
		id = newID()
		if _, err := w.db.ExecContext(rc, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, id, host, app); err != nil { // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
			log.Printf("route %s: %v", host, err)
		}
		return id, nil
	})
}

// AssignRouteSingleAttempt: one attempt is no retry.
func (w *Workflow) AssignRouteSingleAttempt(ctx restate.ObjectContext, host, app string) (string, error) {
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		var id string
		err := w.db.QueryRowContext(rc, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return id, nil
		}
		id = newID()
		_, err = w.db.ExecContext(rc, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, id, host, app) // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
		return id, err
	}, restate.WithMaxRetryAttempts(1))
}

// CountHit: without a UNIQUE constraint both inserts succeed; nothing is
// retried and the hit is counted twice.
func (w *Workflow) CountHit(ctx restate.ObjectContext, host, day string) error {
	return restate.RunVoid(ctx, func(rc restate.RunContext) error {
		var id string
		err := w.db.QueryRowContext(rc, `SELECT id FROM route_hits WHERE hostname = ? AND day = ?`, host, day).Scan(&id)
		if err == nil {
			return nil
		}
		_, err = w.db.ExecContext(rc, `INSERT INTO route_hits (id, hostname, day) VALUES (?, ?, ?)`, newID(), host, day) // want `check-then-insert on route_hits\(hostname, day\): no UNIQUE constraint`
		return err
	})
}

// AssignRouteVoid: RunVoid retries as Run does, here through a helper of
// the package that runs the step in a transaction.
func (w *Workflow) AssignRouteVoid(ctx restate.ObjectContext, host, app string) error {
	return restate.RunVoid(ctx, func(rc restate.RunContext) error {
		_, err := inTxRetry(rc, w.db, func(txCtx context.Context, tx *sql.Tx) (string, error) {
			var id string
			err := tx.QueryRowContext(txCtx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
			if err == nil {
				return id, nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return "", err
			}
			_, err = tx.ExecContext(txCtx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app)
			if err != nil {
				return "", errors.Join(errors.New("insert route"), err)
			}
			return host, nil
		})
		return err
	})
}

// AssignRouteBackoff: backoff.Retry tries again on any error too.
func (w *Workflow) AssignRouteBackoff(ctx context.Context, host, app string) error {
	return backoff.Retry(func() error {
		var id string
		err := w.db.QueryRowContext(ctx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return nil
		}
		_, err = w.db.ExecContext(ctx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app)
		return err
	}, backoff.NewExponentialBackOff())
}

// AssignRouteRetryIf: the condition retries timeouts only.
func (w *Workflow) AssignRouteRetryIf(ctx context.Context, host, app string) error {
	return retry.Do(func() error {
		var id string
		err := w.db.QueryRowContext(ctx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return nil
		}
		_, err = w.db.ExecContext(ctx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app) // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
		return err
	}, retry.RetryIf(func(err error) bool { return errors.Is(err, context.DeadlineExceeded) }))
}

// AssignViaHelper: the step is a function of the package, called in the
// Run closure; its finding stays where its lookup decides the insert.
func (w *Workflow) AssignViaHelper(ctx restate.ObjectContext, host, app string) (string, error) {
	return restate.Run(ctx, func(rc restate.RunContext) (string, error) {
		tx, err := w.db.BeginTx(rc, nil)
		if err != nil {
			return "", err
		}
		defer tx.Rollback()
		id, err := findOrInsert(rc, tx, host, app)
		if err != nil {
			return "", err
		}
		return id, tx.Commit()
	})
}

// AssignRouteOuterTx: the transaction is begun before the retry; the
// violation aborts it, and the next attempt's lookup runs in it again.
func (w *Workflow) AssignRouteOuterTx(ctx context.Context, host, app string) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	err = backoff.Retry(func() error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM routes WHERE hostname = ?`, host).Scan(&id)
		if err == nil {
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO routes (id, hostname, app_id) VALUES (?, ?, ?)`, newID(), host, app) // want `check-then-insert on routes\(hostname\): the UNIQUE constraint routes_hostname_unique`
		return err
	}, backoff.NewExponentialBackOff())
	if err != nil {
		return err
	}
	return tx.Commit()
}
