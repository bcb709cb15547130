// Package boilstore is a coupon service over sqlboiler v4's models
// (./models, in the shape sqlboiler generates, compiled against the real
// library).
package boilstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"

	"github.com/idemvet/idemvet/testdata/e2elibs/internal/boilstore/models"
)

type Store struct{ db *sql.DB }

var ErrExists = errors.New("coupon exists")

// Create checks the code, then inserts it.
func (s *Store) Create(ctx context.Context, code string) error {
	taken, err := models.Coupons(models.CouponWhere.Code.EQ(code)).Exists(ctx, s.db)
	if err != nil {
		return err
	}
	if taken {
		return ErrExists
	}
	c := &models.Coupon{Code: code, Status: "open"}
	return c.Insert(ctx, s.db, boil.Infer()) // HAZARD(checkfindinsert)
}

// CreateOnce handles the unique violation of the same insert.
func (s *Store) CreateOnce(ctx context.Context, code string) error {
	_, err := models.Coupons(qm.Where("code = ?", code)).One(ctx, s.db)
	if err == nil {
		return ErrExists
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	c := &models.Coupon{Code: code, Status: "open"}
	err = c.Insert(ctx, s.db, boil.Infer()) // SAFE(checkfindinsert): the unique violation is handled
	var pe *pq.Error
	if errors.As(err, &pe) && pe.Code == "23505" {
		return ErrExists
	}
	return err
}

// Redeem counts a use in Go and writes it back.
func (s *Store) Redeem(ctx context.Context, id int) error {
	c, err := models.FindCoupon(ctx, s.db, id)
	if err != nil {
		return err
	}
	c.Uses++
	_, err = c.Update(ctx, s.db, boil.Whitelist(models.CouponColumns.Uses)) // HAZARD(lostupdate)
	return err
}

// RedeemLocked locks the row first.
func (s *Store) RedeemLocked(ctx context.Context, id int) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	c, err := models.Coupons(models.CouponWhere.ID.EQ(id), qm.For("update")).One(ctx, tx)
	if err != nil {
		return err
	}
	c.Uses++
	if _, err := c.Update(ctx, tx, boil.Whitelist(models.CouponColumns.Uses)); err != nil { // SAFE(lostupdate): FOR UPDATE
		return err
	}
	return tx.Commit()
}

// Close is a compare-and-set on the status whose count is dropped.
func (s *Store) Close(ctx context.Context, id int) error {
	_, err := models.Coupons(models.CouponWhere.ID.EQ(id), models.CouponWhere.Status.EQ("open")).UpdateAll(ctx, s.db, models.M{"status": "closed"}) // HAZARD(noversion)
	return err
}

// CloseChecked tests the count.
func (s *Store) CloseChecked(ctx context.Context, id int) (bool, error) {
	n, err := models.Coupons(models.CouponWhere.ID.EQ(id), models.CouponWhere.Status.EQ("open")).UpdateAll(ctx, s.db, models.M{"status": "closed"}) // SAFE(noversion): rows affected tested
	return n == 1, err
}

// Annotate writes the whole row back after changing the note: a
// concurrent Close or Redeem is reverted.
func (s *Store) Annotate(ctx context.Context, id int, note string) error {
	c, err := models.FindCoupon(ctx, s.db, id)
	if err != nil {
		return err
	}
	c.Note = note
	_, err = c.Update(ctx, s.db, boil.Infer()) // HAZARD(noversion)
	return err
}

// Register upserts on the code.
func (s *Store) Register(ctx context.Context, code string) error {
	c := &models.Coupon{Code: code, Status: "open"}
	return c.Upsert(ctx, s.db, false, []string{models.CouponColumns.Code}, boil.None(), boil.Infer())
}
