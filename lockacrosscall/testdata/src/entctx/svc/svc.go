// Package svc creates an invoice in a transaction carried by the context
// and charges it at the provider before the transaction commits.
package svc

import (
	"context"
	"net/http"
	"strings"

	"entctx/pg"
	"entctx/repo"
)

type Provider struct{ HTTP *http.Client }

func (p *Provider) Charge(ctx context.Context, invoice string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://psp.example.com/charges", strings.NewReader(invoice))
	if err != nil {
		return err
	}
	resp, err := p.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type Service struct {
	DB       pg.IClient
	Invoices *repo.Invoices
	PSP      *Provider
}

// Invoice numbers the invoice, then charges it inside the transaction: the
// tenant's counter row stays locked for the provider's latency.
func (s *Service) Invoice(ctx context.Context, tenant string) error {
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.Invoices.NextNumber(ctx, tenant); err != nil {
			return err
		}
		return s.PSP.Charge(ctx, tenant) // want `HTTP call .* while the transaction holds the row lock taken at svc.go:\d+ \(INSERT INTO invoice_sequences ... ON CONFLICT DO UPDATE in repo.Invoices.NextNumber\)`
	})
}

// InvoiceThenCharge charges after the commit.
func (s *Service) InvoiceThenCharge(ctx context.Context, tenant string) error {
	if err := s.DB.WithTx(ctx, func(ctx context.Context) error {
		_, err := s.Invoices.NextNumber(ctx, tenant)
		return err
	}); err != nil {
		return err
	}
	return s.PSP.Charge(ctx, tenant) // ok: after commit
}
