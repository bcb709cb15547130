// Package products holds the writer's commands and their handlers, behind
// an interface the consumer calls.
package products

import (
	"context"
	"database/sql"
)

// Create is the command to create a product.
type Create struct {
	ProductID string
	Name      string
}

// NewCreate builds the command from what the message carries.
func NewCreate(id, name string) *Create {
	return &Create{ProductID: id, Name: name}
}

// CreateHandler handles a Create command.
type CreateHandler interface {
	Handle(ctx context.Context, cmd *Create) error
}

type createHandler struct{ repo *Repo }

// NewCreateHandler returns the handler writing through repo.
func NewCreateHandler(repo *Repo) CreateHandler { return &createHandler{repo: repo} }

func (h *createHandler) Handle(ctx context.Context, cmd *Create) error {
	p := &Product{ID: cmd.ProductID, Name: cmd.Name}
	return h.repo.Insert(ctx, p)
}

// Product is a row of products.
type Product struct {
	ID   string
	Name string
}

// Repo writes products.
type Repo struct{ DB *sql.DB }

// Insert inserts the product with its id.
func (r *Repo) Insert(ctx context.Context, p *Product) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO products (product_id, name) VALUES ($1, $2)`, &p.ID, &p.Name)
	return err
}

// Record inserts an event row for the product (a serial key).
func (r *Repo) Record(ctx context.Context, p *Product) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO product_events (product_id, kind) VALUES ($1, 'created')`, &p.ID)
	return err
}
