// Package pg is flexprice's postgres client in small: a transaction begun
// by WithTx travels in the context, and Writer hands the repositories the
// transaction's client when the context carries one.
package pg

import (
	"context"

	"entfixture/ent"
)

type IClient interface {
	Writer(ctx context.Context) *ent.Client
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type txKey struct{}

type Client struct{ writer *ent.Client }

func NewClient(c *ent.Client) IClient { return &Client{writer: c} }

func (c *Client) TxFromContext(ctx context.Context) *ent.Tx {
	if tx, ok := ctx.Value(txKey{}).(*ent.Tx); ok {
		return tx
	}
	return nil
}

func (c *Client) Writer(ctx context.Context) *ent.Client {
	if tx := c.TxFromContext(ctx); tx != nil {
		return tx.Client()
	}
	return c.writer
}

func (c *Client) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if tx := c.TxFromContext(ctx); tx != nil {
		return fn(ctx)
	}
	tx, err := c.writer.Tx(ctx)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
