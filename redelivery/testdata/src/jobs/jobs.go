// Package jobs runs asynq tasks.
package jobs

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"log"
	"net/http"
	"net/smtp"

	"github.com/hibiken/asynq"
	"gopkg.in/gomail.v2"
)

type Worker struct{ DB *sql.DB }

// Sending the receipt is the job: asynq retries it when the mail server
// refused it, which is what a mail job is for.
func (w *Worker) SendReceipt(ctx context.Context, t *asynq.Task) error {
	return smtp.SendMail("mail:25", nil, "billing@example.com", []string{"x@example.com"}, t.Payload()) // ok: the send is the job's delivery
}

type dispatch struct {
	URL     string
	Payload []byte
}

// A webhook delivery job: the attempt is looked up, marked, sent, and its
// outcome recorded. Only absolute writes follow the send.
func (w *Worker) Deliver(ctx context.Context, t *asynq.Task) error {
	var d dispatch
	if err := json.Unmarshal(t.Payload(), &d); err != nil {
		return err
	}
	if _, err := w.DB.ExecContext(ctx, `UPDATE deliveries SET status = 'sending' WHERE url = $1`, d.URL); err != nil {
		return err
	}
	_, err := http.Post(d.URL, "application/json", bytes.NewReader(d.Payload)) // ok: the send is the job's delivery
	status := "sent"
	if err != nil {
		status = "retry"
	}
	if _, uerr := w.DB.ExecContext(ctx, `UPDATE deliveries SET status = $1 WHERE url = $2`, status, d.URL); uerr != nil {
		log.Printf("record delivery: %v", uerr)
	}
	return err
}

// A verification mail: the row with its code is inserted, then mailed.
// The insert repeats (a second code on each retry); the mail is the job's
// delivery.
func (w *Worker) SendVerify(ctx context.Context, t *asynq.Task) error {
	var id int64
	if err := w.DB.QueryRowContext(ctx, `INSERT INTO verify_emails (username, secret_code) VALUES ($1, md5(random()::text)) RETURNING id`, string(t.Payload())).Scan(&id); err != nil { // want `asynq job handler repeats this insert into verify_emails`
		return err
	}
	return smtp.SendMail("mail:25", nil, "hello@example.com", []string{"x@example.com"}, []byte("code")) // ok: the last act
}

// The receipt is mailed, then logged: when the log insert fails, asynq
// retries the task and the customer gets the mail again.
func (w *Worker) SendReceiptLogged(ctx context.Context, t *asynq.Task) error {
	if err := smtp.SendMail("mail:25", nil, "billing@example.com", []string{"x@example.com"}, t.Payload()); err != nil { // want `asynq job handler repeats this email when the job is retried`
		return err
	}
	_, err := w.DB.ExecContext(ctx, `INSERT INTO mail_log (body) VALUES ($1)`, t.Payload()) // want `asynq job handler repeats this insert into mail_log`
	return err
}

// A digest to every subscriber in one task: when the fourth fails, the
// retry mails the first three again.
func (w *Worker) SendDigest(ctx context.Context, t *asynq.Task) error {
	var to []string
	json.Unmarshal(t.Payload(), &to)
	for _, addr := range to {
		if err := smtp.SendMail("mail:25", nil, "news@example.com", []string{addr}, []byte("digest")); err != nil { // want `asynq job handler repeats this email when the job is retried`
			return err
		}
	}
	return nil
}

// The welcome goes out through gomail, then the send is logged: a failed
// insert retries the task and mails the welcome again.
func (w *Worker) SendWelcome(ctx context.Context, t *asynq.Task) error {
	m := gomail.NewMessage()
	m.SetHeader("To", string(t.Payload()))
	if err := gomail.NewDialer("smtp.example.com", 587, "u", "p").DialAndSend(m); err != nil { // want `asynq job handler repeats this email when the job is retried`
		return err
	}
	_, err := w.DB.ExecContext(ctx, `INSERT INTO welcomes (email) VALUES ($1)`, string(t.Payload())) // want `asynq job handler repeats this insert into welcomes`
	return err
}

// Recording first and mailing last: the send is the job's delivery.
func (w *Worker) SendWelcomeLast(ctx context.Context, t *asynq.Task) error {
	if _, err := w.DB.ExecContext(ctx, `UPDATE users SET welcomed_at = now() WHERE email = $1`, string(t.Payload())); err != nil {
		return err
	}
	m := gomail.NewMessage()
	m.SetHeader("To", string(t.Payload()))
	return gomail.NewDialer("smtp.example.com", 587, "u", "p").DialAndSend(m) // ok: the last act
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
	mux.HandleFunc("deliver", w.Deliver)
	mux.HandleFunc("verify", w.SendVerify)
	mux.HandleFunc("receipt:logged", w.SendReceiptLogged)
	mux.HandleFunc("digest", w.SendDigest)
	mux.HandleFunc("welcome", w.SendWelcome)
	mux.HandleFunc("welcome:last", w.SendWelcomeLast)
}
