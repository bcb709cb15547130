// Package ledgerpb is written in the shape protoc-gen-go-grpc generates
// (messages are plain structs here; only the client side is needed).
package ledgerpb

import (
	"context"

	"google.golang.org/grpc"
)

type PostEntryRequest struct {
	Account string
	Amount  int64
}

type PostEntryResponse struct{ Id string }

type GetBalanceRequest struct{ Account string }

type GetBalanceResponse struct{ Balance int64 }

type TransferRequest struct {
	IdempotencyKey string
	From, To       string
	Amount         int64
}

type TransferResponse struct{}

const (
	Ledger_PostEntry_FullMethodName  = "/ledger.v1.Ledger/PostEntry"
	Ledger_GetBalance_FullMethodName = "/ledger.v1.Ledger/GetBalance"
	Ledger_Transfer_FullMethodName   = "/ledger.v1.Ledger/Transfer"
)

// LedgerClient is the client API for Ledger service.
type LedgerClient interface {
	PostEntry(ctx context.Context, in *PostEntryRequest, opts ...grpc.CallOption) (*PostEntryResponse, error)
	GetBalance(ctx context.Context, in *GetBalanceRequest, opts ...grpc.CallOption) (*GetBalanceResponse, error)
	Transfer(ctx context.Context, in *TransferRequest, opts ...grpc.CallOption) (*TransferResponse, error)
}

type ledgerClient struct {
	cc grpc.ClientConnInterface
}

func NewLedgerClient(cc grpc.ClientConnInterface) LedgerClient {
	return &ledgerClient{cc}
}

func (c *ledgerClient) PostEntry(ctx context.Context, in *PostEntryRequest, opts ...grpc.CallOption) (*PostEntryResponse, error) {
	out := new(PostEntryResponse)
	err := c.cc.Invoke(ctx, Ledger_PostEntry_FullMethodName, in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *ledgerClient) GetBalance(ctx context.Context, in *GetBalanceRequest, opts ...grpc.CallOption) (*GetBalanceResponse, error) {
	out := new(GetBalanceResponse)
	err := c.cc.Invoke(ctx, Ledger_GetBalance_FullMethodName, in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *ledgerClient) Transfer(ctx context.Context, in *TransferRequest, opts ...grpc.CallOption) (*TransferResponse, error) {
	out := new(TransferResponse)
	err := c.cc.Invoke(ctx, Ledger_Transfer_FullMethodName, in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}
