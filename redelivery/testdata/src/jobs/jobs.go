// Package jobs runs asynq tasks.
package jobs

import (
	"context"
	"database/sql"
	"net/smtp"

	"github.com/hibiken/asynq"
)

type Worker struct{ DB *sql.DB }

func (w *Worker) SendReceipt(ctx context.Context, t *asynq.Task) error {
	return smtp.SendMail("mail:25", nil, "billing@example.com", []string{"x@example.com"}, t.Payload()) // want `asynq job handler repeats this email when the job is retried; claim the task ID first`
}

func (w *Worker) Expire(ctx context.Context, t *asynq.Task) error {
	_, err := w.DB.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`) // ok: a delete
	return err
}

func (w *Worker) Bill(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	var ok bool
	if err := w.DB.QueryRowContext(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, id).Scan(&ok); err != nil || !ok {
		return err
	}
	_, err := w.DB.ExecContext(ctx, `INSERT INTO invoices (task) VALUES ($1)`, id) // want `asynq job handler repeats this insert into invoices when the job is retried: the lock at jobs.go:\d+ is released when the handler is done`
	return err
}

func register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("receipt", w.SendReceipt)
}
