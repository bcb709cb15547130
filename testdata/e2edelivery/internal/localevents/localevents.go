// Package localevents runs in-process events on watermill's gochannel,
// which loses a message with the process and never redelivers one after
// its handler committed.
package localevents

import (
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"github.com/idemvet/idemvet/testdata/e2edelivery/internal/store"
)

type Deposits struct{ DB *sql.DB }

func (d *Deposits) Deposited(msg *message.Message) error {
	return store.Credit(msg.Context(), d.DB, string(msg.Payload), 10) // SAFE(redelivery): gochannel does not redeliver
}

func Route(r *message.Router, d *Deposits) {
	bus := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 64}, nil)
	r.AddNoPublisherHandler("deposited", "deposits", bus, d.Deposited)
}
