// Package pb is shaped like protoc-gen-go-grpc output.
package pb

import (
	"context"

	"google.golang.org/grpc"
)

type ChargeRequest struct {
	OrderId string
	Amount  int64
}

type ChargeResponse struct{ Id string }

type GetChargeRequest struct{ Id string }

type RecordRequest struct {
	IdempotencyKey string
	Amount         int64
}

type RecordResponse struct{}

type PaymentsClient interface {
	Charge(ctx context.Context, in *ChargeRequest, opts ...grpc.CallOption) (*ChargeResponse, error)
	GetCharge(ctx context.Context, in *GetChargeRequest, opts ...grpc.CallOption) (*ChargeResponse, error)
	AddEntry(ctx context.Context, in *RecordRequest, opts ...grpc.CallOption) (*RecordResponse, error)
	Heartbeat(ctx context.Context, in *GetChargeRequest, opts ...grpc.CallOption) (*RecordResponse, error)
}

func (c *paymentsClient) Heartbeat(ctx context.Context, in *GetChargeRequest, opts ...grpc.CallOption) (*RecordResponse, error) {
	out := new(RecordResponse)
	err := c.cc.Invoke(ctx, "/payments.v1.Payments/Heartbeat", in, out, opts...)
	return out, err
}

type paymentsClient struct{ cc grpc.ClientConnInterface }

func NewPaymentsClient(cc grpc.ClientConnInterface) PaymentsClient { return &paymentsClient{cc} }

func (c *paymentsClient) Charge(ctx context.Context, in *ChargeRequest, opts ...grpc.CallOption) (*ChargeResponse, error) {
	out := new(ChargeResponse)
	err := c.cc.Invoke(ctx, "/payments.v1.Payments/Charge", in, out, opts...)
	return out, err
}

func (c *paymentsClient) GetCharge(ctx context.Context, in *GetChargeRequest, opts ...grpc.CallOption) (*ChargeResponse, error) {
	out := new(ChargeResponse)
	err := c.cc.Invoke(ctx, "/payments.v1.Payments/GetCharge", in, out, opts...)
	return out, err
}

func (c *paymentsClient) AddEntry(ctx context.Context, in *RecordRequest, opts ...grpc.CallOption) (*RecordResponse, error) {
	out := new(RecordResponse)
	err := c.cc.Invoke(ctx, "/payments.v1.Payments/AddEntry", in, out, opts...)
	return out, err
}
