// Package durable consumes the same events from a durable watermill
// subscriber (watermill-sql) as well: its messages come again after a
// crash that follows the handler's commit.
package durable

import (
	"database/sql"

	wsql "github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"

	"watermillmem/bus"
)

type NotifyMembers struct{ DB *sql.DB }

func (n *NotifyMembers) Handle(msg *message.Message) error {
	_, err := n.DB.Exec(`INSERT INTO notifications (body) VALUES ($1)`, []byte(msg.Payload)) // want `watermill message handler repeats this insert into notifications when the message is delivered again`
	return err
}

func Subscribe(r *message.Router, db *sql.DB) error {
	sub, err := wsql.NewSubscriber(db, wsql.SubscriberConfig{ConsumerGroup: "notify"}, nil)
	if err != nil {
		return err
	}
	r.AddConsumerHandler("notify", "project.created", sub, (&NotifyMembers{DB: db}).Handle)
	bus.Register("project.created", &NotifyMembers{DB: db})
	return nil
}
