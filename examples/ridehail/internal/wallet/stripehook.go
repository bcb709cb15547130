package wallet

import (
	"encoding/json"
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/idemvet/idemvet/examples/ridehail/internal/db"
)

// checkoutSession is the part of Stripe's checkout.session.completed
// event a top-up needs: the wallet and the amount, put into the session's
// metadata when it was created.
type checkoutSession struct {
	AmountTotal int64 `json:"amount_total"`
	Metadata    struct {
		WalletID int64 `json:"wallet_id,string"`
	} `json:"metadata"`
}

// paidTopUp verifies Stripe's signature and reads the paid session.
func (s *Service) paidTopUp(r *http.Request) (eventID string, sess checkoutSession, ok bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	if err != nil {
		return "", sess, false
	}
	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), s.WebhookSecret)
	if err != nil || event.Type != "checkout.session.completed" {
		return "", sess, false
	}
	if err := json.Unmarshal(event.Data.Raw, &sess); err != nil {
		return "", sess, false
	}
	return event.ID, sess, true
}

// StripeWebhook is the original top-up webhook: credit the wallet for the
// paid checkout session. Stripe delivers each event at least once — it
// retries when the response is slow or lost, and after a deploy — and
// every delivery credits the wallet again.
func (s *Service) StripeWebhook(w http.ResponseWriter, r *http.Request) {
	_, sess, ok := s.paidTopUp(r)
	if !ok {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if err := s.Store.Q.CreditWallet(r.Context(), db.CreditWalletParams{ID: sess.Metadata.WalletID, Amount: sess.AmountTotal}); err != nil { // HAZARD(redelivery)
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// StripeWebhookOnce books the event in the wallet's ledger, keyed by
// Stripe's event id, in the transaction of the credit: a redelivery finds
// the key booked (zero rows) and is acknowledged without a second credit.
func (s *Service) StripeWebhookOnce(w http.ResponseWriter, r *http.Request) {
	eventID, sess, ok := s.paidTopUp(r)
	if !ok {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	err := s.Store.InTx(r.Context(), func(q *db.Queries) error {
		n, err := q.InsertLedgerEntry(r.Context(), db.InsertLedgerEntryParams{WalletID: sess.Metadata.WalletID, AmountCents: sess.AmountTotal, Reason: "stripe top-up", IdempotencyKey: "stripe:" + eventID}) // SAFE(redelivery): the event id claimed in the credit's transaction
		if err != nil || n == 0 {
			return err // 0 rows: this event was booked before
		}
		return q.CreditWallet(r.Context(), db.CreditWalletParams{ID: sess.Metadata.WalletID, Amount: sess.AmountTotal})
	})
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
