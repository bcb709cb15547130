// Package sns is a stand-in for github.com/aws/aws-sdk-go/service/sns (v1).
package sns

import "github.com/aws/aws-sdk-go/aws"

type SNS struct{}

func New() *SNS { return &SNS{} }

type PublishInput struct{ TopicArn, Message *string }
type PublishOutput struct{ MessageId *string }

func (c *SNS) Publish(input *PublishInput) (*PublishOutput, error) { return &PublishOutput{}, nil }

func (c *SNS) PublishWithContext(ctx aws.Context, input *PublishInput) (*PublishOutput, error) {
	return &PublishOutput{}, nil
}
