// Package api receives Stripe's webhooks and hands them to the service.
package api

import (
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"layered/svc"
	"layered/verify"
)

type Webhooks struct {
	Billing *svc.Billing
	Secret  string
}

func (h *Webhooks) Paid(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if _, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.Secret); err != nil {
		return
	}
	h.Billing.Grant(r.Context(), r.URL.Query().Get("customer")) // want `stripe webhook handler repeats the insert into grants by svc.Billing.Grant at repo.go:\d+ when the event is delivered again`
}

func (h *Webhooks) PaidOnce(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.Secret)
	if err != nil {
		return
	}
	h.Billing.GrantOnce(r.Context(), event.ID, "c") // ok: the service claims the event first
}

// The event verified by a helper of another package.
func (h *Webhooks) PaidVerified(w http.ResponseWriter, r *http.Request) {
	if _, err := verify.Event(r, h.Secret); err != nil {
		return
	}
	h.Billing.Grant(r.Context(), r.URL.Query().Get("customer")) // want `stripe webhook handler repeats the insert into grants by svc.Billing.Grant`
}

func (h *Webhooks) PaidVerifiedOnce(w http.ResponseWriter, r *http.Request) {
	event, err := verify.Event(r, h.Secret)
	if err != nil {
		return
	}
	h.Billing.GrantOnce(r.Context(), event.ID, "c") // ok: the service claims the event first
}
