// Package customer declares the entity and its repository, named only
// Repository: the package names the entity.
package customer

import "context"

type Customer struct {
	ID        string
	LookupKey string
	Name      string
}

type Repository interface {
	Create(ctx context.Context, c *Customer) error
	Get(ctx context.Context, id string) (*Customer, error)
	GetByLookupKey(ctx context.Context, key string) (*Customer, error)
	Update(ctx context.Context, c *Customer) error
	List(ctx context.Context) ([]*Customer, error)
}

type CouponRepo interface {
	ExistsByCode(ctx context.Context, code string) (bool, error)
}
