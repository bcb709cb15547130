// Package mailcalls mails customers through the mail libraries services
// use, inside and after the transactions that lock their rows.
package mailcalls

import (
	"context"
	"database/sql"

	jwemail "github.com/jordan-wright/email"
	"github.com/mailgun/mailgun-go/v4"
	orymail "github.com/ory/mail/v3"
	"github.com/resend/resend-go/v2"
	gomailx "github.com/wneessen/go-mail"
	"gopkg.in/gomail.v2"
)

type Service struct {
	DB      *sql.DB
	Dialer  *gomail.Dialer
	Courier *orymail.Dialer
	Client  *gomailx.Client
	Mailgun mailgun.Mailgun
	Resend  *resend.Client
}

// Confirm marks the order confirmed and mails the receipt before commit:
// the order row stays locked while the mail server answers.
func (s *Service) Confirm(ctx context.Context, orderID int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET confirmed = true WHERE id = $1`, orderID); err != nil {
		return err
	}
	m := gomail.NewMessage() // ok: building the message is local
	m.SetHeader("To", to)
	if err := s.Dialer.DialAndSend(m); err != nil { // want `SMTP call \(\(\*gopkg.in/gomail.v2.Dialer\).DialAndSend\) while the transaction holds the row lock taken at mailcalls.go:\d+ \(UPDATE orders\)`
		return err
	}
	return tx.Commit()
}

// ConfirmAfter commits first, then mails.
func (s *Service) ConfirmAfter(ctx context.Context, orderID int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET confirmed = true WHERE id = $1`, orderID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	m := gomail.NewMessage()
	m.SetHeader("To", to)
	return s.Dialer.DialAndSend(m) // ok: after commit
}

// Notify sends through a connection dialed while the row is locked, the
// courier's shape: the dial reaches the network, and so does the send.
func (s *Service) Notify(ctx context.Context, id int64) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var to string
	if err := tx.QueryRowContext(ctx, `SELECT recipient FROM messages WHERE id = $1 FOR UPDATE`, id).Scan(&to); err != nil {
		return err
	}
	snd, err := s.Courier.Dial(ctx) // want `network call \(\(\*github.com/ory/mail/v3.Dialer\).Dial\) while the transaction holds the row lock taken at mailcalls.go:\d+ \(SELECT ... FOR UPDATE\)`
	if err != nil {
		return err
	}
	defer snd.Close()
	if err := orymail.Send(ctx, snd, orymail.NewMessage()); err != nil { // want `SMTP call \(github.com/ory/mail/v3.Send\) while the transaction holds the row lock`
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE messages SET status = 'sent' WHERE id = $1`, id)
	if err != nil {
		return err
	}
	return tx.Commit()
}

// Reset mails a reset code with go-mail, jordan-wright/email, Mailgun and
// Resend while the user row is locked.
func (s *Service) Reset(ctx context.Context, userID int64, to string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE users SET reset_code = md5(random()::text) WHERE id = $1`, userID); err != nil {
		return err
	}
	msg := gomailx.NewMsg() // ok: local
	msg.To(to)
	if err := s.Client.DialAndSendWithContext(ctx, msg); err != nil { // want `SMTP call \(\(\*github.com/wneessen/go-mail.Client\).DialAndSendWithContext\) while the transaction holds the row lock`
		return err
	}
	e := jwemail.NewEmail()
	e.To = []string{to}
	if err := e.Send("smtp.example.com:587", nil); err != nil { // want `SMTP call \(\(\*github.com/jordan-wright/email.Email\).Send\) while the transaction holds the row lock`
		return err
	}
	if _, _, err := s.Mailgun.Send(ctx, s.Mailgun.NewMessage("noreply@example.com", "reset", "code", to)); err != nil { // want `HTTP call \(\(github.com/mailgun/mailgun-go/v4.Mailgun\).Send\) while the transaction holds the row lock`
		return err
	}
	if _, err := s.Resend.Emails.SendWithContext(ctx, &resend.SendEmailRequest{To: []string{to}}); err != nil { // want `HTTP call \(\(github.com/resend/resend-go/v2.EmailsSvc\).SendWithContext\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}
