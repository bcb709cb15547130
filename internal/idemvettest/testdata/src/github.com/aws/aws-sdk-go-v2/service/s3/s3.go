// Package s3 is a stand-in for github.com/aws/aws-sdk-go-v2/service/s3.
package s3

import (
	"context"
	"io"
)

type Options struct{ Region string }

type Client struct{ options Options }

func New(o Options) *Client { return &Client{options: o} }

func (c *Client) Options() Options { return c.options }

type PutObjectInput struct {
	Bucket, Key *string
	Body        io.Reader
}
type PutObjectOutput struct{ ETag *string }

type GetObjectInput struct{ Bucket, Key *string }
type GetObjectOutput struct{ Body io.ReadCloser }

type DeleteObjectInput struct{ Bucket, Key *string }
type DeleteObjectOutput struct{}

type CopyObjectInput struct{ Bucket, CopySource, Key *string }
type CopyObjectOutput struct{}

type CreateMultipartUploadInput struct{ Bucket, Key *string }
type CreateMultipartUploadOutput struct{ UploadId *string }

func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, nil
}

func (c *Client) GetObject(ctx context.Context, params *GetObjectInput, optFns ...func(*Options)) (*GetObjectOutput, error) {
	return &GetObjectOutput{}, nil
}

func (c *Client) DeleteObject(ctx context.Context, params *DeleteObjectInput, optFns ...func(*Options)) (*DeleteObjectOutput, error) {
	return &DeleteObjectOutput{}, nil
}

func (c *Client) CopyObject(ctx context.Context, params *CopyObjectInput, optFns ...func(*Options)) (*CopyObjectOutput, error) {
	return &CopyObjectOutput{}, nil
}

func (c *Client) CreateMultipartUpload(ctx context.Context, params *CreateMultipartUploadInput, optFns ...func(*Options)) (*CreateMultipartUploadOutput, error) {
	return &CreateMultipartUploadOutput{}, nil
}

// PresignClient signs requests locally.
type PresignClient struct{ c *Client }

func NewPresignClient(c *Client) *PresignClient { return &PresignClient{c} }

type PresignedHTTPRequest struct{ URL string }

func (p *PresignClient) PresignPutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PresignedHTTPRequest, error) {
	return &PresignedHTTPRequest{}, nil
}
