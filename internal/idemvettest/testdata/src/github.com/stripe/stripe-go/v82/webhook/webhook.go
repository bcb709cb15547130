// Package webhook is a stand-in for github.com/stripe/stripe-go/v82/webhook.
package webhook

import stripe "github.com/stripe/stripe-go/v82"

type ConstructEventOptions struct{ IgnoreAPIVersionMismatch bool }

func ConstructEvent(payload []byte, header string, secret string) (stripe.Event, error) {
	return stripe.Event{}, nil
}

func ConstructEventWithOptions(payload []byte, header string, secret string, options ConstructEventOptions) (stripe.Event, error) {
	return stripe.Event{}, nil
}

func ConstructEventIgnoringTolerance(payload []byte, header string, secret string) (stripe.Event, error) {
	return stripe.Event{}, nil
}
