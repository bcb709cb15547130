// Package charge is a stand-in for github.com/stripe/stripe-go/v82/charge.
package charge

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.ChargeParams) (*stripe.Charge, error) { return &stripe.Charge{}, nil }
func Get(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}

type Client struct{ Key string }

func (c Client) New(params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}

func Update(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}
