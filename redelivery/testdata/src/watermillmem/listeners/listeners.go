// Package listeners handles the application's events, which travel on
// the in-process bus only: no redelivery repeats their commits.
package listeners

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"

	"watermillmem/bus"
)

type NotifyMembers struct{ DB *sql.DB }

func (n *NotifyMembers) Handle(msg *message.Message) error {
	_, err := n.DB.Exec(`INSERT INTO notifications (body) VALUES ($1)`, []byte(msg.Payload)) // ok: the gochannel bus does not redeliver
	return err
}

func init() { bus.Register("project.created", &NotifyMembers{}) }
