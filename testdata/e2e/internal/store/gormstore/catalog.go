package gormstore

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ImportProduct loads a supplier's catalog line. UpdateAll also writes the
// supplier's stock figure over the stock that sales have decremented since.
func (s *Store) ImportProduct(ctx context.Context, p *Product) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "sku"}}, UpdateAll: true}).Create(p).Error // HAZARD(upsert)
}

// ImportProductColumns updates only what the supplier owns.
func (s *Store) ImportProductColumns(ctx context.Context, p *Product) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "sku"}}, DoUpdates: clause.AssignmentColumns([]string{"name", "price_cents"})}).Create(p).Error // SAFE(upsert): the columns spelled out
}

// ListProduct puts a new product on sale with no stock; listing it again
// empties the stock that deliveries have added since.
func (s *Store) ListProduct(ctx context.Context, sku, name string, price int64) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "sku"}}, DoUpdates: clause.AssignmentColumns([]string{"name", "price_cents", "stock"})}).Create(&Product{SKU: sku, Name: name, PriceCents: price, Stock: 0}).Error // HAZARD(upsert)
}

// Restock adds the delivered quantity to the existing stock.
func (s *Store) Restock(ctx context.Context, sku string, qty int32) error {
	return s.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "sku"}},
		DoUpdates: clause.Assignments(map[string]any{"stock": gorm.Expr("products.stock + excluded.stock")}),
	}).Create(&Product{SKU: sku, Stock: qty}).Error // SAFE(upsert): stock computed from the existing value
}
