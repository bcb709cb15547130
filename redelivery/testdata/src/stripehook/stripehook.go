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

// Verified without the timestamp tolerance: replays of old events pass too.
func (h *Handler) Replayed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEventIgnoringTolerance(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, inv.Customer) // want `stripe webhook handler repeats this insert into grants`
}

// The same, the grant keyed by the event: a redelivery conflicts.
func (h *Handler) ReplayedOnce(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEventIgnoringTolerance(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.db.ExecContext(r.Context(), `INSERT INTO grants (event_id, customer, plan) VALUES ($1, $2, 'pro') ON CONFLICT (event_id) DO NOTHING`, event.ID, inv.Customer) // ok: the effect's own key is the event id
}

// A claim whose outcome is ignored lets the redelivery through.
func (h *Handler) CreditUnchecked(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.db.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = $1`, "c") // want `repeats this relative update of wallets.balance`
}

// A publish followed by a credit: when the credit fails, the redelivery
// publishes again.
func (h *Handler) ForwardThenCredit(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.nc.Publish("billing.paid", []byte(event.ID))                                                   // want `repeats this NATS publish`
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = 'c'`) // want `repeats this relative update of wallets.balance`
}

// A POST to the partner, then the grant: a failed grant posts again.
func (h *Handler) NotifyThenGrant(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if _, err := http.Post("https://partner.example.com/paid", "application/json", bytes.NewReader([]byte(event.ID))); err != nil { // want `repeats this POST https://partner.example.com/paid`
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, "c") // want `repeats this insert into grants`
}

// A POST for each line of the invoice: when the third fails, the
// redelivery posts the first two again.
func (h *Handler) NotifyEach(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	var lines []string
	json.Unmarshal(event.Data.Raw, &lines)
	for _, l := range lines {
		if _, err := http.Post("https://partner.example.com/lines", "text/plain", bytes.NewReader([]byte(l))); err != nil { // want `repeats this POST https://partner.example.com/lines`
			w.WriteHeader(http.StatusBadGateway)
			return
		}
	}
}

// A new charge as the handler's last act: Stripe takes an idempotency
// key, and a payment is never retried without one.
func (h *Handler) ChargeLast(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	h.db.ExecContext(r.Context(), `UPDATE invoices SET status = 'charging' WHERE stripe_id = $1`, event.ID)
	if _, err := charge.New(&stripe.ChargeParams{}); err != nil { // want `stripe webhook handler repeats this POST .*; pass an idempotency key derived from event.ID`
		w.WriteHeader(http.StatusBadGateway)
	}
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

// Forwarding the event is the handler's delivery: a redelivery publishes
// again only when the publish failed, and the subscribers deduplicate on
// the event id (a claim first would drop the event when the publish fails).
func (h *Handler) Forward(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err := h.nc.Publish("billing.paid", []byte(event.ID)); err != nil { // ok: the forward is the delivery
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// The POST to the partner is the last act; what follows sets state.
func (h *Handler) Notify(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if _, err := http.Post("https://partner.example.com/paid", "application/json", bytes.NewReader([]byte(event.ID))); err != nil { // ok: the send is the delivery
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	h.db.ExecContext(r.Context(), `UPDATE invoices SET notified = true WHERE stripe_id = $1`, event.ID) // ok: absolute
}

// A claim committed before the charge: one delivery charges.
func (h *Handler) ChargeClaimed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	res, err := h.db.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	charge.New(&stripe.ChargeParams{}) // ok: after the claim
}

// The charge's idempotency key is the event's: Stripe answers a
// redelivery with the first charge.
func (h *Handler) ChargeKeyed(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, _ := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	params := &stripe.ChargeParams{}
	params.SetIdempotencyKey("charge-" + event.ID)
	if _, err := charge.New(params); err != nil { // ok: keyed by the event
		w.WriteHeader(http.StatusBadGateway)
	}
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
