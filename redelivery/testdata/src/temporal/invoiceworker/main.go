// Command invoiceworker registers the activities of another package: the
// registration is where they become at-least-once.
package main

import (
	"database/sql"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"temporal/invoicing"
)

func main() {
	c, _ := client.Dial(client.Options{})
	w := worker.New(c, "invoices", worker.Options{})
	w.RegisterActivity(&invoicing.Activities{DB: &sql.DB{}})                                     // want `temporal activity invoicing.Activities.AddLineItem repeats its insert into line_items at invoicing.go:\d+ when the activity is retried`
	w.RegisterActivityWithOptions(invoicing.AddCredit, activity.RegisterOptions{Name: "credit"}) // want `temporal activity invoicing.AddCredit repeats its relative update of customers.credit at invoicing.go:\d+ when the activity is retried`
	w.Run(worker.InterruptCh())
}
