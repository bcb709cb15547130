// Package jobs runs payouts on river and asynq.
package jobs

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"

	"github.com/idemvet/idemvet/testdata/e2edelivery/internal/store"
)

type PayoutArgs struct {
	Customer string `json:"customer"`
}

func (PayoutArgs) Kind() string { return "payout" }

type PayoutWorker struct {
	river.WorkerDefaults[PayoutArgs]
	DB *sql.DB
}

func (w *PayoutWorker) Work(ctx context.Context, job *river.Job[PayoutArgs]) error {
	return store.Credit(ctx, w.DB, job.Args.Customer, -100) // HAZARD(redelivery)
}

type RefundArgs struct {
	Customer string `json:"customer"`
}

func (RefundArgs) Kind() string { return "refund" }

type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
	DB *sql.DB
}

func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := store.Claim(ctx, tx, "refund:"+strconv.FormatInt(job.ID, 10)); err != nil || !first {
		return err
	}
	if err := store.Credit(ctx, tx, job.Args.Customer, 100); err != nil { // SAFE(redelivery): job.ID claimed in the transaction
		return err
	}
	return tx.Commit()
}

type Tasks struct{ DB *sql.DB }

func (t *Tasks) Bonus(ctx context.Context, task *asynq.Task) error {
	return store.Credit(ctx, t.DB, string(task.Payload()), 5) // HAZARD(redelivery)
}

func (t *Tasks) BonusOnce(ctx context.Context, task *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	tx, err := t.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if first, err := store.Claim(ctx, tx, id); err != nil || !first {
		return err
	}
	if err := store.Credit(ctx, tx, string(task.Payload()), 5); err != nil { // SAFE(redelivery): the task ID claimed in the transaction
		return err
	}
	return tx.Commit()
}

func Register(mux *asynq.ServeMux, t *Tasks, workers *river.Workers, db *sql.DB) {
	mux.HandleFunc("bonus", t.Bonus)
	mux.HandleFunc("bonus-once", t.BonusOnce)
	river.AddWorker(workers, &PayoutWorker{DB: db})
	river.AddWorker(workers, &RefundWorker{DB: db})
}
