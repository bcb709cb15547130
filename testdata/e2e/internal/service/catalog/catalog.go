// Package catalog manages products through sqlc's database/sql queries.
package catalog

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
	"github.com/lib/pq/pqerror"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

type Service struct {
	Q *sqlq.Queries
}

// AddProduct: GetProductBySKU, CreateProduct on sql.ErrNoRows.
func (s *Service) AddProduct(ctx context.Context, sku, name string, priceCents int64) (sqlq.Product, error) {
	p, err := s.Q.GetProductBySKU(ctx, sku)
	switch {
	case err == nil:
		return p, domain.ErrExists
	case errors.Is(err, sql.ErrNoRows):
		return s.Q.CreateProduct(ctx, sqlq.CreateProductParams{Sku: sku, Name: name, PriceCents: priceCents}) // HAZARD(checkfindinsert)
	default:
		return p, err
	}
}

// AddProductChecked recognizes the unique violation with pq.As.
func (s *Service) AddProductChecked(ctx context.Context, sku, name string, priceCents int64) (sqlq.Product, error) {
	if p, err := s.Q.GetProductBySKU(ctx, sku); err == nil {
		return p, domain.ErrExists
	} else if !errors.Is(err, sql.ErrNoRows) {
		return p, err
	}
	p, err := s.Q.CreateProduct(ctx, sqlq.CreateProductParams{Sku: sku, Name: name, PriceCents: priceCents}) // SAFE(checkfindinsert): pq.As(err, pqerror.UniqueViolation) handled
	if pq.As(err, pqerror.UniqueViolation) != nil {
		return p, domain.ErrExists
	}
	return p, err
}
