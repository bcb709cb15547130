// Package sdkretry retries service SDK operations in hand-written loops
// and with retry libraries.
package sdkretry

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
)

// Charge retries a charge without an idempotency key.
func Charge(ctx context.Context, customer string, amount int64) (*stripe.Charge, error) {
	var ch *stripe.Charge
	err := backoff.Retry(func() error {
		var err error
		ch, err = charge.New(&stripe.ChargeParams{Amount: stripe.Int64(amount), Customer: stripe.String(customer)}) // want `POST Stripe charge.New is retried by backoff.Retry at sdkretry.go:\d+ without an idempotency key`
		return err
	}, backoff.NewExponentialBackOff())
	return ch, err
}

// ChargeKeyed sets a key derived from the order, the same on every attempt.
func ChargeKeyed(ctx context.Context, orderID string, amount int64) (*stripe.Charge, error) {
	var ch *stripe.Charge
	err := backoff.Retry(func() error {
		params := &stripe.ChargeParams{Amount: stripe.Int64(amount)}
		params.SetIdempotencyKey("order-" + orderID)
		var err error
		ch, err = charge.New(params) // ok: a stable key
		return err
	}, backoff.NewExponentialBackOff())
	return ch, err
}

// ChargeLiteralKey sets the key in the literal, minted before the retry.
func ChargeLiteralKey(ctx context.Context, amount int64) (*stripe.Charge, error) {
	key := uuid.NewString()
	var ch *stripe.Charge
	err := backoff.Retry(func() error {
		var err error
		ch, err = charge.New(&stripe.ChargeParams{Params: stripe.Params{IdempotencyKey: stripe.String(key)}, Amount: stripe.Int64(amount)}) // ok: minted once, outside the retry
		return err
	}, backoff.NewExponentialBackOff())
	return ch, err
}

// ChargeFreshKey mints the key on every attempt.
func ChargeFreshKey(ctx context.Context, sc *stripe.Client, amount int64) (*stripe.Charge, error) {
	var ch *stripe.Charge
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		params := &stripe.ChargeCreateParams{Amount: stripe.Int64(amount)}
		params.SetIdempotencyKey(uuid.NewString())
		ch, err = sc.V1Charges.Create(ctx, params) // want `idempotency key is regenerated on every attempt \(uuid.NewString at sdkretry.go:\d+`
		if err == nil {
			return ch, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// LookupCharge retries a read.
func LookupCharge(ctx context.Context, sc *stripe.Client, id string) (*stripe.Charge, error) {
	var ch *stripe.Charge
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		ch, err = sc.V1Charges.Retrieve(ctx, id, nil) // ok: GET
		if err == nil {
			return ch, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Publish retries SendMessage on a standard queue: each retry after a
// lost response enqueues the message again.
func Publish(ctx context.Context, q *sqs.Client, url, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = q.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String(body)}) // want `POST SQS SendMessage is retried by the loop at sdkretry.go:\d+ without an idempotency key`
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return err
}

// PublishFIFO sets a deduplication id derived from the event.
func PublishFIFO(ctx context.Context, q *sqs.Client, url, eventID, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = q.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(url), MessageBody: aws.String(body), MessageGroupId: aws.String("g"), MessageDeduplicationId: aws.String(eventID)}) // ok: the FIFO queue deduplicates on the id
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Mail retries SendEmail: a repeat sends the e-mail twice.
func Mail(ctx context.Context, ses *sesv2.Client, from string) error {
	return backoff.Retry(func() error {
		_, err := ses.SendEmail(ctx, &sesv2.SendEmailInput{FromEmailAddress: aws.String(from)}) // want `POST SESV2 SendEmail is retried by backoff.Retry`
		return err
	}, backoff.NewExponentialBackOff())
}

// Upload retries PutObject: a PUT replaces the same object.
func Upload(ctx context.Context, c *s3.Client, key string) error {
	return backoff.Retry(func() error {
		_, err := c.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("b"), Key: aws.String(key)}) // ok: PUT
		return err
	}, backoff.NewExponentialBackOff())
}

// Ack retries DeleteMessage, a POST that is idempotent.
func Ack(ctx context.Context, q *sqs.Client, url, handle string) error {
	return backoff.Retry(func() error {
		_, err := q.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: aws.String(handle)}) // ok: deleting twice deletes once
		return err
	}, backoff.NewExponentialBackOff())
}
