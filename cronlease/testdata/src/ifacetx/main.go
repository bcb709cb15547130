// Command ifacetx schedules the billing service's jobs, called through its
// interface; the service writes through a transaction helper.
package main

import (
	"context"
	"database/sql"

	cron "github.com/robfig/cron/v3"

	"ifacetx/repo"
	"ifacetx/svc"
)

func main() {
	ctx := context.Background()
	var b svc.Billing = svc.New(&repo.Store{DB: &sql.DB{}})
	c := cron.New()
	c.AddFunc("@monthly", func() { // want `cron job registered in main.main runs in every instance at the same time and repeats its insert into invoices at repo.go:\d+`
		b.Invoice(ctx)
	})
	c.AddFunc("@monthly", func() { // ok: the lease taken in the invoices' transaction
		b.InvoiceLeased(ctx, "host-1")
	})
	c.AddFunc("@daily", func() { // ok: DELETE only
		b.Purge(ctx)
	})
	c.Start()
}
