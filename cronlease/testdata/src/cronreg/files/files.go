// Package files registers its periodic work with the service's registry.
package files

import (
	"context"
	"database/sql"

	"cronreg/crontab"
)

var db *sql.DB

func init() {
	// ---- reported ----
	crontab.Register("quota", recount)                    // want `cron job files.recount runs in every instance at the same time and repeats its relative update of users.storage at files.go:\d+; claim a lease first`
	crontab.Register("audit", func(ctx context.Context) { // want `cron job registered in files.init runs in every instance .* insert into audit_runs`
		db.ExecContext(ctx, `INSERT INTO audit_runs (started_at) VALUES (now())`)
	})
	crontab.Every("@hourly", bill) // want `cron job files.bill runs in every instance .* insert into invoices`

	// ---- silent ----
	crontab.Register("trash", collectTrash)        // ok: DELETE only
	crontab.Register("quotaLeased", recountLeased) // ok: a lease claimed and tested
	crontab.Every("@daily", refresh)               // ok: an absolute update
	crontab.OnShutdown("flush", flush)             // ok: run once, at shutdown, not scheduled
}

func recount(ctx context.Context) {
	db.ExecContext(ctx, `UPDATE users SET storage = storage + pending, pending = 0 WHERE pending > 0`)
}

func bill() {
	db.Exec(`INSERT INTO invoices (month) VALUES (date_trunc('month', now()))`)
}

func collectTrash(ctx context.Context) {
	db.ExecContext(ctx, `DELETE FROM files WHERE trashed_at < now() - interval '30 days'`)
}

func recountLeased(ctx context.Context) {
	res, err := db.ExecContext(ctx, `UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = $2 AND held_until < now()`, "host-1", "quota")
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	db.ExecContext(ctx, `UPDATE users SET storage = storage + pending, pending = 0 WHERE pending > 0`)
}

func refresh() {
	db.Exec(`UPDATE settings SET value = now()::text WHERE name = 'refreshed_at'`)
}

func flush(ctx context.Context) {
	db.ExecContext(ctx, `INSERT INTO shutdowns (at) VALUES (now())`)
}
