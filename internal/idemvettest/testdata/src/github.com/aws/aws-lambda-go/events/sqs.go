// Package events is a stand-in for github.com/aws/aws-lambda-go/events.
package events

type SQSMessage struct {
	MessageId     string
	ReceiptHandle string
	Body          string
}

type SQSEvent struct {
	Records []SQSMessage
}
