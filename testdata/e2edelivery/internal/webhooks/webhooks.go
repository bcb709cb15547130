// Package webhooks receives Stripe, GitHub and svix webhooks.
package webhooks

import (
	"database/sql"
	"encoding/json"
	"io"
	"net/http"

	"github.com/google/go-github/v57/github"
	"github.com/stripe/stripe-go/v82/webhook"
	svix "github.com/svix/svix-webhooks/go"

	"github.com/idemvet/idemvet/testdata/e2edelivery/internal/store"
)

type Hooks struct {
	DB           *sql.DB
	StripeSecret string
	GitHubSecret []byte
	Svix         *svix.Webhook
}

type invoice struct {
	Customer string `json:"customer"`
	Amount   int64  `json:"amount_paid"`
}

func (h *Hooks) Paid(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.StripeSecret)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	store.Credit(r.Context(), h.DB, inv.Customer, inv.Amount) // HAZARD(redelivery)
}

// PaidOnce claims the event id in the transaction of the credit.
func (h *Hooks) PaidOnce(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.StripeSecret)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	tx, err := h.DB.BeginTx(r.Context(), nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if first, err := store.Claim(r.Context(), tx, event.ID); err != nil || !first {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	store.Credit(r.Context(), tx, inv.Customer, inv.Amount) // SAFE(redelivery): the event id claimed in the credit's transaction
	tx.Commit()
}

// Refunded verifies with options and ignores the API version.
func (h *Hooks) Refunded(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEventWithOptions(body, r.Header.Get("Stripe-Signature"), h.StripeSecret, webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	store.Credit(r.Context(), h.DB, inv.Customer, -inv.Amount) // HAZARD(redelivery)
}

// Replayed verifies without the timestamp tolerance; the grant is keyed
// by the event id, so a redelivery conflicts.
func (h *Hooks) Replayed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEventIgnoringTolerance(body, r.Header.Get("Stripe-Signature"), h.StripeSecret)
	if err != nil {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.DB.Exec(`INSERT INTO grants (event_id, customer) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`, event.ID, inv.Customer) // SAFE(redelivery): the effect's own key is the event id
}

func (h *Hooks) Push(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, h.GitHubSecret)
	if err != nil {
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if p, ok := ev.(*github.PushEvent); ok {
		h.DB.Exec(`INSERT INTO builds (repo, sha) VALUES ($1, $2)`, p.GetRepo().GetFullName(), p.GetAfter()) // HAZARD(redelivery)
	}
}

func (h *Hooks) PushOnce(w http.ResponseWriter, r *http.Request) {
	payload, err := github.ValidatePayload(r, h.GitHubSecret)
	if err != nil {
		return
	}
	if first, err := store.Claim(r.Context(), h.DB, github.DeliveryID(r)); err != nil || !first {
		return
	}
	ev, _ := github.ParseWebHook(github.WebHookType(r), payload)
	if p, ok := ev.(*github.PushEvent); ok {
		h.DB.Exec(`INSERT INTO builds (repo, sha) VALUES ($1, $2)`, p.GetRepo().GetFullName(), p.GetAfter()) // SAFE(redelivery): the X-GitHub-Delivery header claimed first
	}
}

func (h *Hooks) UserCreated(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := h.Svix.Verify(body, r.Header); err != nil {
		return
	}
	h.DB.Exec(`INSERT INTO welcome_credits (body) VALUES ($1)`, body) // HAZARD(redelivery)
}

func (h *Hooks) UserCreatedOnce(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := h.Svix.Verify(body, r.Header); err != nil {
		return
	}
	if first, err := store.Claim(r.Context(), h.DB, r.Header.Get("svix-id")); err != nil || !first {
		return
	}
	h.DB.Exec(`INSERT INTO welcome_credits (body) VALUES ($1)`, body) // SAFE(redelivery): the svix-id header claimed first
}
