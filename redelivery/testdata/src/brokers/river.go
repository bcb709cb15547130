package brokers

import (
	"context"
	"net/smtp"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

type ReceiptArgs struct{ Order string }

func (ReceiptArgs) Kind() string { return "receipt" }

type ReceiptWorker struct {
	river.WorkerDefaults[ReceiptArgs]
	L *Ledger
}

// river retries a job that fails or whose worker dies.
func (w *ReceiptWorker) Work(ctx context.Context, job *river.Job[ReceiptArgs]) error {
	if err := smtp.SendMail("mail:25", nil, "shop@example.com", []string{"x@example.com"}, []byte(job.Args.Order)); err != nil { // want `river job handler repeats this email when the job is retried; claim job.ID first`
		return err
	}
	_, err := w.L.DB.ExecContext(ctx, `UPDATE orders SET receipts = receipts + 1 WHERE ref = $1`, job.Args.Order) // want `river job handler repeats this relative update of orders.receipts`
	return err
}

type PayoutArgs struct{ Account string }

func (PayoutArgs) Kind() string { return "payout" }

type PayoutWorker struct {
	river.WorkerDefaults[PayoutArgs]
	L *Ledger
}

// Claimed on the job's id in the transaction of the debit.
func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[PayoutArgs]) error {
	tx, err := w.L.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := w.L.claim(ctx, tx, "payout:"+strconv.FormatInt(job.ID, 10)); err != nil || !first {
		return err
	}
	tx.ExecContext(ctx, `UPDATE balances SET amount = amount - 100 WHERE account = $1`, job.Args.Account) // ok: job.ID claimed
	return tx.Commit()
}

// asynq: the task id from the result writer.
func (l *Ledger) Refund(ctx context.Context, t *asynq.Task) error {
	tx, err := l.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := l.claim(ctx, tx, t.ResultWriter().TaskID()); err != nil || !first {
		return err
	}
	tx.ExecContext(ctx, `UPDATE balances SET amount = amount + 100 WHERE account = $1`, string(t.Payload())) // ok: the task id claimed
	return tx.Commit()
}

func (l *Ledger) RefundTwice(ctx context.Context, t *asynq.Task) error {
	_, err := l.DB.ExecContext(ctx, `UPDATE balances SET amount = amount + 100 WHERE account = $1`, string(t.Payload())) // want `asynq job handler repeats this relative update of balances.amount`
	return err
}
