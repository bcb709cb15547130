// Package api is the HTTP layer: it parses requests, calls the services
// and maps domain errors to status codes. It holds no hazards itself.
package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/billing"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/dispatch"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/docs"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/posts"
	"github.com/idemvet/idemvet/testdata/e2e/internal/service/users"
)

type Handler struct {
	Users    *users.Service
	Posts    *posts.Service
	Docs     *docs.Service
	Dispatch *dispatch.Service
	Billing  *billing.Service
}

func (h *Handler) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /users", h.register)
	mux.HandleFunc("GET /posts/{id}", h.viewPost)
	mux.HandleFunc("PUT /documents/{id}", h.saveDocument)
	mux.HandleFunc("POST /rides/{id}/accept", h.acceptRide)
	mux.HandleFunc("POST /orders/{id}/charge", h.chargeOrder)
	return mux
}

func writeError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		http.Error(w, err.Error(), http.StatusNotFound)
	case errors.Is(err, domain.ErrEmailTaken), errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrRideTaken):
		http.Error(w, err.Error(), http.StatusConflict)
	default:
		http.Error(w, "internal error", http.StatusInternalServerError)
	}
}

func pathID(r *http.Request) (int64, error) {
	return strconv.ParseInt(r.PathValue("id"), 10, 64)
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email, Name string }
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id, err := h.Users.RegisterHandled(r.Context(), in.Email, in.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]int64{"id": id})
}

func (h *Handler) viewPost(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p, err := h.Posts.RecordViewAtomic(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	_ = json.NewEncoder(w).Encode(p)
}

func (h *Handler) saveDocument(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var d domain.Document
	if err := json.NewDecoder(r.Body).Decode(&d); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	d.ID = id
	if err := h.Docs.Save(r.Context(), d); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) acceptRide(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	driverID, err := strconv.ParseInt(r.Header.Get("X-Driver-ID"), 10, 64)
	if err != nil {
		http.Error(w, "missing driver", http.StatusUnauthorized)
		return
	}
	if err := h.Dispatch.AcceptChecked(r.Context(), id, driverID); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) chargeOrder(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var in struct {
		CustomerID  int64 `json:"customer_id"`
		AmountCents int64 `json:"amount_cents"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.Billing.ChargeOrderKeyed(r.Context(), id, in.CustomerID, in.AmountCents); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
