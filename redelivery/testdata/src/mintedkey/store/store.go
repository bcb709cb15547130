// Package store is the order service's repository.
package store

import (
	"context"
	"database/sql"

	"mintedkey/domain"
)

// Store writes orders and shipments.
type Store struct{ DB *sql.DB }

// InsertOrder inserts the order with its id.
func (s *Store) InsertOrder(ctx context.Context, o *domain.Order) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO orders (id, customer_id, total) VALUES ($1, $2, $3)`, o.ID, o.CustomerID, o.Total)
	return err
}

// InsertShipment inserts the shipment with its id.
func (s *Store) InsertShipment(ctx context.Context, sh domain.Shipment) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO shipments (id, order_id) VALUES ($1, $2)`, sh.ID, sh.OrderID)
	return err
}
