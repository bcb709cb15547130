// Package tickerjobs runs its periodic work from ticker loops: each
// replica keeps its own ticker, so each runs the work at the same time.
package tickerjobs

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"time"

	"tickerjobs/billing"
)

// Dispatcher sends pending notifications to their subscribers' endpoints.
type Dispatcher struct {
	db       *sql.DB
	client   *http.Client
	interval time.Duration
	stop     chan struct{}
	work     chan string
	hits     chan string
}

// Start sweeps pending notifications on every tick, in a goroutine of its
// own, until Close.
func (d *Dispatcher) Start() {
	go func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		ticker := time.NewTicker(d.interval)
		defer ticker.Stop()
		for {
			select {
			case <-d.stop:
				return
			case <-ticker.C:
				if err := d.Sweep(ctx); err != nil { // want `ticker job tickerjobs.Dispatcher.Sweep runs in every instance at the same time and repeats its POST`
					continue
				}
			}
		}
	}()
}

// Sweep delivers each pending notification once per call.
func (d *Dispatcher) Sweep(ctx context.Context) error {
	rows, err := d.db.QueryContext(ctx, `SELECT id, endpoint, body FROM notifications WHERE state = 'pending'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var endpoint, body string
		if err := rows.Scan(&id, &endpoint, &body); err != nil {
			return err
		}
		resp, err := d.client.Post(endpoint, "application/json", bytes.NewBufferString(body))
		if err != nil {
			continue
		}
		resp.Body.Close()
		d.db.ExecContext(ctx, `UPDATE notifications SET state = 'sent' WHERE id = $1`, id)
	}
	return rows.Err()
}

// Bill charges the day's usage on every hourly tick: a loop ranging over
// the ticker's channel.
func (d *Dispatcher) Bill(ctx context.Context) {
	for range time.Tick(time.Hour) {
		d.invoice(ctx) // want `ticker job tickerjobs.Dispatcher.invoice runs in every instance .* its insert into invoices`
	}
}

func (d *Dispatcher) invoice(ctx context.Context) {
	var customer, units int64
	if err := d.db.QueryRowContext(ctx, `SELECT customer_id, sum(units) FROM usage WHERE billed = false GROUP BY customer_id LIMIT 1`).Scan(&customer, &units); err != nil {
		return
	}
	d.db.ExecContext(ctx, `INSERT INTO invoices (customer_id, amount) VALUES ($1, $2)`, customer, units)
}

// Accrue runs another package's job on each tick of a ticker kept in a
// field.
func (d *Dispatcher) Accrue(ctx context.Context, t *time.Ticker) {
	for {
		<-t.C
		billing.Accrue(ctx, d.db) // want `ticker job billing.Accrue runs in every instance .* its insert into invoices`
	}
}

// ---- silent ----

// SweepLocked takes a tested try-lock before the sweep: one replica runs
// it.
func (d *Dispatcher) SweepLocked(ctx context.Context) {
	ticker := time.NewTicker(d.interval)
	for {
		select {
		case <-d.stop:
			return
		case <-ticker.C:
			d.sweepLocked(ctx) // ok: pg_try_advisory_lock, tested
		}
	}
}

func (d *Dispatcher) sweepLocked(ctx context.Context) {
	var ok bool
	if err := d.db.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(7)`).Scan(&ok); err != nil || !ok {
		return
	}
	defer d.db.ExecContext(ctx, `SELECT pg_advisory_unlock(7)`)
	d.Sweep(ctx)
}

// Expire deletes expired sessions on each tick: repeating it deletes
// nothing more.
func (d *Dispatcher) Expire(ctx context.Context) {
	for range time.Tick(time.Minute) {
		d.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`) // ok: DELETE only
	}
}

// Drain inserts what a channel of work delivers: its values come from
// requests, not from a clock.
func (d *Dispatcher) Drain(ctx context.Context) {
	for id := range d.work {
		d.db.ExecContext(ctx, `INSERT INTO audit (item) VALUES ($1)`, id) // ok: not a ticker
	}
}

// WaitOnce waits for one tick and records it: no loop, once per call.
func (d *Dispatcher) WaitOnce(ctx context.Context) {
	t := time.NewTicker(time.Second)
	<-t.C
	d.invoice(ctx) // ok: a single wait, not a schedule
}

// FlushHits sends the hits this instance buffered on each tick: every
// instance sends its own.
func (d *Dispatcher) FlushHits(ctx context.Context) {
	t := time.NewTicker(10 * time.Second)
	for {
		<-t.C
		d.flush(ctx) // ok: a flush of this instance's buffer, no state read
	}
}

func (d *Dispatcher) flush(ctx context.Context) {
	n := len(d.hits)
	for i := 0; i < n; i++ {
		path := <-d.hits
		d.db.ExecContext(ctx, `INSERT INTO hits (path) VALUES ($1)`, path)
	}
}

// FlushCounts hands the counts this instance kept to another package on
// each tick.
func (d *Dispatcher) FlushCounts(ctx context.Context, counts map[string]int64) {
	for range time.Tick(time.Minute) {
		billing.Flush(ctx, d.db, counts) // ok: relative updates of this instance's counts
	}
}

// Poll serves a request, waiting on a ticker until the export is ready:
// the loop runs once per request, not once per instance.
func (d *Dispatcher) Poll(w http.ResponseWriter, r *http.Request) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-ticker.C:
			d.record(r.Context()) // ok: a handler's loop, per request
		}
	}
}

func (d *Dispatcher) record(ctx context.Context) {
	d.db.ExecContext(ctx, `INSERT INTO polls (at) VALUES (now())`)
}

// Reconcile runs on a timer it resets after each turn: a schedule as a
// ticker's is.
func (d *Dispatcher) Reconcile(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			d.invoice(ctx) // want `timer job tickerjobs.Dispatcher.invoice runs in every instance .* its insert into invoices`
			t.Reset(time.Minute)
		}
	}
}

// Await waits for the work or gives up when the timer fires.
func (d *Dispatcher) Await(ctx context.Context) error {
	t := time.NewTimer(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case id := <-d.work:
			d.db.ExecContext(ctx, `INSERT INTO audit (item) VALUES ($1)`, id) // ok: work delivered, not a clock
		case <-t.C:
			return context.DeadlineExceeded // ok: a timeout
		}
	}
}

// SyncThenWait bills first and waits for the tick after: the whole turn
// is the job.
func (d *Dispatcher) SyncThenWait(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		d.invoice(ctx) // want `ticker job in tickerjobs.Dispatcher.SyncThenWait runs in every instance .* its insert into invoices`
		<-t.C
	}
}

// DrainThenWait inserts what the channel delivers, then waits: driven by
// the channel's values, not by the clock.
func (d *Dispatcher) DrainThenWait(ctx context.Context) {
	t := time.NewTicker(time.Second)
	for {
		id := <-d.work
		d.db.ExecContext(ctx, `INSERT INTO audit (item) VALUES ($1)`, id) // ok: work delivered, not a clock
		<-t.C
	}
}
