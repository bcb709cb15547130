// Command pollloops runs its background work in loops that sleep between
// turns, started from main in every replica.
package main

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
	"gopkg.in/gomail.v2"
)

var db *sql.DB

type courier struct {
	db     *sql.DB
	dialer *gomail.Dialer
	wait   time.Duration
}

// watch dispatches the queue, retried with a backoff, then sleeps: every
// replica reads the same queued messages and mails them.
func (c *courier) watch(ctx context.Context, errs chan<- error) {
	for {
		if err := backoff.Retry(func() error { // ok: reported at the loop's pause
			return c.dispatch(ctx)
		}, backoff.NewExponentialBackOff()); err != nil {
			errs <- err
			return
		}
		time.Sleep(c.wait) // want `polling loop job in main.courier.watch runs in every instance at the same time and repeats its email at main.go:\d+; claim a lease first`
	}
}

func (c *courier) dispatch(ctx context.Context) error {
	rows, err := c.db.QueryContext(ctx, `SELECT id, recipient FROM messages WHERE status = 'queued' LIMIT 10`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var to string
		if err := rows.Scan(&id, &to); err != nil {
			return err
		}
		m := gomail.NewMessage()
		m.SetHeader("To", to)
		if err := c.dialer.DialAndSend(m); err != nil {
			return err
		}
		if _, err := c.db.ExecContext(ctx, `UPDATE messages SET status = 'sent' WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}

// sweep inserts the day's invoices, then waits a minute or for the stop.
func sweep(ctx context.Context) {
	for {
		var n int
		db.QueryRowContext(ctx, `SELECT count(*) FROM subscriptions WHERE renews_on = current_date`).Scan(&n)
		db.ExecContext(ctx, `INSERT INTO invoices (issued_on, count) VALUES (current_date, $1)`, n)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Minute): // want `polling loop job in main.sweep runs in every instance .* its insert into invoices`
		}
	}
}

// replicate works one object at a time and sleeps only when there was
// nothing to do or it failed.
func replicate(ctx context.Context) {
	for {
		if err := replicateOne(ctx); err != nil {
			time.Sleep(time.Minute) // want `polling loop job in main.replicate runs in every instance .* its POST https://backup.example.com/objects`
		}
	}
}

func replicateOne(ctx context.Context) error {
	var key string
	if err := db.QueryRowContext(ctx, `SELECT key FROM objects WHERE replicated = false LIMIT 1`).Scan(&key); err != nil {
		return err
	}
	_, err := http.Post("https://backup.example.com/objects", "text/plain", strings.NewReader(key))
	return err
}

// ---- silent ----

type job struct {
	ID    int64
	Email string
}

// claimNext takes one due job no other replica holds and moves it on.
func claimNext(ctx context.Context) (*job, error) {
	var j job
	err := db.QueryRowContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = (
		SELECT id FROM jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
	) RETURNING id, email`).Scan(&j.ID, &j.Email)
	return &j, err
}

func process(ctx context.Context, j *job) {
	dialer := gomail.NewDialer("smtp.example.com", 587, "u", "p")
	m := gomail.NewMessage()
	m.SetHeader("To", j.Email)
	dialer.DialAndSend(m)
}

// work claims, then processes: the claim made by one call of the loop
// covers the work of the next.
func work(ctx context.Context) {
	for {
		j, err := claimNext(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			time.Sleep(time.Second) // ok: each job taken by one replica (SKIP LOCKED)
			continue
		}
		process(ctx, j)
	}
}

// waitForDB retries until the migrations table answers, noting each
// attempt, then seeds once.
func waitForDB(ctx context.Context) {
	for {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM migrations`).Scan(&n); err == nil {
			break
		}
		db.ExecContext(ctx, `INSERT INTO boot_attempts (at) VALUES (now())`)
		time.Sleep(time.Second) // ok: a retry, left once it succeeds
	}
	db.ExecContext(ctx, `INSERT INTO boots (at) VALUES (now())`)
}

// notifyAll tries three times.
func notifyAll(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		var to string
		db.QueryRowContext(ctx, `SELECT email FROM admins LIMIT 1`).Scan(&to)
		if err = gomail.NewDialer("smtp.example.com", 587, "u", "p").DialAndSend(gomail.NewMessage()); err == nil {
			return nil
		}
		time.Sleep(time.Second) // ok: a counted retry
	}
	return err
}

// awaitExport waits until the export is done.
func awaitExport(ctx context.Context, id int64) {
	for {
		var state string
		db.QueryRowContext(ctx, `SELECT state FROM exports WHERE id = $1`, id).Scan(&state)
		if state == "done" {
			break
		}
		db.ExecContext(ctx, `UPDATE exports SET polls = polls + 1 WHERE id = $1`, id)
		time.Sleep(time.Second) // ok: a wait, left when the row changes
	}
	http.Post("https://hooks.example.com/exported", "text/plain", nil)
}

var hits = make(chan string, 100)

// flush writes what this replica counted: its own data.
func flush(ctx context.Context) {
	for {
		n := len(hits)
		db.ExecContext(ctx, `UPDATE counters SET hits = hits + $1 WHERE name = 'home'`, n)
		time.Sleep(10 * time.Second) // ok: reads nothing from the database
	}
}

// leased tries the advisory lock on every turn.
func leased(ctx context.Context) {
	for {
		var got bool
		db.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&got)
		if got {
			var to string
			db.QueryRowContext(ctx, `SELECT email FROM digests WHERE due`).Scan(&to)
			gomail.NewDialer("smtp.example.com", 587, "u", "p").DialAndSend(gomail.NewMessage())
		}
		time.Sleep(time.Hour) // ok: a tested try-lock
	}
}

// runHooks stamps the free hooks with this replica's id, reads back the
// ones it stamped and posts them: a replica waiting on another's rows
// finds them stamped anew and leaves them.
func runHooks(ctx context.Context, id string) {
	for {
		db.ExecContext(ctx, `UPDATE hooks SET locked_at = now(), locked_by = $1
			WHERE done = false AND (locked_at IS NULL OR locked_at < now() - interval '5 minutes')`, id)
		rows, err := db.QueryContext(ctx, `SELECT url FROM hooks WHERE locked_by = $1`, id)
		if err == nil {
			for rows.Next() {
				var url string
				rows.Scan(&url)
				http.Post(url, "application/json", nil)
			}
			rows.Close()
		}
		time.Sleep(5 * time.Second) // ok: each hook stamped by one replica, then read back by the stamp
	}
}

// runHooksUnguarded stamps every undone hook, its own or not: a second
// replica stamps them again after the first and both post them.
func runHooksUnguarded(ctx context.Context, id string) {
	for {
		db.ExecContext(ctx, `UPDATE hooks SET locked_by = $1 WHERE done = false`, id)
		rows, err := db.QueryContext(ctx, `SELECT url FROM hooks WHERE locked_by = $1`, id)
		if err == nil {
			for rows.Next() {
				var url string
				rows.Scan(&url)
				http.Post(url, "application/json", nil)
			}
			rows.Close()
		}
		time.Sleep(5 * time.Second) // want `polling loop job in main.runHooksUnguarded runs in every instance .* its POST`
	}
}

var jobs = make(chan int64, 16)

// consume waits for jobs this replica was handed and retries each a few
// times: a consumer, its pause a retry's.
func consume(ctx context.Context) {
	for {
		id := <-jobs
		for i := 0; i < 3; i++ {
			var url string
			db.QueryRowContext(ctx, `SELECT url FROM deliveries WHERE id = $1`, id).Scan(&url)
			if _, err := http.Post(url, "application/json", nil); err == nil {
				break
			}
			time.Sleep(time.Second) // ok: a consumer's retry, not a clock
		}
	}
}

var joins = make(chan string)

// hub serves joins as they come and does its housekeeping when idle: the
// database work runs on the messages, the timer only ends the wait.
func hub(ctx context.Context) {
	for {
		select {
		case name := <-joins:
			db.ExecContext(ctx, `INSERT INTO members (name) VALUES ($1)`, name)
		case <-ctx.Done():
			return
		case <-time.After(time.Minute): // ok: an idle timeout among message cases
			var n int
			db.QueryRowContext(ctx, `SELECT count(*) FROM members`).Scan(&n)
			http.Post("https://stats.example.com/members", "text/plain", nil)
		}
	}
}

// sendInsights reports this replica's anonymous usage once a day: each
// replica reports itself.
func sendInsights(ctx context.Context) {
	for {
		var users int
		db.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&users)
		http.Post("https://insights.example.com/collect", "application/json", nil)
		select {
		case <-ctx.Done():
			return
		case <-time.After(24 * time.Hour): // ok: telemetry of the replica itself
		}
	}
}

func main() {
	ctx := context.Background()
	errs := make(chan error, 1)
	c := &courier{db: db, dialer: gomail.NewDialer("smtp.example.com", 587, "u", "p"), wait: time.Second}
	go c.watch(ctx, errs)
	go sweep(ctx)
	go replicate(ctx)
	go work(ctx)
	waitForDB(ctx)
	notifyAll(ctx)
	awaitExport(ctx, 1)
	go flush(ctx)
	go leased(ctx)
	go runHooks(ctx, "replica-1")
	go runHooksUnguarded(ctx, "replica-1")
	go consume(ctx)
	go hub(ctx)
	go sendInsights(ctx)
	<-errs
}
