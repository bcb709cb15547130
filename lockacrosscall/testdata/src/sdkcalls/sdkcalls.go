// Package sdkcalls calls service SDKs (AWS, GCS, MinIO, Stripe, Twilio,
// SendGrid) while a transaction holds row locks, and after it commits.
package sdkcalls

import (
	"bytes"
	"context"
	"database/sql"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	awsv1 "github.com/aws/aws-sdk-go/aws"
	s3v1 "github.com/aws/aws-sdk-go/service/s3"
	"github.com/minio/minio-go/v7"
	"github.com/sendgrid/sendgrid-go"
	"github.com/sendgrid/sendgrid-go/helpers/mail"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
	"github.com/twilio/twilio-go"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"
)

type Service struct {
	DB      *sql.DB
	S3      *s3.Client
	Presign *s3.PresignClient
	S3v1    *s3v1.S3
	SQS     *sqs.Client
	GCS     *storage.Client
	Minio   *minio.Client
	Twilio  *twilio.RestClient
	Mail    *sendgrid.Client
}

// ReplaceAvatar uploads the new avatar while the user row is locked.
func (s *Service) ReplaceAvatar(ctx context.Context, userID int64, img []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var old string
	if err := tx.QueryRowContext(ctx, `SELECT avatar_key FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&old); err != nil {
		return err
	}
	key := "avatars/new"
	if _, err := s.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String(key), Body: bytes.NewReader(img)}); err != nil { // want `HTTP call \(\(\*github.com/aws/aws-sdk-go-v2/service/s3.Client\).PutObject\) while the transaction holds the row lock taken at sdkcalls.go:\d+ \(SELECT ... FOR UPDATE\)`
		return err
	}
	if _, err := s.S3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String("b"), Key: aws.String(old)}); err != nil { // want `HTTP call \(\(\*github.com/aws/aws-sdk-go-v2/service/s3.Client\).DeleteObject\) while the transaction holds the row lock`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET avatar_key = $1 WHERE id = $2`, key, userID); err != nil {
		return err
	}
	return tx.Commit()
}

// ReplaceAvatarAfterCommit is the fix: the upload runs after commit.
func (s *Service) ReplaceAvatarAfterCommit(ctx context.Context, userID int64, img []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE users SET avatar_key = $1 WHERE id = $2`, "avatars/new", userID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = s.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String("avatars/new")}) // ok: after commit
	return err
}

// PresignUpload signs an upload URL inside the transaction: signing is
// local.
func (s *Service) PresignUpload(ctx context.Context, userID int64) (string, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE users SET upload_pending = true WHERE id = $1`, userID); err != nil {
		return "", err
	}
	req, err := s.Presign.PresignPutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String("k")}) // ok: presigning sends nothing
	if err != nil {
		return "", err
	}
	return req.URL, tx.Commit()
}

// Refund refunds the charge of an order it has marked refunded.
func (s *Service) Refund(ctx context.Context, orderID int64, chargeID string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET state = 'refunded' WHERE id = $1`, orderID); err != nil {
		return err
	}
	if _, err := refund.New(&stripe.RefundParams{Charge: stripe.String(chargeID)}); err != nil { // want `HTTP call \(github.com/stripe/stripe-go/v82/refund.New\) while the transaction holds the row lock taken at sdkcalls.go:\d+ \(UPDATE orders\)`
		return err
	}
	return tx.Commit()
}

// Enqueue marks the order paid and publishes the event from inside the
// transaction, the order row still locked (an
// outbox is the fix).
func (s *Service) Enqueue(ctx context.Context, orderID int64, queueURL string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'paid' WHERE id = $1`, orderID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO order_events (order_id, kind) VALUES ($1, 'paid')`, orderID); err != nil {
		return err
	}
	if _, err := s.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(queueURL), MessageBody: aws.String("paid")}); err != nil { // want `HTTP call \(\(\*github.com/aws/aws-sdk-go-v2/service/sqs.Client\).SendMessage\) while the transaction holds the row lock taken at sdkcalls.go:\d+ \(UPDATE orders\)`
		return err
	}
	return tx.Commit()
}

// ArchiveV1 uses the v1 SDK; PutObjectRequest only builds the request.
func (s *Service) ArchiveV1(ctx context.Context, docID int64, body []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET archived = true WHERE id = $1`, docID); err != nil {
		return err
	}
	req, _ := s.S3v1.PutObjectRequest(&s3v1.PutObjectInput{Bucket: awsv1.String("b")}) // ok: builds the request without sending it
	_ = req
	if _, err := s.S3v1.PutObjectWithContext(ctx, &s3v1.PutObjectInput{Bucket: awsv1.String("b"), Body: bytes.NewReader(body)}); err != nil { // want `HTTP call \(\(\*github.com/aws/aws-sdk-go/service/s3.S3\).PutObjectWithContext\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}

// Export writes the export to GCS and MinIO while the job row is locked.
func (s *Service) Export(ctx context.Context, jobID int64, data []byte) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM export_jobs WHERE id = $1 FOR UPDATE`, jobID); err != nil {
		return err
	}
	obj := s.GCS.Bucket("exports").Object("job") // ok: handles are local
	w := obj.NewWriter(ctx)                      // ok: the writer sends on Write and Close
	if _, err := w.Write(data); err != nil {     // want `HTTP call \(\(\*cloud.google.com/go/storage.Writer\).Write\) while the transaction holds the row lock`
		return err
	}
	if err := w.Close(); err != nil { // want `HTTP call \(\(\*cloud.google.com/go/storage.Writer\).Close\) while the transaction holds the row lock`
		return err
	}
	if _, err := s.Minio.PutObject(ctx, "exports", "job", bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{}); err != nil { // want `HTTP call \(\(\*github.com/minio/minio-go/v7.Client\).PutObject\) while the transaction holds the row lock`
		return err
	}
	if _, err := s.Minio.PresignedGetObject(ctx, "exports", "job", 0, nil); err != nil { // ok: presigning
		return err
	}
	return tx.Commit()
}

// Notify texts and mails the customer while the order row is locked.
func (s *Service) Notify(ctx context.Context, orderID int64, phone string) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET notified = true WHERE id = $1`, orderID); err != nil {
		return err
	}
	params := &openapi.CreateMessageParams{}
	params.SetTo(phone).SetBody("shipped")                        // ok: setters are local
	if _, err := s.Twilio.Api.CreateMessage(params); err != nil { // want `HTTP call \(\(\*github.com/twilio/twilio-go/rest/api/v2010.ApiService\).CreateMessage\) while the transaction holds the row lock`
		return err
	}
	m := mail.NewSingleEmail(mail.NewEmail("shop", "shop@example.com"), "shipped", mail.NewEmail("", "c@example.com"), "", "")
	if _, err := s.Mail.Send(m); err != nil { // want `HTTP call \(\(\*github.com/sendgrid/sendgrid-go.Client\).Send\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}
