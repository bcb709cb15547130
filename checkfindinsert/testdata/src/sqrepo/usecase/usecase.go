// Package usecase opens wallets: the use case looks the account's wallet
// for the purpose up through the repository interface and creates it when
// the repository says it is missing.
package usecase

import (
	"context"
	"errors"
	"net/http"

	"sqrepo/fail"
	"sqrepo/store"
)

// Wallets is what the use case needs of the repository.
type Wallets interface {
	FindByPurpose(ctx context.Context, org, account, purpose string) (*store.Wallet, error)
	Lookup(ctx context.Context, org, account, purpose string) (*store.Wallet, error)
	Create(ctx context.Context, w *store.Wallet) error
	CreateOnce(ctx context.Context, w *store.Wallet) error
}

type UseCase struct{ Wallets Wallets }

var _ Wallets = (*store.Repo)(nil)

func newID() string { return "w-1" }

// EnsureReserve opens the account's reserve wallet the first time it is
// asked for: two requests at once both find none and both create one.
func (uc *UseCase) EnsureReserve(ctx context.Context, org, account string) error {
	existing, err := uc.Wallets.FindByPurpose(ctx, org, account, "reserve")
	if err != nil {
		var nf fail.NotFound
		if !errors.As(err, &nf) {
			return err
		}
		existing = nil
	}
	if existing != nil {
		return nil
	}
	w := &store.Wallet{ID: newID(), Org: org, Account: account, Purpose: "reserve"}
	return uc.Wallets.Create(ctx, w) // want `check-then-insert on wallet\(org_id, account_id, purpose\)`
}

// EnsureFees tests the wallet the lookup returned, nil when it found none.
func (uc *UseCase) EnsureFees(ctx context.Context, org, account string) error {
	w, err := uc.Wallets.Lookup(ctx, org, account, "fees")
	if err != nil && !errors.Is(err, store.ErrNoWallet) {
		return err
	}
	if w != nil {
		return nil
	}
	return uc.Wallets.Create(ctx, &store.Wallet{ID: newID(), Org: org, Account: account, Purpose: "fees"}) // want `check-then-insert on wallet\(org_id, account_id, purpose\)`
}

// Handle serves the request that opens the wallet.
func (uc *UseCase) Handle(w http.ResponseWriter, r *http.Request) {
	if err := uc.EnsureReserve(r.Context(), r.FormValue("org"), r.FormValue("account")); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// ---- silent ----

// EnsureReserveOnce creates the wallet with ON CONFLICT DO NOTHING.
func (uc *UseCase) EnsureReserveOnce(ctx context.Context, org, account string) error {
	existing, err := uc.Wallets.FindByPurpose(ctx, org, account, "reserve")
	if err != nil {
		var nf fail.NotFound
		if !errors.As(err, &nf) {
			return err
		}
		existing = nil
	}
	if existing != nil {
		return nil
	}
	w := &store.Wallet{ID: newID(), Org: org, Account: account, Purpose: "reserve"}
	return uc.Wallets.CreateOnce(ctx, w) // ok: ON CONFLICT
}

// OpenSpare looks the reserve wallet up and creates a spare one: another
// purpose, another key.
func (uc *UseCase) OpenSpare(ctx context.Context, org, account string) error {
	existing, err := uc.Wallets.FindByPurpose(ctx, org, account, "reserve")
	if err != nil {
		var nf fail.NotFound
		if !errors.As(err, &nf) {
			return err
		}
		existing = nil
	}
	if existing != nil {
		return nil
	}
	w := &store.Wallet{ID: newID(), Org: org, Account: account, Purpose: "spare"}
	return uc.Wallets.Create(ctx, w) // ok: the lookup was of the reserve wallet
}
