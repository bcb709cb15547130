// Package db wraps xorm's engine with helpers taking any bean.
package db

import (
	"context"

	"xorm.io/xorm"
)

var x *xorm.Engine

// Get loads the bean by its set fields.
func Get(ctx context.Context, bean any) (bool, error) {
	return x.Context(ctx).Get(bean)
}

// Insert inserts the beans, whatever their models.
func Insert(ctx context.Context, beans ...any) error {
	_, err := x.Context(ctx).Insert(beans...)
	return err
}
