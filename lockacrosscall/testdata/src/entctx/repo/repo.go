// Package repo takes the next invoice number of a tenant with an upsert
// run on the client Writer(ctx) returns: the transaction's, inside WithTx.
package repo

import (
	"context"

	"entctx/pg"
)

type Invoices struct{ Client pg.IClient }

func (r *Invoices) NextNumber(ctx context.Context, tenant string) (int64, error) {
	rows, err := r.Client.Writer(ctx).QueryContext(ctx, `INSERT INTO invoice_sequences (tenant_id, last_value) VALUES ($1, 1)
		ON CONFLICT (tenant_id) DO UPDATE SET last_value = invoice_sequences.last_value + 1 RETURNING last_value`, tenant)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var n int64
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, err
		}
	}
	return n, rows.Err()
}
