// Package events dials with the options of another package.
package events

import (
	"context"

	"example.com/grpcretry/dialopts"
	"example.com/grpcretry/pb"
	"google.golang.org/grpc"
)

type Client struct {
	pay   pb.PaymentsClient
	plain pb.PaymentsClient
}

func New(addr string, retries bool) (*Client, error) {
	opts := []grpc.DialOption{grpc.WithBlock()}
	opts = append(opts, dialopts.Options(retries)...)
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, err
	}
	plain, err := grpc.NewClient(addr, dialopts.Plain()...)
	if err != nil {
		return nil, err
	}
	return &Client{pay: pb.NewPaymentsClient(conn), plain: pb.NewPaymentsClient(plain)}, nil
}

func (c *Client) Charge(ctx context.Context, orderID string) error {
	_, err := c.pay.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at dialopts.go:\d+ \(5 retries\)`
	return err
}

func (c *Client) ChargePlain(ctx context.Context, orderID string) error {
	_, err := c.plain.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // ok: no retry interceptor
	return err
}

type eventClient struct{ client pb.PaymentsClient }

// newEvent is given the connection by NewFromConn, its only caller.
func newEvent(conn *grpc.ClientConn) *eventClient {
	return &eventClient{client: pb.NewPaymentsClient(conn)}
}

func NewFromConn(addr string) (*eventClient, error) {
	opts := append([]grpc.DialOption{grpc.WithBlock()}, dialopts.Options(true)...)
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, err
	}
	return newEvent(conn), nil
}

func (e *eventClient) Charge(ctx context.Context, orderID string) error {
	_, err := e.client.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at dialopts.go:\d+ \(5 retries\)`
	return err
}
