// Command cronjobs runs the service's periodic work in every replica.
package main

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"net/smtp"

	cron "github.com/robfig/cron/v3"

	"settle"
)

var db *sql.DB

type digest struct{}

func (digest) Run() {
	smtp.SendMail("mail:25", nil, "noreply@example.com", []string{"ops@example.com"}, []byte("digest"))
}

func main() {
	ctx := context.Background()
	c := cron.New()

	// ---- reported ----
	c.AddFunc("@daily", func() { // want `cron job registered in main.main runs in every instance at the same time and repeats its relative update of accounts.balance at main.go:\d+; claim a lease first`
		db.ExecContext(ctx, `UPDATE accounts SET balance = balance * 1.01 + 0 WHERE kind = 'savings'`)
	})
	c.AddFunc("@hourly", report)    // want `cron job main.report runs in every instance at the same time and repeats its insert into reports`
	c.AddJob("@weekly", digest{})   // want `cron job main.digest.Run runs in every instance .* its email`
	c.AddFunc("@midnight", func() { // want `repeats its insert into payouts at settle.go:\d+`
		(&settle.Service{DB: db}).Run(ctx)
	})
	c.AddFunc("*/5 * * * *", usage)    // want `repeats its POST https://billing.example.com/v1/usage-records`
	c.AddFunc("*/10 * * * *", flagged) // want `cron job main.flagged checks jobs.running \(read at main.go:\d+\) and then sets it at main.go:\d+: two instances both read it and both run`

	// ---- silent ----
	c.AddFunc("*/5 * * * *", ping)     // ok: a health ping, which its names say only reads
	c.AddFunc("@daily", leased)        // ok: a lease claimed and tested
	c.AddFunc("@daily", advisory)      // ok: a tested try-lock
	c.AddFunc("@hourly", cleanup)      // ok: DELETE only
	c.AddFunc("@hourly", refresh)      // ok: absolute update
	c.AddFunc("*/10 * * * *", claimed) // ok: the flag is claimed in one statement
	c.Start()
	select {}
}

func report() {
	db.Exec(`INSERT INTO reports (day) VALUES (current_date)`)
}

func usage() {
	http.Post("https://billing.example.com/v1/usage-records", "application/json", bytes.NewReader(nil))
}

func ping() {
	http.Post("https://status.example.com/ping", "text/plain", bytes.NewReader(nil))
}

func flagged() {
	var running bool
	db.QueryRow(`SELECT running FROM jobs WHERE name = 'sync'`).Scan(&running)
	if running {
		return
	}
	db.Exec(`UPDATE jobs SET running = true WHERE name = 'sync'`)
	db.Exec(`INSERT INTO sync_runs (started_at) VALUES (now())`)
	db.Exec(`UPDATE jobs SET running = false WHERE name = 'sync'`)
}

func leased() {
	res, err := db.Exec(`UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = $2 AND held_until < now()`, "host-1", "interest")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	db.Exec(`UPDATE accounts SET balance = balance * 1.01 WHERE kind = 'savings'`)
}

func advisory() {
	var ok bool
	if err := db.QueryRow(`SELECT pg_try_advisory_lock(42)`).Scan(&ok); err != nil || !ok {
		return
	}
	defer db.Exec(`SELECT pg_advisory_unlock(42)`)
	db.Exec(`INSERT INTO reports (day) VALUES (current_date)`)
}

func cleanup() {
	db.Exec(`DELETE FROM sessions WHERE expires_at < now()`)
}

func refresh() {
	db.Exec(`UPDATE rates SET value = 1.2 WHERE pair = 'EURUSD'`)
}

func claimed() {
	res, err := db.Exec(`UPDATE jobs SET running = true WHERE name = 'sync' AND running = false`)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	db.Exec(`INSERT INTO sync_runs (started_at) VALUES (now())`)
}
