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
