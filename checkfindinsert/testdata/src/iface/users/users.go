package users

import (
	"context"
	"errors"

	_ "iface/store" // the implementation is visible to this package
)

// CouponStore is implemented by store.Coupons.
type CouponStore interface {
	Redeemed(ctx context.Context, code string, user int64) (bool, error)
	Redeem(ctx context.Context, code string, user int64) error
}

type Service struct{ coupons CouponStore }

func (s *Service) Redeem(ctx context.Context, code string, user int64) error {
	done, err := s.coupons.Redeemed(ctx, code, user)
	if err != nil {
		return err
	}
	if done {
		return errors.New("already redeemed")
	}
	return s.coupons.Redeem(ctx, code, user) // want `check-then-insert on redemptions\(coupon_code, user_id\)`
}
