// Package ledger charges accounts through a Connect client.
package ledger

import (
	"context"
	"database/sql"

	"connectrpc.com/connect"

	v1 "example.com/connectrpc/gen/billingv1"
	"example.com/connectrpc/gen/billingv1/billingv1connect"
)

type Ledger struct {
	DB      *sql.DB
	Billing billingv1connect.BillingServiceClient
}

func (l *Ledger) Settle(ctx context.Context, account int64) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var due int64
	if err := tx.QueryRowContext(ctx, `SELECT due FROM invoices WHERE account_id = $1 FOR UPDATE`, account).Scan(&due); err != nil {
		return err
	}
	if _, err := l.Billing.Charge(ctx, connect.NewRequest(&v1.ChargeRequest{AccountId: account, Cents: due})); err != nil { // want `Connect RPC call \(billingv1connect.BillingServiceClient.Charge → \(\*connectrpc.com/connect.Client\[Req, Res\]\).CallUnary\) while the transaction holds the row lock taken at ledger.go:\d+ \(SELECT ... FOR UPDATE\)`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE invoices SET due = 0 WHERE account_id = $1`, account); err != nil {
		return err
	}
	return tx.Commit()
}

func (l *Ledger) SettleAfterCommit(ctx context.Context, account int64) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var due int64
	if err := tx.QueryRowContext(ctx, `SELECT due FROM invoices WHERE account_id = $1 FOR UPDATE`, account).Scan(&due); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE invoices SET due = 0 WHERE account_id = $1`, account); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = l.Billing.Charge(ctx, connect.NewRequest(&v1.ChargeRequest{AccountId: account, Cents: due})) // ok: the transaction committed first
	return err
}

// refresh is handed the generated client's procedure directly.
func refresh(ctx context.Context, db *sql.DB, c *connect.Client[v1.GetBalanceRequest, v1.GetBalanceResponse], account int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE balances SET stale = true WHERE account_id = $1`, account); err != nil {
		return err
	}
	resp, err := c.CallUnary(ctx, connect.NewRequest(&v1.GetBalanceRequest{AccountId: account})) // want `Connect RPC call \(\(\*connectrpc.com/connect.Client\[Req, Res\]\).CallUnary\) while the transaction holds`
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE balances SET cents = $2, stale = false WHERE account_id = $1`, account, resp.Msg.Cents); err != nil {
		return err
	}
	return tx.Commit()
}

// handler serves the same procedures: its interface is no client.
type handler struct{ db *sql.DB }

func (h *handler) Charge(ctx context.Context, req *connect.Request[v1.ChargeRequest]) (*connect.Response[v1.ChargeResponse], error) {
	return connect.NewResponse(&v1.ChargeResponse{}), nil
}

func (h *handler) GetBalance(ctx context.Context, req *connect.Request[v1.GetBalanceRequest]) (*connect.Response[v1.GetBalanceResponse], error) {
	return &connect.Response[v1.GetBalanceResponse]{}, nil
}

func audit(ctx context.Context, db *sql.DB, h billingv1connect.BillingServiceHandler, account int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE invoices SET audited = true WHERE account_id = $1`, account); err != nil {
		return err
	}
	if _, err := h.GetBalance(ctx, connect.NewRequest(&v1.GetBalanceRequest{AccountId: account})); err != nil { // ok: a handler, served in process
		return err
	}
	return tx.Commit()
}

var _ billingv1connect.BillingServiceHandler = (*handler)(nil)
