// Package mintedkey consumes order messages; the orders and shipments it
// inserts are keyed by ids their constructors mint, or by the message.
package mintedkey

import (
	"context"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"

	"mintedkey/domain"
	"mintedkey/orders"
	"mintedkey/store"
)

type Consumer struct {
	Orders *orders.Service
	Store  *store.Store
}

type placeOrder struct {
	OrderID  string `json:"order_id"`
	Customer string `json:"customer"`
	Total    int64  `json:"total"`
}

// ---- reported: the key is minted again on each delivery ----

func (c *Consumer) OnPlace(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	ctx := context.Background()
	if err := c.Orders.Place(ctx, m.Customer, m.Total); err != nil { // want `amqp message handler repeats the insert into orders by orders.Service.Place at store.go:\d+ when the message is delivered again`
		return err
	}
	return d.Ack(false)
}

func (c *Consumer) OnPlaceValid(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Orders.PlaceValid(context.Background(), m.Customer, m.Total) // want `amqp message handler repeats the insert into orders by orders.Service.PlaceValid`
}

func (c *Consumer) OnPlaceDirect(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), domain.NewOrder(m.Customer, m.Total)) // want `amqp message handler repeats the insert into orders by store.Store.InsertOrder`
}

func (c *Consumer) OnShip(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertShipment(context.Background(), domain.NewShipment(m.OrderID)) // want `amqp message handler repeats the insert into shipments by store.Store.InsertShipment`
}

// The constructors wrap other constructors, in domain and across packages.
func (c *Consumer) OnRush(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), domain.NewRushOrder(m.Customer, m.Total)) // want `amqp message handler repeats the insert into orders by store.Store.InsertOrder`
}

func (c *Consumer) OnPending(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	o, err := orders.NewPending(m.Customer, m.Total)
	if err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), o) // want `amqp message handler repeats the insert into orders by store.Store.InsertOrder`
}

func (c *Consumer) OnRushWrapped(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), orders.Rush(m.Customer, m.Total)) // want `amqp message handler repeats the insert into orders by store.Store.InsertOrder`
}

// ---- silent: the key comes from the message; a redelivery violates it ----

func (c *Consumer) OnPlaceFor(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Orders.PlaceFor(context.Background(), d.MessageId, m.Customer, m.Total) // ok: keyed by the message's id
}

func (c *Consumer) OnPlaceForDirect(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), domain.OrderFor(m.OrderID, m.Customer, m.Total)) // ok: keyed by the message's order id
}

func (c *Consumer) OnShipFor(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertShipment(context.Background(), domain.ShipmentFor(m.OrderID)) // ok: keyed by the order
}

func (c *Consumer) OnRushFor(d amqp.Delivery) error {
	var m placeOrder
	if err := json.Unmarshal(d.Body, &m); err != nil {
		return d.Nack(false, false)
	}
	return c.Store.InsertOrder(context.Background(), domain.RushOrderFor(d.MessageId, m.Customer, m.Total)) // ok: NewOrder's id replaced by the message's
}
