// Command skiplocked mails the reminders that are due, in every replica.
package main

import (
	"context"
	"database/sql"
	"net/smtp"

	cron "github.com/robfig/cron/v3"
)

var db *sql.DB

func main() {
	c := cron.New()
	c.AddFunc("@every 15m", remindDue)     // want `cron job main.remindDue runs in every instance at the same time and repeats its email`
	c.AddFunc("@every 15m", remindClaimed) // ok: each due row taken by one instance (SKIP LOCKED) and moved to tomorrow
	c.AddFunc("@every 15m", remindTaken)   // ok: the subquery takes each due row for one instance (SKIP LOCKED)
	c.AddFunc("@every 15m", remindMoved)   // want `cron job main.remindMoved runs in every instance at the same time and repeats its email`
	c.AddFunc("@every 15m", noteDue)       // ok: merging the same jsonb keys again leaves the rows as they were
	c.AddFunc("@every 15m", countDue)      // want `cron job main.countDue runs in every instance at the same time and repeats its relative update of reminders.reminded`
	c.Start()
}

func send(to string) {
	smtp.SendMail("mail:25", nil, "noreply@example.com", []string{to}, []byte("your token expires soon"))
}

// Every instance reads the same due rows and mails them.
func remindDue() {
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `SELECT email FROM reminders WHERE next_at <= now()`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var email string
		if rows.Scan(&email) == nil {
			send(email)
		}
	}
}

// Each instance takes the due rows no other holds and moves them on.
func remindClaimed() {
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `WITH due AS (
		SELECT id FROM reminders WHERE next_at <= now() FOR UPDATE SKIP LOCKED LIMIT 100
	)
	UPDATE reminders r SET next_at = now() + interval '1 day' FROM due WHERE r.id = due.id
	RETURNING r.email`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var email string
		if rows.Scan(&email) == nil {
			send(email)
		}
	}
}

// Each instance moves the due rows its subquery locked, skipping those
// another instance holds, and mails the ones it moved.
func remindTaken() {
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `UPDATE reminders SET next_at = now() + interval '1 day'
	WHERE id IN (SELECT id FROM reminders WHERE next_at <= now() ORDER BY next_at LIMIT 100 FOR UPDATE SKIP LOCKED)
	RETURNING email`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var email string
		if rows.Scan(&email) == nil {
			send(email)
		}
	}
}

// The same without the lock: a second instance waits on the first's rows,
// then moves them again (the subquery's ids still match) and mails them.
func remindMoved() {
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `UPDATE reminders SET next_at = now() + interval '1 day'
	WHERE id IN (SELECT id FROM reminders WHERE next_at <= now() ORDER BY next_at LIMIT 100)
	RETURNING email`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var email string
		if rows.Scan(&email) == nil {
			send(email)
		}
	}
}

// noteDue marks the due reminders in their jsonb details.
func noteDue() {
	mergeDetails(context.Background(), `{"due": true}`)
}

// mergeDetails merges keys into the details of the due reminders, the old
// value coerced to an object first.
func mergeDetails(ctx context.Context, keys string) error {
	_, err := db.ExecContext(ctx, `UPDATE reminders
	SET details = (CASE WHEN jsonb_typeof(details) = 'object' THEN details ELSE '{}'::jsonb END) || $1::jsonb
	WHERE next_at <= now()`, keys)
	return err
}

// countDue counts a reminder for each due row: every instance adds one.
func countDue() {
	db.ExecContext(context.Background(), `UPDATE reminders SET reminded = reminded + 1 WHERE next_at <= now()`)
}
