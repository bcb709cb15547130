// Package claimkey handles Stripe webhooks whose claims are keyed by
// something other than the event, or commit apart from the work they
// guard.
package claimkey

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

type Hooks struct {
	db     *sql.DB
	rdb    *redis.Client
	secret string
}

type invoice struct {
	ID       string `json:"id"`
	Customer string `json:"customer"`
	Amount   int64  `json:"amount_paid"`
}

func (h *Hooks) event(r *http.Request) (stripe.Event, error) {
	body, _ := io.ReadAll(r.Body)
	return webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
}

// claimed inserts the key into processed_events; false when it was there.
func claimed(ctx context.Context, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, key string) bool {
	res, err := q.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return false
	}
	n, _ := res.RowsAffected()
	return n == 1
}

// ---- reported ----

// A key minted on each delivery is never taken: every redelivery claims
// a new one.
func (h *Hooks) FreshKey(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		return
	}
	res, err := h.db.ExecContext(r.Context(), `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, uuid.NewString())
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	var inv invoice
	json.Unmarshal(event.Data.Raw, &inv)
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + $1 WHERE customer = $2`, inv.Amount, inv.Customer) // want `stripe webhook handler repeats this relative update of wallets.balance when the event is delivered again: the claim at claimkey.go:\d+ keys on a value minted on each delivery; claim event.ID instead`
}

// The receipt time differs on each delivery too.
func (h *Hooks) TimeKey(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	res, err := h.db.ExecContext(r.Context(), `INSERT INTO deliveries (received_at) VALUES ($1) ON CONFLICT DO NOTHING`, time.Now())
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, event.ID) // want `repeats this insert into grants .*: the claim at claimkey.go:\d+ keys on a value minted on each delivery`
}

// A lease on a constant name keeps two deliveries apart in time; when
// the first is done, the redelivery takes it.
func (h *Hooks) ConstKey(w http.ResponseWriter, r *http.Request) {
	if _, err := h.event(r); err != nil {
		return
	}
	res, err := h.db.ExecContext(r.Context(), `UPDATE locks SET held_until = now() + interval '1 minute' WHERE name = 'billing' AND held_until < now()`)
	if err != nil {
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return
	}
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = 'c'`) // want `repeats this relative update of wallets.balance .*: the claim at claimkey.go:\d+ keys on a constant, the same for every event`
}

// An advisory lock is released at the end: a redelivery takes it again.
func (h *Hooks) Advisory(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	var ok bool
	if err := h.db.QueryRowContext(r.Context(), `SELECT pg_try_advisory_lock(hashtext($1))`, event.ID).Scan(&ok); err != nil || !ok {
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, event.ID) // want `repeats this insert into grants .*: the lock at claimkey.go:\d+ is released when the handler is done`
}

// The claim commits in its own transaction, the credit on the pool
// before it: a rollback of the claim lets the redelivery credit again.
func (h *Hooks) ApartTx(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	tx, err := h.db.BeginTx(r.Context(), nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	if !claimed(r.Context(), tx, event.ID) {
		return
	}
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = 'c'`) // want `repeats this relative update of wallets.balance .*: the claim at claimkey.go:\d+ commits in another transaction than this effect; make the claim and the effect in one transaction`
	tx.Commit()
}

// A POST inside the claim's transaction, before its commit: if the commit
// fails, the redelivery posts again.
func (h *Hooks) PostBeforeCommit(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
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
		return
	}
	http.Post("https://partner.example.com/paid", "application/json", bytes.NewReader(nil)) // want `repeats this POST https://partner.example.com/paid .*commits in another transaction`
	tx.Commit()
}

// ---- silent ----

// The seed's fix through a helper, in the transaction of the credit.
func (h *Hooks) SameTx(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	tx, _ := h.db.BeginTx(r.Context(), nil)
	defer tx.Rollback()
	if !claimed(r.Context(), tx, event.ID) {
		return
	}
	tx.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + 100 WHERE customer = 'c'`) // ok: one transaction with the claim
	tx.Commit()
}

// The claim commits first; the POST after it may be lost, never repeated.
func (h *Hooks) PostAfterCommit(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	tx, _ := h.db.BeginTx(r.Context(), nil)
	defer tx.Rollback()
	if !claimed(r.Context(), tx, event.ID) {
		return
	}
	if err := tx.Commit(); err != nil {
		return
	}
	http.Post("https://partner.example.com/paid", "application/json", bytes.NewReader(nil)) // ok: after the claim committed
}

// A claim on the pool commits at once, before the effect.
func (h *Hooks) PoolClaim(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	if !claimed(r.Context(), h.db, "stripe:"+event.ID) {
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, "c") // ok: the claim committed first
}

// The invoice id from the payload is the same on every delivery of the
// event (and on the other events about the same invoice): a claim on it
// turns the redelivery away.
func (h *Hooks) PayloadKey(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	var inv invoice
	if err := json.Unmarshal(event.Data.Raw, &inv); err != nil {
		return
	}
	if !claimed(r.Context(), h.db, inv.ID) {
		return
	}
	h.db.ExecContext(r.Context(), `UPDATE wallets SET balance = balance + $1 WHERE customer = $2`, inv.Amount, inv.Customer) // ok: claimed on the invoice
}

// SET NX of the event id, kept for a day: the redelivery finds it.
func (h *Hooks) RedisClaim(w http.ResponseWriter, r *http.Request) {
	event, err := h.event(r)
	if err != nil {
		return
	}
	ok, err := h.rdb.SetNX(r.Context(), "stripe:event:"+event.ID, 1, 24*time.Hour).Result()
	if err != nil || !ok {
		return
	}
	h.db.ExecContext(r.Context(), `INSERT INTO grants (customer, plan) VALUES ($1, 'pro')`, "c") // ok: the event id is taken in redis
}
