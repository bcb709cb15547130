// Package orders holds the order service's rules, on the store.
package orders

import (
	"context"

	"mintedkey/domain"
	"mintedkey/store"
)

// Service places orders.
type Service struct{ Store *store.Store }

// Place makes a new order: its id is minted by the constructor.
func (s *Service) Place(ctx context.Context, customer string, total int64) error {
	return s.Store.InsertOrder(ctx, domain.NewOrder(customer, total))
}

// PlaceValid checks the order first; its id is minted too.
func (s *Service) PlaceValid(ctx context.Context, customer string, total int64) error {
	o, err := domain.ValidOrder(customer, total)
	if err != nil {
		return err
	}
	return s.Store.InsertOrder(ctx, o)
}

// PlaceFor makes the order a message asked for, keyed by its id.
func (s *Service) PlaceFor(ctx context.Context, messageID, customer string, total int64) error {
	return s.Store.InsertOrder(ctx, domain.OrderFor(messageID, customer, total))
}

// NewPending checks and makes an order for later placement: the id is
// ValidOrder's, minted two constructors down.
func NewPending(customer string, total int64) (*domain.Order, error) {
	o, err := domain.ValidOrder(customer, total)
	if err != nil {
		return nil, err
	}
	return o, nil
}

// Rush makes a rush order, its id minted by domain.NewOrder.
func Rush(customer string, total int64) *domain.Order {
	return domain.NewRushOrder(customer, total)
}
