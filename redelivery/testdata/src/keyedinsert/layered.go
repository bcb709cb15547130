package keyedinsert

import (
	"context"
	"encoding/json"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"keyedinsert/products"
)

// Processor dispatches each message to a command handler behind an
// interface, retrying it.
type Processor struct {
	Create products.CreateHandler
	Repo   *products.Repo
}

type productCreate struct {
	ProductID string `json:"product_id"`
	Name      string `json:"name"`
}

func (p *Processor) Run(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		switch m.Topic {
		case "product.create":
			p.create(ctx, r, m) // ok: the product's key comes from the message, through the command, the interface and the retried closure
		case "product.create.minted":
			p.createMinted(ctx, r, m) // want `kafka-go message handler repeats the insert into products by keyedinsert.Processor.createMinted`
		case "product.created":
			p.record(ctx, r, m) // want `kafka-go message handler repeats the insert into product_events by keyedinsert.Processor.record`
		}
	}
}

func (p *Processor) create(ctx context.Context, r *kafka.Reader, m kafka.Message) {
	var msg productCreate
	if err := json.Unmarshal(m.Value, &msg); err != nil {
		r.CommitMessages(ctx, m)
		return
	}
	cmd := products.NewCreate(msg.ProductID, msg.Name)
	if err := retry.Do(func() error {
		return p.Create.Handle(ctx, cmd)
	}, retry.Context(ctx)); err != nil {
		return
	}
	r.CommitMessages(ctx, m)
}

// The consumer mints the product's id: a redelivery creates a second
// product.
func (p *Processor) createMinted(ctx context.Context, r *kafka.Reader, m kafka.Message) {
	var msg productCreate
	if err := json.Unmarshal(m.Value, &msg); err != nil {
		return
	}
	cmd := products.NewCreate(uuid.NewString(), msg.Name)
	if err := retry.Do(func() error {
		return p.Create.Handle(ctx, cmd)
	}, retry.Context(ctx)); err != nil {
		return
	}
	r.CommitMessages(ctx, m)
}

// product_events is keyed by a serial id: the message's product_id does
// not make a second row fail.
func (p *Processor) record(ctx context.Context, r *kafka.Reader, m kafka.Message) {
	var msg productCreate
	if err := json.Unmarshal(m.Value, &msg); err != nil {
		return
	}
	if err := p.Repo.Record(ctx, &products.Product{ID: msg.ProductID}); err != nil {
		return
	}
	r.CommitMessages(ctx, m)
}
