// Package domainsapi is the public API's handler: it checks the domain it
// read, then asks the control plane, through a client interface that the
// control plane's service implements, to act.
package domainsapi

import (
	"context"
	"database/sql"
	"errors"

	"staleguard/domainsrpc"
)

var ErrAlreadyVerified = errors.New("already verified")

// DomainClient is the control plane's client.
type DomainClient interface {
	RetryVerification(ctx context.Context, name, invocation string) error
	Reset(ctx context.Context, name, invocation string) error
}

var _ DomainClient = (*domainsrpc.Service)(nil)

// QDomainClient is the client of the control plane that reads through its
// querier.
type QDomainClient interface {
	Reverify(ctx context.Context, name, invocation string) error
}

var _ QDomainClient = (*domainsrpc.QService)(nil)

type Handler struct {
	DB    *sql.DB
	Ctrl  DomainClient
	QCtrl QDomainClient
}

func (h *Handler) status(ctx context.Context, name string) (string, error) {
	var status string
	err := h.DB.QueryRowContext(ctx, "SELECT status FROM custom_domains WHERE domain = $1", name).Scan(&status)
	return status, err
}

// Verify answers early for a verified domain; the control plane reads the
// domain again and makes the check that decides its update.
func (h *Handler) Verify(ctx context.Context, name string) error {
	status, err := h.status(ctx, name)
	if err != nil {
		return err
	}
	if status == "verified" {
		return ErrAlreadyVerified
	}
	return h.Ctrl.RetryVerification(ctx, name, newInvocation()) // ok: the callee re-reads custom_domains.status and decides on it
}

// VerifyQ is Verify against the control plane that reads the domain
// through a querier whose implementation is not in view.
func (h *Handler) VerifyQ(ctx context.Context, name string) error {
	status, err := h.status(ctx, name)
	if err != nil {
		return err
	}
	if status == "verified" {
		return ErrAlreadyVerified
	}
	return h.QCtrl.Reverify(ctx, name, newInvocation()) // ok: the callee re-reads custom_domains.status through its querier and decides on it
}

// ---- reported: the callee writes on this check's word ----

func (h *Handler) ResetDomain(ctx context.Context, name string) error {
	status, err := h.status(ctx, name)
	if err != nil {
		return err
	}
	if status == "verified" {
		return ErrAlreadyVerified
	}
	return h.Ctrl.Reset(ctx, name, newInvocation()) // want `check-then-update on custom_domains\(status\)`
}

func newInvocation() string { return "inv-1" }
