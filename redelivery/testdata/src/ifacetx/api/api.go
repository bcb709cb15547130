// Package api receives Stripe's webhooks and calls the ledger through its
// interface; the ledger writes through a transaction helper.
package api

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"ifacetx/svc"
)

type Hooks struct {
	Ledger svc.Ledger
	Secret string
}

type invoice struct {
	Customer string `json:"customer"`
	Amount   int64  `json:"amount_paid"`
	Plan     string `json:"plan"`
}

func (h *Hooks) event(r *http.Request) (invoice, string, error) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.Secret)
	if err != nil {
		return invoice{}, "", err
	}
	var inv invoice
	err = json.Unmarshal(event.Data.Raw, &inv)
	return inv, event.ID, err
}

func (h *Hooks) Paid(w http.ResponseWriter, r *http.Request) {
	inv, _, err := h.event(r)
	if err != nil {
		return
	}
	h.Ledger.Credit(r.Context(), inv.Customer, inv.Amount) // want `stripe webhook handler repeats the relative update of wallets.balance by svc.ledger.Credit at repo.go:\d+ when the event is delivered again`
}

func (h *Hooks) PaidOnce(w http.ResponseWriter, r *http.Request) {
	inv, id, err := h.event(r)
	if err != nil {
		return
	}
	h.Ledger.CreditOnce(r.Context(), id, inv.Customer, inv.Amount) // ok: the event claimed in the credit's transaction
}

func (h *Hooks) Upgraded(w http.ResponseWriter, r *http.Request) {
	inv, _, err := h.event(r)
	if err != nil {
		return
	}
	h.Ledger.ChangePlan(r.Context(), inv.Customer, inv.Plan) // ok: an absolute update
}
