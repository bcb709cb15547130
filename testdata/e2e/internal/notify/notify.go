// Package notify publishes domain events and sends messages to people:
// Kafka, NATS, a gRPC receipts service and SMTP. Every method here reaches
// the network.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"net/smtp"
	"strconv"

	"github.com/nats-io/nats.go"
	"github.com/segmentio/kafka-go"
)

// Publisher writes ride and order events to Kafka and NATS.
type Publisher struct {
	Kafka *kafka.Writer
	NATS  *nats.Conn
}

func NewPublisher(brokers []string, nc *nats.Conn) *Publisher {
	return &Publisher{
		Kafka: &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "rides", Balancer: &kafka.Hash{}},
		NATS:  nc,
	}
}

// RideAccepted emits rides.accepted keyed by ride id.
func (p *Publisher) RideAccepted(ctx context.Context, rideID, driverID int64) error {
	payload, err := json.Marshal(map[string]int64{"ride_id": rideID, "driver_id": driverID})
	if err != nil {
		return err
	}
	return p.Kafka.WriteMessages(ctx, kafka.Message{Key: []byte(strconv.FormatInt(rideID, 10)), Value: payload})
}

// Publish sends raw bytes on a NATS subject.
func (p *Publisher) Publish(subject string, payload []byte) error {
	return p.NATS.Publish(subject, payload)
}

// Mailer sends plain-text mail through an SMTP relay.
type Mailer struct {
	Addr string
	Auth smtp.Auth
	From string
}

func (m *Mailer) Send(to, subject, body string) error {
	msg := []byte(fmt.Sprintf("To: %s\r\nSubject: %s\r\n\r\n%s\r\n", to, subject, body))
	return smtp.SendMail(m.Addr, m.Auth, m.From, []string{to}, msg)
}
