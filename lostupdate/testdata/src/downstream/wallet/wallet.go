// Package wallet is the domain package: the entity and the repository
// interface named only Repository, for the package names the entity.
package wallet

import "context"

type Wallet struct {
	ID      string
	Owner   string
	Balance int64
}

type Repository interface {
	Get(ctx context.Context, id string) (*Wallet, error)
	GetByOwner(ctx context.Context, owner string) (*Wallet, error)
	Update(ctx context.Context, w *Wallet) error
}
