// Package aws is a stand-in for github.com/aws/aws-sdk-go/aws.
package aws

import "context"

type Context = context.Context

func String(v string) *string { return &v }
