// Package types is a stand-in for github.com/aws/aws-sdk-go-v2/service/sqs/types.
package types

type Message struct {
	Body          *string
	MessageId     *string
	ReceiptHandle *string
}
