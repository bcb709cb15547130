// Package domain holds the service's types and their conversion from the
// storage rows, as layered services keep them.
package domain

type Row struct {
	ID    int64
	Stock int64
	Name  string
}

type Product struct {
	ID    int64
	Stock int64
	Label string
}

// FromRow converts a storage row to the domain type.
func FromRow(r *Row) *Product {
	if r == nil {
		return nil
	}
	return &Product{ID: r.ID, Stock: r.Stock, Label: r.Name}
}
