// Package mailer mails customers with the SMTP libraries (gomail,
// go-mail, jordan-wright/email) and Resend, inside and after transactions,
// and from an hourly ticker loop.
package mailer

import (
	"context"
	"database/sql"
	"time"

	jwemail "github.com/jordan-wright/email"
	"github.com/resend/resend-go/v2"
	gomailx "github.com/wneessen/go-mail"
	"gopkg.in/gomail.v2"
)

type Service struct {
	DB     *sql.DB
	Dialer *gomail.Dialer
	Client *gomailx.Client
	Resend *resend.Client
}

// Activate marks the account active and mails the welcome while the
// account row is locked.
func (s *Service) Activate(ctx context.Context, id int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET active = true WHERE id = $1`, id); err != nil {
		return err
	}
	m := gomail.NewMessage() // SAFE(lockacrosscall): building the message is local
	m.SetHeader("To", to)
	if err := s.Dialer.DialAndSend(m); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// Deactivate commits first, then mails.
func (s *Service) Deactivate(ctx context.Context, id int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET active = false WHERE id = $1`, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	msg := gomailx.NewMsg()
	if err := msg.To(to); err != nil {
		return err
	}
	return s.Client.DialAndSendWithContext(ctx, msg) // SAFE(lockacrosscall): after commit
}

// Receipt mails through Resend while the order row is locked.
func (s *Service) Receipt(ctx context.Context, orderID int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM orders WHERE id = $1 FOR UPDATE`, orderID); err != nil {
		return err
	}
	if _, err := s.Resend.Emails.SendWithContext(ctx, &resend.SendEmailRequest{From: "shop@example.com", To: []string{to}, Subject: "receipt"}); err != nil { // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// Reminders mails the trial reminders every hour, in every replica.
func (s *Service) Reminders(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.remind(ctx) // HAZARD(cronlease)
		}
	}
}

func (s *Service) remind(ctx context.Context) {
	rows, err := s.DB.QueryContext(ctx, `SELECT email FROM accounts WHERE trial_ends = current_date`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var to string
		if rows.Scan(&to) != nil {
			return
		}
		e := jwemail.NewEmail()
		e.To = []string{to}
		e.Send("smtp.example.com:587", nil)
	}
}

// Digests mails the weekly digests from a loop that sleeps between turns,
// in every replica.
func (s *Service) Digests(ctx context.Context) error {
	for {
		if err := s.digest(ctx); err != nil {
			return err
		}
		time.Sleep(time.Hour) // HAZARD(cronlease)
	}
}

func (s *Service) digest(ctx context.Context) error {
	var to string
	if err := s.DB.QueryRowContext(ctx, `SELECT email FROM accounts WHERE digest_due <= now() LIMIT 1`).Scan(&to); err != nil {
		return err
	}
	m := gomail.NewMessage()
	m.SetHeader("To", to)
	return s.Dialer.DialAndSend(m)
}

// Outbox sends the mails this replica claimed (SKIP LOCKED) on each turn.
func (s *Service) Outbox(ctx context.Context) {
	for {
		var id int64
		var to string
		err := s.DB.QueryRowContext(ctx, `UPDATE outbox SET sent_at = now() WHERE id = (
			SELECT id FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
		) RETURNING id, recipient`).Scan(&id, &to)
		if err == nil {
			msg := gomailx.NewMsg()
			if msg.To(to) == nil {
				s.Client.DialAndSendWithContext(ctx, msg)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second): // SAFE(cronlease): each row claimed by one replica
		}
	}
}
