// Package aws is a stand-in for github.com/aws/aws-sdk-go-v2/aws.
package aws

func String(v string) *string { return &v }
func Int64(v int64) *int64    { return &v }
