// Package s3 is a stand-in for github.com/aws/aws-sdk-go/service/s3 (v1).
package s3

import (
	"io"

	"github.com/aws/aws-sdk-go/aws"
)

// Request is a stand-in for aws/request.Request: built, not sent.
type Request struct{}

func (r *Request) Send() error { return nil }

type Option func(*Request)

type S3 struct{}

func New() *S3 { return &S3{} }

type PutObjectInput struct {
	Bucket, Key *string
	Body        io.ReadSeeker
}
type PutObjectOutput struct{}

type DeleteObjectInput struct{ Bucket, Key *string }
type DeleteObjectOutput struct{}

func (c *S3) PutObject(input *PutObjectInput) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, nil
}

func (c *S3) PutObjectWithContext(ctx aws.Context, input *PutObjectInput, opts ...Option) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, nil
}

func (c *S3) PutObjectRequest(input *PutObjectInput) (*Request, *PutObjectOutput) {
	return &Request{}, &PutObjectOutput{}
}

func (c *S3) DeleteObjectWithContext(ctx aws.Context, input *DeleteObjectInput, opts ...Option) (*DeleteObjectOutput, error) {
	return &DeleteObjectOutput{}, nil
}
