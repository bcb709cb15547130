// Package mapperrow reads a product through a repository method that
// converts the row it scanned to the domain type before returning it.
package mapperrow

import (
	"context"
	"database/sql"

	"mapperrow/domain"
)

type Repo struct{ db *sql.DB }

func (r *Repo) Product(ctx context.Context, id int64) (*domain.Product, error) {
	row := &domain.Row{}
	if err := r.db.QueryRowContext(ctx, "SELECT id, stock, name FROM products WHERE id = $1", id).Scan(&row.ID, &row.Stock, &row.Name); err != nil {
		return nil, err
	}
	return domain.FromRow(row), nil
}

func (r *Repo) SetStock(ctx context.Context, id, stock int64) error {
	_, err := r.db.ExecContext(ctx, "UPDATE products SET stock = $1 WHERE id = $2", stock, id)
	return err
}

// Take reads the stock through the conversion and writes it back less one.
func Take(ctx context.Context, r *Repo, id int64) error {
	p, err := r.Product(ctx, id)
	if err != nil {
		return err
	}
	return r.SetStock(ctx, id, p.Stock-1) // want `lost update on products.stock`
}

// Restock writes a count of the caller's.
func Restock(ctx context.Context, r *Repo, id, n int64) error {
	if _, err := r.Product(ctx, id); err != nil {
		return err
	}
	return r.SetStock(ctx, id, n)
}
