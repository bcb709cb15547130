// Package amqp091 is a stand-in for github.com/rabbitmq/amqp091-go.
package amqp091

type Table map[string]interface{}

type Delivery struct {
	MessageId     string
	CorrelationId string
	Redelivered   bool
	RoutingKey    string
	Body          []byte
}

func (d Delivery) Ack(multiple bool) error           { return nil }
func (d Delivery) Nack(multiple, requeue bool) error { return nil }

type Publishing struct {
	MessageId string
	Body      []byte
}

type Channel struct{}

func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}
func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}
