package repo

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// One and All are executor wrappers that scan into a destination their
// caller passes (an application's own query bus over sqlx).
type Bus struct{ x *sqlx.DB }

func (b *Bus) One(ctx context.Context, dest any, q string, args ...any) error { // want One:"wrapper sql=p3"
	return b.x.GetContext(ctx, dest, q, args...)
}

func (b *Bus) All(ctx context.Context, dest any, q string, args ...any) error { // want All:"wrapper sql=p3"
	return b.x.SelectContext(ctx, dest, q, args...)
}
