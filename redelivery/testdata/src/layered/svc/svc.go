// Package svc holds the billing rules.
package svc

import (
	"context"

	"layered/repo"
)

type Billing struct{ Store *repo.Store }

func (b *Billing) Grant(ctx context.Context, customer string) error {
	return b.Store.InsertGrant(ctx, customer)
}

// GrantOnce claims, then grants.
func (b *Billing) GrantOnce(ctx context.Context, eventID, customer string) error {
	ok, err := b.Store.MarkProcessed(ctx, eventID)
	if err != nil || !ok {
		return err
	}
	return b.Store.InsertGrant(ctx, customer)
}
