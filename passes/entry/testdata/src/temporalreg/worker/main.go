// Command worker registers activities with a Temporal worker directly: a
// struct pointer (its exported methods), a method value and a function.
package main

import (
	"context"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

type Billing struct{}

func (b *Billing) Charge(ctx context.Context, invoice string) error { // want `yes: a temporal activity registered at main.go:\d+`
	return nil
}

func (b *Billing) Refund(ctx context.Context, invoice string) (string, error) { // want `yes: a temporal activity registered at main.go:\d+`
	return b.lookup(invoice), nil
}

func (b *Billing) lookup(invoice string) string { return invoice } // want `yes: reached from a temporal activity`

type Mailer struct{}

func (m *Mailer) Send(ctx context.Context, to string) error { // want `yes: a temporal activity registered at main.go:\d+`
	return nil
}

func (m *Mailer) Render(to string) string { return to } // want `unknown: the method main.Mailer.Render may be called through an interface`

func archive(ctx context.Context, day string) error { return nil } // want `yes: a temporal activity registered at main.go:\d+`

func main() { // want `no: reached only from main`
	c, _ := client.Dial(client.Options{})
	w := worker.New(c, "billing", worker.Options{})
	w.RegisterActivity(&Billing{})
	m := &Mailer{}
	w.RegisterActivity(m.Send)
	w.RegisterActivityWithOptions(archive, activity.RegisterOptions{Name: "archive"})
	w.Run(worker.InterruptCh())
}
