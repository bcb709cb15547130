// Package notify sends messages through AWS, Twilio and SendGrid.
package notify

import (
	"context"
	"database/sql"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/sendgrid/sendgrid-go"
	"github.com/sendgrid/sendgrid-go/helpers/mail"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"
)

type Service struct {
	DB     *sql.DB
	SQS    *sqs.Client
	SES    *sesv2.Client
	Twilio *openapi.ApiService // twilio.NewRestClient().Api
	Mail   *sendgrid.Client
	Queue  string
}

// Publish retries SendMessage on a standard queue.
func (s *Service) Publish(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = s.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.Queue), MessageBody: aws.String(body)}) // HAZARD(retrypost)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// PublishFIFO gives the message a deduplication id from the event.
func (s *Service) PublishFIFO(ctx context.Context, eventID, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = s.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(s.Queue), MessageBody: aws.String(body), MessageGroupId: aws.String("events"), MessageDeduplicationId: aws.String(eventID)}) // SAFE(retrypost): the queue deduplicates on the id
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Receipt retries SendEmail with a backoff.
func (s *Service) Receipt(ctx context.Context, to string) error {
	return backoff.Retry(func() error {
		_, err := s.SES.SendEmail(ctx, &sesv2.SendEmailInput{FromEmailAddress: aws.String("shop@example.com"), Destination: &types.Destination{ToAddresses: []string{to}}}) // HAZARD(retrypost)
		return err
	}, backoff.NewExponentialBackOff())
}

// Shipped texts and mails the customer while the order row is locked.
func (s *Service) Shipped(ctx context.Context, orderID int64, phone, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET shipped = true WHERE id = $1`, orderID); err != nil {
		return err
	}
	params := &openapi.CreateMessageParams{}
	params.SetTo(phone).SetFrom("+15550000000").SetBody("shipped") // SAFE(lockacrosscall): setters are local
	if _, err := s.Twilio.CreateMessage(params); err != nil {      // HAZARD(lockacrosscall)
		return err
	}
	return tx.Commit()
}

// ShippedMail mails after commit.
func (s *Service) ShippedMail(ctx context.Context, orderID int64, email string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET mailed = true WHERE id = $1`, orderID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	m := mail.NewSingleEmail(mail.NewEmail("Shop", "shop@example.com"), "Shipped", mail.NewEmail("", email), "shipped", "")
	_, err = s.Mail.Send(m) // SAFE(lockacrosscall): after commit
	return err
}
