// Command mailjobs mails digests and reminders on a schedule, in every
// replica, through the mail libraries services use.
package main

import (
	"context"
	"database/sql"

	jwemail "github.com/jordan-wright/email"
	"github.com/resend/resend-go/v2"
	cron "github.com/robfig/cron/v3"
	gomailx "github.com/wneessen/go-mail"
	"gopkg.in/gomail.v2"
)

var (
	db     *sql.DB
	dialer = gomail.NewDialer("smtp.example.com", 587, "u", "p")
	client *gomailx.Client
	rs     = resend.NewClient("key")
)

func main() {
	c := cron.New()

	// ---- reported ----
	c.AddFunc("@daily", digest)      // want `cron job main.digest runs in every instance at the same time and repeats its email at main.go:\d+; claim a lease first`
	c.AddFunc("@hourly", remind)     // want `cron job main.remind runs in every instance .* its email`
	c.AddFunc("@weekly", newsletter) // want `cron job main.newsletter runs in every instance .* its email`
	c.AddFunc("@daily", invoices)    // want `cron job main.invoices runs in every instance at the same time and repeats its POST Resend Emails SendWithContext at main.go:\d+`

	// ---- silent ----
	c.AddFunc("@daily", leasedDigest)  // ok: a lease claimed and tested first
	c.AddFunc("@daily", keyedInvoices) // ok: Resend deduplicates on the key
	c.AddFunc("@hourly", render)       // ok: messages built, none sent
	c.Start()
	select {}
}

func digest() {
	rows, err := db.Query(`SELECT email FROM users WHERE digest = true`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var to string
		rows.Scan(&to)
		m := gomail.NewMessage()
		m.SetHeader("To", to)
		dialer.DialAndSend(m)
	}
}

func remind() {
	var to string
	db.QueryRow(`SELECT email FROM users WHERE trial_ends = current_date`).Scan(&to)
	msg := gomailx.NewMsg()
	msg.To(to)
	client.DialAndSend(msg)
}

func newsletter() {
	e := jwemail.NewEmail()
	e.To = []string{"list@example.com"}
	e.Send("smtp.example.com:587", nil)
}

func invoices() {
	ctx := context.Background()
	rs.Emails.SendWithContext(ctx, &resend.SendEmailRequest{To: []string{"billing@example.com"}})
}

func leasedDigest() {
	res, err := db.Exec(`UPDATE job_leases SET holder = $1, held_until = now() + interval '1 hour' WHERE job_name = 'digest' AND held_until < now()`, "host-1")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	dialer.DialAndSend(gomail.NewMessage())
}

func keyedInvoices() {
	ctx := context.Background()
	rs.Emails.SendWithOptions(ctx, &resend.SendEmailRequest{To: []string{"billing@example.com"}}, &resend.SendEmailOptions{IdempotencyKey: "invoices-daily"})
}

func render() {
	m := gomail.NewMessage()
	m.SetHeader("Subject", "preview")
	msg := gomailx.NewMsg()
	msg.Subject("preview")
}
