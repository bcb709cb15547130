// Package limits serves the ledger service: it imports the service only,
// so it sees the store's accesses through the service's second analysis.
package limits

import (
	"context"

	"example.com/wiring/service/ledger"
)

// Double reads the limit and writes it back doubled.
func Double(ctx context.Context, svc *ledger.Service, account int64) error {
	limit, err := svc.Limit(ctx, account)
	if err != nil {
		return err
	}
	return svc.SetLimit(ctx, account, limit*2)
}
