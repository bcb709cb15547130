// Package minio is a stand-in for github.com/minio/minio-go/v7.
package minio

import (
	"context"
	"io"
	"net/url"
	"time"
)

type Options struct{ Secure bool }

type Client struct{}

func New(endpoint string, opts *Options) (*Client, error) { return &Client{}, nil }

type PutObjectOptions struct{ ContentType string }
type RemoveObjectOptions struct{}
type UploadInfo struct{ ETag string }

func (c *Client) PutObject(ctx context.Context, bucketName, objectName string, reader io.Reader, objectSize int64, opts PutObjectOptions) (UploadInfo, error) {
	return UploadInfo{}, nil
}

func (c *Client) RemoveObject(ctx context.Context, bucketName, objectName string, opts RemoveObjectOptions) error {
	return nil
}

func (c *Client) PresignedGetObject(ctx context.Context, bucketName, objectName string, expires time.Duration, reqParams url.Values) (*url.URL, error) {
	return &url.URL{}, nil
}
