// Package mixedrecv refunds a payment through the store's interface. The
// store's methods are declared on the value and on the pointer, so the
// calls run the value methods of *store.Store.
package mixedrecv

import (
	"context"
	"errors"

	"mixedrecv/store"
)

var ErrRefunded = errors.New("already refunded")

type Service struct{ ds store.DataSource }

// Refund checks for a refund of the payment, then records one: two
// requests both find none.
func (s *Service) Refund(ctx context.Context, id, payment string) error {
	done, err := s.ds.RefundedAlready(ctx, payment)
	if err != nil {
		return err
	}
	if done {
		return ErrRefunded
	}
	return s.ds.RecordRefund(ctx, id, payment) // want `check-then-insert on refunds\(parent_id\)`
}

// RefundOnce records the refund with ON CONFLICT DO NOTHING and tells the
// loser by the affected rows.
func (s *Service) RefundOnce(ctx context.Context, id, payment string) error {
	done, err := s.ds.RefundedAlready(ctx, payment)
	if err != nil {
		return err
	}
	if done {
		return ErrRefunded
	}
	inserted, err := s.ds.RecordRefundOnce(ctx, id, payment) // ok: the conflict clause decides
	if err != nil {
		return err
	}
	if !inserted {
		return ErrRefunded
	}
	return nil
}
