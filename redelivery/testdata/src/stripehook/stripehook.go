// Package stripehook handles Stripe webhooks: each handler verifies the
// event, then grants, credits or notifies.
package stripehook

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/lib/pq"
	"github.com/nats-io/nats.go"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
	"github.com/stripe/stripe-go/v82/webhook"
)

type Handler struct {
	db     *sql.DB
	nc     *nats.Conn
	secret string
}

type invoice struct {
	Customer string `json:"customer"`
	Amount   int64  `json:"amount_paid"`
}

// ---- reported ----

func (h *Handler) Grant(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, inv.Customer) // want `stripe webhook handler repeats this insert into grants when the event is delivered again; claim event.ID first`
}

func (h *Handler) Credit(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEventWithOptions(body, r.Header.Get("Stripe-Signature"), h.secret, webhook.ConstructEventOptions{})
	if err != nil {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + $1 WHERE customer = $2`, inv.Amount, inv.Customer) // want `repeats this relative update of wallets.balance`
}

// A claim whose outcome is ignored lets the redelivery through.
func (h *Handler) CreditUnchecked(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.db.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = $1`, "c") // want `repeats this relative update of wallets.balance`
}

func (h *Handler) Forward(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.nc.Publish("billing.paid", []byte(event.ID)) // want `repeats this NATS publish`
}

func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	http.Post("https://partner.example.com/paid", "application/json", bytes.NewReader([]byte(event.ID))) // want `repeats this POST https://partner.example.com/paid`
}

// ---- silent ----

// The seed's fix: claim the event id, stop when it was taken.
func (h *Handler) GrantClaimed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return
	}
	tx, _ := h.db.BeginTx(r.Context(), nil)
	defer tx.Rollback()
	res, err := tx.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return // already processed
	}
	tx.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = $1`, "c") // ok: after the claim
	tx.Commit()
}

// A unique insert of the event id with the violation handled.
func (h *Handler) GrantUnique(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	_, err := h.db.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1)`, event.ID) // ok: the claim itself
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && pqErr.Code == "23505" {
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, "c") // ok: after the claim
}

// Absolute updates and deletes leave the same state when repeated.
func (h *Handler) Cancel(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.db.ExecContext(r.Context(), `UPDATE subscriptions SET status = 'canceled' WHERE stripe_id = $1`, event.ID) // ok: absolute
	h.db.ExecContext(r.Context(), `DELETE FROM grants WHERE subscription = $1`, event.ID)                        // ok: a delete
}

// An upsert keyed by the event id is its own claim.
func (h *Handler) Record(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.db.ExecContext(r.Context(), `INSERT INTO payments (event_id, status) VALUES ($1, 'paid') ON CONFLICT (event_id) DO UPDATE SET status = EXCLUDED.status`, event.ID) // ok: upsert
	h.db.ExecContext(r.Context(), `INSERT INTO audit (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)                                                           // ok: DO NOTHING
}

// The partner deduplicates on a key derived from the event.
func (h *Handler) NotifyKeyed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	req, _ := http.NewRequest("POST", "https://partner.example.com/paid", bytes.NewReader(body))
	req.Header.Set("Idempotency-Key", "stripe-"+event.ID)
	http.DefaultClient.Do(req) // ok: a stable Idempotency-Key
}

// Not a webhook: a plain form post (checkfindinsert's business).
func (h *Handler) Signup(w http.ResponseWriter, r *http.Request) {
	h.db.ExecContext(r.Context(), `INSERT INTO users (email) VALUES ($1)`, r.FormValue("email")) // ok: not a delivery
}

// A Stripe update sets state: repeating it changes nothing more. A new
// charge is charged twice.
func (h *Handler) Capture(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	charge.Update(event.ID, &stripe.ChargeParams{}) // ok: an update
	charge.New(&stripe.ChargeParams{})              // want `stripe webhook handler repeats this POST`
}
