// Package svc dials payment services with retries configured on the
// connection, and calls them.
package svc

import (
	"context"
	"time"

	"example.com/grpcretry/pb"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
)

type Service struct {
	Pay      pb.PaymentsClient
	Plain    pb.PaymentsClient
	OptIn    pb.PaymentsClient
	Policy   pb.PaymentsClient
	ByHelper pb.PaymentsClient
}

// retryInterceptor is the package's interceptor, shared by its clients.
func retryInterceptor() grpc.UnaryClientInterceptor {
	return retry.UnaryClientInterceptor(retry.WithMax(5), retry.WithBackoff(retry.BackoffLinear(100*time.Millisecond)))
}

const serviceConfig = `{"methodConfig": [{"name": [{"service": "payments.v1.Payments"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func New(addr string) (*Service, error) {
	opts := []grpc.DialOption{grpc.WithBlock()}
	opts = append(opts, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3))))
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return nil, err
	}
	plain, err := grpc.NewClient(addr)
	if err != nil {
		return nil, err
	}
	optIn, err := grpc.Dial(addr, grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor()))
	if err != nil {
		return nil, err
	}
	policy, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(serviceConfig))
	if err != nil {
		return nil, err
	}
	byHelper, err := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(retryInterceptor()))
	if err != nil {
		return nil, err
	}
	return &Service{
		Pay:      pb.NewPaymentsClient(conn),
		Plain:    pb.NewPaymentsClient(plain),
		OptIn:    pb.NewPaymentsClient(optIn),
		Policy:   pb.NewPaymentsClient(policy),
		ByHelper: pb.NewPaymentsClient(byHelper),
	}, nil
}

func (s *Service) Charge(ctx context.Context, orderID string, amount int64) error {
	_, err := s.Pay.Charge(ctx, &pb.ChargeRequest{OrderId: orderID, Amount: amount}) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at svc.go:\d+ \(3 retries\) without an idempotency key`
	return err
}

func (s *Service) Lookup(ctx context.Context, id string) error {
	_, err := s.Pay.GetCharge(ctx, &pb.GetChargeRequest{Id: id}) // ok: a read
	return err
}

func (s *Service) Record(ctx context.Context, key string, amount int64) error {
	_, err := s.Pay.AddEntry(ctx, &pb.RecordRequest{IdempotencyKey: key, Amount: amount}) // ok: the message carries an idempotency key
	return err
}

func (s *Service) Beat(ctx context.Context, id string) error {
	for i := 0; i < 3; i++ {
		if _, err := s.Pay.Heartbeat(ctx, &pb.GetChargeRequest{Id: id}); err == nil { // ok: a heartbeat repeats nothing
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func (s *Service) ChargeOnce(ctx context.Context, orderID string) error {
	_, err := s.Pay.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}, retry.Disable()) // ok: this call turns the retries off
	return err
}

func (s *Service) ChargePlain(ctx context.Context, orderID string) error {
	_, err := s.Plain.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // ok: no retry interceptor on the connection
	return err
}

func (s *Service) ChargeOptInDefault(ctx context.Context, orderID string) error {
	_, err := s.OptIn.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // ok: the interceptor retries nothing by default
	return err
}

func (s *Service) ChargeOptIn(ctx context.Context, orderID string) error {
	_, err := s.OptIn.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}, grpc_retry.WithMax(2)) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at svc.go:\d+ \(2 retries\)`
	return err
}

func (s *Service) ChargePolicy(ctx context.Context, orderID string) error {
	_, err := s.Policy.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at svc.go:\d+ \(3 retries\)`
	return err
}

func (s *Service) ChargeByHelper(ctx context.Context, orderID string) error {
	_, err := s.ByHelper.Charge(ctx, &pb.ChargeRequest{OrderId: orderID}) // want `POST gRPC pb.PaymentsClient.Charge is retried by the retry interceptor or policy of the gRPC connection created at svc.go:\d+ \(5 retries\)`
	return err
}
