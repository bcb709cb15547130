// Package notify wraps network clients in types of its own.
package notify

import (
	"context"
	"net/smtp"

	"google.golang.org/grpc"
)

type Mailer struct{ Addr string }

func (m *Mailer) Send(to, body string) error {
	return smtp.SendMail(m.Addr, nil, "noreply@example.com", []string{to}, []byte(body))
}

// ReceiptsClient is shaped like protoc-gen-go-grpc output: an interface
// and an unexported implementation.
type ReceiptsClient interface {
	SendReceipt(ctx context.Context, id int64) error
}

type receiptsClient struct{ cc grpc.ClientConnInterface }

func NewReceiptsClient(cc grpc.ClientConnInterface) ReceiptsClient { return &receiptsClient{cc} }

func (c *receiptsClient) SendReceipt(ctx context.Context, id int64) error {
	return c.cc.Invoke(ctx, "/receipts.v1.Receipts/SendReceipt", id, nil)
}

// Local formats a message without sending it.
type Local struct{}

func (Local) Format(id int64) string { return "receipt" }
