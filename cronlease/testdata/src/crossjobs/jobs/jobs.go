// Package jobs holds the periodic work of the billing service; main
// registers it on the scheduler.
package jobs

import (
	"context"
	"database/sql"
	"net/smtp"
	"time"

	"github.com/bsm/redislock"
)

// Runner runs the billing jobs on the service's pool.
type Runner struct {
	DB     *sql.DB
	Locker *redislock.Client
}

// Invoice bills every active plan for the month.
func (r *Runner) Invoice() {
	r.DB.Exec(`INSERT INTO invoices (plan_id, period) SELECT id, date_trunc('month', now()) FROM plans WHERE active`)
}

// InvoiceLeased takes the month's lease first and stops when another
// instance holds it.
func (r *Runner) InvoiceLeased() {
	res, err := r.DB.Exec(`UPDATE job_leases SET held_until = now() + interval '1 hour' WHERE job_name = 'invoice' AND held_until < now()`)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	r.DB.Exec(`INSERT INTO invoices (plan_id, period) SELECT id, date_trunc('month', now()) FROM plans WHERE active`)
}

// InvoiceAdvisory runs only where it gets the advisory lock.
func (r *Runner) InvoiceAdvisory() {
	var ok bool
	if err := r.DB.QueryRow(`SELECT pg_try_advisory_lock(7)`).Scan(&ok); err != nil || !ok {
		return
	}
	defer r.DB.Exec(`SELECT pg_advisory_unlock(7)`)
	r.DB.Exec(`INSERT INTO invoices (plan_id, period) SELECT id, date_trunc('month', now()) FROM plans WHERE active`)
}

// InvoiceLocked runs only where it obtains the distributed lock.
func (r *Runner) InvoiceLocked() {
	ctx := context.Background()
	lock, err := r.Locker.Obtain(ctx, "invoice", time.Hour, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	r.DB.Exec(`INSERT INTO invoices (plan_id, period) SELECT id, date_trunc('month', now()) FROM plans WHERE active`)
}

// Sweep deletes expired sessions: the same rows gone, however many run it.
func (r *Runner) Sweep() {
	r.DB.Exec(`DELETE FROM sessions WHERE expires_at < now()`)
}

var pool *sql.DB

// Open sets the pool the package's jobs use.
func Open(db *sql.DB) { pool = db }

// Accrue adds the day's interest to every savings account.
func Accrue() {
	pool.Exec(`UPDATE accounts SET balance = balance * 1.0001 + 0 WHERE kind = 'savings'`)
}

// Purge drops the audit rows older than a year.
func Purge() {
	pool.Exec(`DELETE FROM audit_log WHERE created_at < now() - interval '1 year'`)
}

// Digest mails the day's summary to the operators.
type Digest struct{}

// Run sends the mail.
func (Digest) Run() {
	smtp.SendMail("mail:25", nil, "noreply@example.com", []string{"ops@example.com"}, []byte("digest"))
}

// Refresh records the exchange rate: an absolute write.
type Refresh struct{}

// Run writes the rate.
func (Refresh) Run() {
	pool.Exec(`UPDATE rates SET value = 1.2 WHERE pair = 'EURUSD'`)
}
