// Package repo keeps API clients in a repository whose methods end a
// tracing span in a defer and name their results, returning bare.
package repo

import (
	"context"
	"database/sql"
)

type span struct{}

func trace(ctx context.Context, name string) *span { return &span{} }

func (s *span) End() {}

type Client struct {
	ID     int64
	Name   string
	Secret string
}

type Repo struct{ db *sql.DB }

// ByName returns sql.ErrNoRows through its named err when there is none.
func (r *Repo) ByName(ctx context.Context, name string) (c *Client, err error) {
	sp := trace(ctx, "clients.by_name")
	defer sp.End()

	c = &Client{}
	err = r.db.QueryRowContext(ctx, "SELECT id, name, secret FROM clients WHERE name = $1", name).Scan(&c.ID, &c.Name, &c.Secret)
	if err != nil {
		c = nil
		return
	}
	return
}

func (r *Repo) Insert(ctx context.Context, c *Client) (err error) {
	sp := trace(ctx, "clients.insert")
	defer sp.End()

	_, err = r.db.ExecContext(ctx, "INSERT INTO clients (name, secret) VALUES ($1, $2)", c.Name, c.Secret)
	return
}
