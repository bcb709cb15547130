// Package api exposes ridehail over HTTP. The /v1 routes are the original
// handlers, kept to show each hazard in context; the /v2 routes call the
// corrected code paths.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strconv"

	"github.com/idemvet/idemvet/examples/ridehail/internal/dispatch"
	"github.com/idemvet/idemvet/examples/ridehail/internal/store"
	"github.com/idemvet/idemvet/examples/ridehail/internal/wallet"
)

type Server struct {
	Store    *store.Store
	Dispatch *dispatch.Service
	Wallet   *wallet.Service
}

func (s *Server) Routes() http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("POST /v1/riders", s.registerV1)
	mux.HandleFunc("POST /v1/rides/{id}/accept", s.acceptV1)
	mux.HandleFunc("POST /v1/rides/{id}/complete", s.completeV1)
	mux.HandleFunc("POST /v1/rides/{id}/rating", s.rateV1)
	mux.HandleFunc("DELETE /v1/rides/{id}/rating", s.withdrawV1)
	mux.HandleFunc("POST /v1/wallets/{id}/debit", s.debitV1)
	mux.HandleFunc("POST /v1/wallets/{id}/topup", s.topUpV1)
	mux.HandleFunc("POST /v1/webhooks/stripe", s.Wallet.StripeWebhook)

	mux.HandleFunc("POST /v2/riders", s.registerV2)
	mux.HandleFunc("POST /v2/rides/{id}/accept", s.acceptV2)
	mux.HandleFunc("POST /v2/rides/{id}/complete", s.completeV2)
	mux.HandleFunc("POST /v2/rides/{id}/rating", s.rateV2)
	mux.HandleFunc("DELETE /v2/rides/{id}/rating", s.withdrawV2)
	mux.HandleFunc("POST /v2/wallets/{id}/debit", s.debitV2)
	mux.HandleFunc("POST /v2/wallets/{id}/topup", s.topUpV2)
	mux.HandleFunc("POST /v2/webhooks/stripe", s.Wallet.StripeWebhookOnce)

	mux.HandleFunc("GET /rides/open", s.openRides)
	mux.HandleFunc("GET /drivers/{id}/profile", s.profile)
	mux.HandleFunc("PUT /v1/drivers/{id}/profile", s.saveProfileV1)
	mux.HandleFunc("PUT /v2/drivers/{id}/profile", s.saveProfileV2)
	return mux
}

// ---- plumbing ----

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, store.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, store.ErrEmailTaken), errors.Is(err, store.ErrRideTaken), errors.Is(err, store.ErrAlreadyRated):
		status = http.StatusConflict
	case errors.Is(err, store.ErrInsufficientFunds):
		status = http.StatusPaymentRequired
	case errors.Is(err, wallet.ErrNoKey):
		status = http.StatusBadRequest
	default:
		log.Printf("internal error: %v", err)
	}
	writeJSON(w, status, map[string]string{"error": http.StatusText(status)})
}

func pathInt(r *http.Request, name string) (int64, error) {
	return strconv.ParseInt(r.PathValue(name), 10, 64)
}

// driverID is the authenticated driver; a real deployment takes it from
// the session, not a header.
func driverID(r *http.Request) (int64, error) {
	return strconv.ParseInt(r.Header.Get("X-Driver-ID"), 10, 64)
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return false
	}
	return true
}

type registerRequest struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

type amountRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

type ratingRequest struct {
	DriverID int64 `json:"driver_id"`
	Stars    int16 `json:"stars"`
}

// ---- riders ----

func (s *Server) registerV1(w http.ResponseWriter, r *http.Request) {
	var in registerRequest
	if !decode(w, r, &in) {
		return
	}
	id, err := s.Store.RegisterRider(r.Context(), in.Email, in.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": id})
}

func (s *Server) registerV2(w http.ResponseWriter, r *http.Request) {
	var in registerRequest
	if !decode(w, r, &in) {
		return
	}
	id, err := s.Store.RegisterRiderIdempotent(r.Context(), in.Email, in.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"id": id})
}

// ---- rides ----

func (s *Server) acceptV1(w http.ResponseWriter, r *http.Request) {
	s.accept(w, r, s.Dispatch.AcceptRide)
}

func (s *Server) acceptV2(w http.ResponseWriter, r *http.Request) {
	s.accept(w, r, s.Dispatch.AcceptRideChecked)
}

func (s *Server) accept(w http.ResponseWriter, r *http.Request, accept func(ctx context.Context, rideID, driverID int64) error) {
	rideID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad ride id", http.StatusBadRequest)
		return
	}
	drv, err := driverID(r)
	if err != nil {
		http.Error(w, "unauthenticated", http.StatusUnauthorized)
		return
	}
	if err := accept(r.Context(), rideID, drv); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) completeV1(w http.ResponseWriter, r *http.Request) {
	s.complete(w, r, false)
}

func (s *Server) completeV2(w http.ResponseWriter, r *http.Request) {
	s.complete(w, r, true)
}

func (s *Server) complete(w http.ResponseWriter, r *http.Request, idempotent bool) {
	rideID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad ride id", http.StatusBadRequest)
		return
	}
	drv, err := driverID(r)
	if err != nil {
		http.Error(w, "unauthenticated", http.StatusUnauthorized)
		return
	}
	ride, err := s.Dispatch.CompleteRide(r.Context(), rideID, drv)
	if err != nil {
		writeError(w, err)
		return
	}
	charge := s.Dispatch.ChargeFare
	if idempotent {
		charge = s.Dispatch.ChargeFareIdempotent
	}
	ch, err := charge(r.Context(), ride)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ch)
}

func (s *Server) rateV1(w http.ResponseWriter, r *http.Request) {
	s.rate(w, r, s.Store.RateDriver)
}

func (s *Server) rateV2(w http.ResponseWriter, r *http.Request) {
	s.rate(w, r, s.Store.RateDriverAtomic)
}

func (s *Server) rate(w http.ResponseWriter, r *http.Request, rate func(ctx context.Context, rideID, driverID int64, stars int16) error) {
	rideID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad ride id", http.StatusBadRequest)
		return
	}
	var in ratingRequest
	if !decode(w, r, &in) {
		return
	}
	if in.Stars < 1 || in.Stars > 5 {
		http.Error(w, "stars must be 1..5", http.StatusBadRequest)
		return
	}
	if err := rate(r.Context(), rideID, in.DriverID, in.Stars); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) withdrawV1(w http.ResponseWriter, r *http.Request) {
	s.withdraw(w, r, s.Store.WithdrawRating)
}

func (s *Server) withdrawV2(w http.ResponseWriter, r *http.Request) {
	s.withdraw(w, r, s.Store.WithdrawRatingAtomic)
}

func (s *Server) withdraw(w http.ResponseWriter, r *http.Request, withdraw func(ctx context.Context, rideID, driverID int64) error) {
	rideID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad ride id", http.StatusBadRequest)
		return
	}
	var in ratingRequest
	if !decode(w, r, &in) {
		return
	}
	if err := withdraw(r.Context(), rideID, in.DriverID); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) openRides(w http.ResponseWriter, r *http.Request) {
	rides, err := s.Dispatch.OpenRides(r.Context(), 50)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rides)
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request) {
	id, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad driver id", http.StatusBadRequest)
		return
	}
	p, err := s.Store.Profile(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"name": p.DisplayName, "vehicle": p.Vehicle, "rating": p.Average()})
}

func (s *Server) saveProfileV1(w http.ResponseWriter, r *http.Request) {
	s.saveProfile(w, r, s.Store.SaveProfile)
}

func (s *Server) saveProfileV2(w http.ResponseWriter, r *http.Request) {
	s.saveProfile(w, r, s.Store.SaveProfileFields)
}

// saveProfile decodes the fields a driver edits; the rating sums stay zero
// in the decoded profile.
func (s *Server) saveProfile(w http.ResponseWriter, r *http.Request, save func(ctx context.Context, p *store.DriverProfile) error) {
	id, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad driver id", http.StatusBadRequest)
		return
	}
	var body struct {
		DisplayName string `json:"display_name"`
		Vehicle     string `json:"vehicle"`
	}
	if !decode(w, r, &body) {
		return
	}
	if err := save(r.Context(), &store.DriverProfile{DriverID: id, DisplayName: body.DisplayName, Vehicle: body.Vehicle}); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ---- wallets ----

func (s *Server) debitV1(w http.ResponseWriter, r *http.Request) {
	s.debit(w, r, s.Wallet.Debit)
}

func (s *Server) debitV2(w http.ResponseWriter, r *http.Request) {
	s.debit(w, r, s.Wallet.DebitAtomic)
}

func (s *Server) debit(w http.ResponseWriter, r *http.Request, debit func(ctx context.Context, walletID, amount int64) error) {
	walletID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad wallet id", http.StatusBadRequest)
		return
	}
	var in amountRequest
	if !decode(w, r, &in) {
		return
	}
	if err := debit(r.Context(), walletID, in.AmountCents); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) topUpV1(w http.ResponseWriter, r *http.Request) {
	walletID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad wallet id", http.StatusBadRequest)
		return
	}
	var in amountRequest
	if !decode(w, r, &in) {
		return
	}
	if err := s.Wallet.TopUp(r.Context(), walletID, in.AmountCents); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// topUpV2 requires the client's Idempotency-Key and answers 202: the charge
// runs after commit, from the outbox.
func (s *Server) topUpV2(w http.ResponseWriter, r *http.Request) {
	walletID, err := pathInt(r, "id")
	if err != nil {
		http.Error(w, "bad wallet id", http.StatusBadRequest)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, wallet.ErrNoKey)
		return
	}
	var in amountRequest
	if !decode(w, r, &in) {
		return
	}
	if err := s.Wallet.RequestTopUp(r.Context(), walletID, in.AmountCents, key); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
