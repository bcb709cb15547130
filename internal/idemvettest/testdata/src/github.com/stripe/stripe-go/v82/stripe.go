// Package stripe is a stand-in for github.com/stripe/stripe-go/v82.
package stripe

import "context"

func String(v string) *string { return &v }
func Int64(v int64) *int64    { return &v }

// Params are the parameters every request takes.
type Params struct {
	IdempotencyKey *string
	Metadata       map[string]string
}

func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

type ChargeParams struct {
	Params   `form:"*"`
	Amount   *int64
	Currency *string
	Customer *string
}

type ChargeCreateParams struct {
	Params   `form:"*"`
	Amount   *int64
	Currency *string
}

type RefundParams struct {
	Params `form:"*"`
	Charge *string
}

type Charge struct{ ID string }
type Refund struct{ ID string }

type v1ChargeService struct{}

func (c v1ChargeService) Create(ctx context.Context, params *ChargeCreateParams) (*Charge, error) {
	return &Charge{}, nil
}

func (c v1ChargeService) Retrieve(ctx context.Context, id string, params *ChargeParams) (*Charge, error) {
	return &Charge{}, nil
}

// Client is stripe-go's client of services (sc.V1Charges.Create).
type Client struct {
	V1Charges *v1ChargeService
}

func NewClient(key string) *Client { return &Client{V1Charges: &v1ChargeService{}} }

var Key string
