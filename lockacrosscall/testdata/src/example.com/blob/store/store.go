// Package store declares an object store with an S3 implementation, a
// no-op one for deployments without uploads, and a fake for tests; and a
// cache with a local and a remote implementation.
package store

import (
	"bytes"
	"context"
	"database/sql"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type Objects interface {
	Put(ctx context.Context, key string, data []byte) error
}

type S3Objects struct {
	Client *s3.Client
	Bucket string
}

func (o *S3Objects) Put(ctx context.Context, key string, data []byte) error {
	_, err := o.Client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(o.Bucket), Key: aws.String(key), Body: bytes.NewReader(data)})
	return err
}

// Discard is used when uploads are disabled.
type Discard struct{}

func (Discard) Put(ctx context.Context, key string, data []byte) error { return nil }

// Events publishes events; the local implementation writes a file.
type Events interface {
	Publish(ctx context.Context, body string) error
}

type SQSEvents struct {
	Client *sqs.Client
	URL    string
}

func (e *SQSEvents) Publish(ctx context.Context, body string) error {
	_, err := e.Client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(e.URL), MessageBody: aws.String(body)})
	return err
}

type FileEvents struct{ Path string }

func (e *FileEvents) Publish(ctx context.Context, body string) error {
	return os.WriteFile(e.Path, []byte(body), 0o644)
}

// Archive stores a document's archive while its row is locked; the tests
// of this package pass a fake.
func Archive(ctx context.Context, db *sql.DB, o Objects, id int64, data []byte) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE documents SET archived = true WHERE id = $1`, id); err != nil {
		return err
	}
	if err := o.Put(ctx, "archive", data); err != nil { // want `HTTP call \(store.Objects.Put → \(\*github.com/aws/aws-sdk-go-v2/service/s3.Client\).PutObject\) while the transaction holds the row lock`
		return err
	}
	return tx.Commit()
}
