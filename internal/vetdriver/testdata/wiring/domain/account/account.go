// Package account declares the repository the service is written against.
package account

import "context"

type Account struct {
	ID      int64
	Balance int64
}

type Repository interface {
	Account(ctx context.Context, id int64) (Account, error)
	SaveBalance(ctx context.Context, id, balance int64) error
}
