// Package coupons redeems coupons through sqlc's database/sql queries
// inside the application's own transaction helpers.
package coupons

import (
	"context"
	"database/sql"
	"errors"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/txutil"
)

type Service struct {
	DB *sql.DB
}

// Redeem checks and inserts inside txutil.WithTx (READ COMMITTED): the
// transaction does not serialize two redemptions.
func (s *Service) Redeem(ctx context.Context, code string, userID int64) error {
	return txutil.WithTx(ctx, s.DB, func(tx *sql.Tx) error {
		q := sqlq.New(tx)
		_, err := q.GetRedemption(ctx, sqlq.GetRedemptionParams{CouponCode: code, UserID: userID})
		if err == nil {
			return domain.ErrAlreadyRedeemed
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return q.CreateRedemption(ctx, sqlq.CreateRedemptionParams{CouponCode: code, UserID: userID}) // HAZARD(checkfindinsert)
	})
}

// RedeemSerializable runs the same check and insert in
// txutil.WithSerializableTx.
func (s *Service) RedeemSerializable(ctx context.Context, code string, userID int64) error {
	return txutil.WithSerializableTx(ctx, s.DB, func(tx *sql.Tx) error {
		q := sqlq.New(tx)
		_, err := q.GetRedemption(ctx, sqlq.GetRedemptionParams{CouponCode: code, UserID: userID})
		if err == nil {
			return domain.ErrAlreadyRedeemed
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return q.CreateRedemption(ctx, sqlq.CreateRedemptionParams{CouponCode: code, UserID: userID}) // SAFE(checkfindinsert): SERIALIZABLE transaction (txutil.WithSerializableTx)
	})
}

// MarkWebhook claims a provider event id with ON CONFLICT DO NOTHING and
// checks the result.
func (s *Service) MarkWebhook(ctx context.Context, eventID string) error {
	res, err := sqlq.New(s.DB).MarkWebhookProcessed(ctx, sqlq.MarkWebhookProcessedParams{EventID: eventID, Source: "stripe"}) // SAFE(checkfindinsert): ON CONFLICT DO NOTHING, RowsAffected checked
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.ErrAlreadyProcessed
	}
	return nil
}
