// Package ledger calls the ledger service through connections dialed with
// retries.
package ledger

import (
	"context"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/idemvet/idemvet/testdata/e2esdk/internal/ledgerpb"
)

type Client struct {
	retrying ledgerpb.LedgerClient
	plain    ledgerpb.LedgerClient
}

func Dial(addr string) (*Client, error) {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithCodes(codes.Unavailable))))
	if err != nil {
		return nil, err
	}
	plain, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	return &Client{retrying: ledgerpb.NewLedgerClient(conn), plain: ledgerpb.NewLedgerClient(plain)}, nil
}

// Post posts an entry; the interceptor retries it on Unavailable.
func (c *Client) Post(ctx context.Context, account string, amount int64) error {
	_, err := c.retrying.PostEntry(ctx, &ledgerpb.PostEntryRequest{Account: account, Amount: amount}) // HAZARD(retrypost)
	return err
}

// Balance reads.
func (c *Client) Balance(ctx context.Context, account string) (int64, error) {
	resp, err := c.retrying.GetBalance(ctx, &ledgerpb.GetBalanceRequest{Account: account}) // SAFE(retrypost): a read
	if err != nil {
		return 0, err
	}
	return resp.Balance, nil
}

// Transfer carries its idempotency key in the message.
func (c *Client) Transfer(ctx context.Context, key, from, to string, amount int64) error {
	_, err := c.retrying.Transfer(ctx, &ledgerpb.TransferRequest{IdempotencyKey: key, From: from, To: to, Amount: amount}) // SAFE(retrypost): the message carries a key
	return err
}

// PostOnce turns the retries off for this call.
func (c *Client) PostOnce(ctx context.Context, account string, amount int64) error {
	_, err := c.retrying.PostEntry(ctx, &ledgerpb.PostEntryRequest{Account: account, Amount: amount}, retry.Disable()) // SAFE(retrypost): retries disabled for the call
	return err
}

// PostPlain uses a connection without retries.
func (c *Client) PostPlain(ctx context.Context, account string, amount int64) error {
	_, err := c.plain.PostEntry(ctx, &ledgerpb.PostEntryRequest{Account: account, Amount: amount}) // SAFE(retrypost): no retry interceptor
	return err
}
