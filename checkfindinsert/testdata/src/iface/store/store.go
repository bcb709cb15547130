package store

import (
	"context"
	"database/sql"
)

type Coupons struct{ db *sql.DB }

func (c *Coupons) Redeemed(ctx context.Context, code string, user int64) (bool, error) {
	var ok bool
	err := c.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM redemptions WHERE coupon_code = $1 AND user_id = $2)", code, user).Scan(&ok)
	return ok, err
}

func (c *Coupons) Redeem(ctx context.Context, code string, user int64) error {
	_, err := c.db.ExecContext(ctx, "INSERT INTO redemptions (coupon_code, user_id) VALUES ($1, $2)", code, user)
	return err
}
