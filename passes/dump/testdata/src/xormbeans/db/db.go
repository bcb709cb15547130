// Package db wraps xorm's engine with helpers taking any bean, the way a
// large application shares them among its models.
package db

import (
	"context"

	"xorm.io/xorm"
)

var x *xorm.Engine

// Insert inserts the beans, whatever their models.
func Insert(ctx context.Context, beans ...any) error {
	_, err := x.Context(ctx).Insert(beans...) // want `insert \? on x`
	return err
}

// GetByID loads the bean of its model by primary key.
func GetByID(ctx context.Context, id int64, bean any) (bool, error) {
	return x.Context(ctx).ID(id).Get(bean) // want `select \? where id=\$id reads \?\->bean on x; found\? bool`
}

// DeleteByID deletes the bean's row by primary key.
func DeleteByID(ctx context.Context, id int64, bean any) (int64, error) {
	return x.Context(ctx).ID(id).Delete(bean) // want `delete \? where id=\$id on x; rows returned`
}

// Get loads the bean by its set fields.
func Get(ctx context.Context, bean any) (bool, error) {
	return x.Context(ctx).Get(bean) // want `select \? reads \?\->bean on x; found\? bool`
}
