// Package domain holds the order service's entities and their
// constructors.
package domain

import (
	"errors"

	"github.com/google/uuid"

	"mintedkey/ids"
)

// Order is a row of orders.
type Order struct {
	ID         string
	CustomerID string
	Total      int64
	Rush       bool
}

// NewOrder makes an order with a new id.
func NewOrder(customer string, total int64) *Order {
	return &Order{ID: uuid.NewString(), CustomerID: customer, Total: total}
}

// NewRushOrder is NewOrder marked for express handling: its id is the
// one NewOrder minted.
func NewRushOrder(customer string, total int64) *Order {
	o := NewOrder(customer, total)
	o.Rush = true
	return o
}

// RushOrderFor is the rush order a message asked for: NewOrder's id
// replaced by the message's.
func RushOrderFor(messageID, customer string, total int64) *Order {
	o := NewOrder(customer, total)
	o.ID = messageID
	o.Rush = true
	return o
}

// OrderFor makes the order a message asked for, keyed by the message's id.
func OrderFor(messageID, customer string, total int64) *Order {
	return &Order{ID: messageID, CustomerID: customer, Total: total}
}

// ValidOrder checks the order's fields and makes it with a new id.
func ValidOrder(customer string, total int64) (*Order, error) {
	if total <= 0 {
		return nil, errors.New("total must be positive")
	}
	o := &Order{CustomerID: customer, Total: total}
	o.ID = uuid.New().String()
	return o, nil
}

// Shipment is a row of shipments.
type Shipment struct {
	ID      string
	OrderID string
}

// NewShipment makes a shipment with an id of the service's own minting.
func NewShipment(orderID string) Shipment {
	return Shipment{ID: ids.New("shp"), OrderID: orderID}
}

// ShipmentFor makes the shipment of an order, keyed by the order.
func ShipmentFor(orderID string) Shipment {
	return Shipment{ID: "shp_" + orderID, OrderID: orderID}
}
