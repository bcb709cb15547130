// Package boilq holds credit top-ups and purchases over sqlboiler's
// generated models (boilfixture/models): the balance read into the model,
// changed in Go and written back by Update or UpdateAll.
package boilq

import (
	"context"
	"database/sql"

	"boilfixture/models"

	"github.com/volatiletech/sqlboiler/v4/boil"
	"github.com/volatiletech/sqlboiler/v4/queries/qm"
)

// TopUp reads the credits and writes back their sum: two top-ups at once
// keep one.
func TopUp(ctx context.Context, db *sql.DB, id int, n int64) error {
	u, err := models.FindUser(ctx, db, id)
	if err != nil {
		return err
	}
	u.Credits += n
	_, err = u.Update(ctx, db, boil.Whitelist(models.UserColumns.Credits)) // want `lost update on users\.credits`
	return err
}

// Buy writes the computed balance through UpdateAll.
func Buy(ctx context.Context, db *sql.DB, id int, price int64) error {
	u, err := models.Users(models.UserWhere.ID.EQ(id)).One(ctx, db)
	if err != nil {
		return err
	}
	_, err = models.Users(models.UserWhere.ID.EQ(id)).UpdateAll(ctx, db, models.M{"credits": u.Credits - price}) // want `lost update on users\.credits`
	return err
}

// ---- silent ----

// The row locked with qm.For("update") inside the transaction.
func TopUpLocked(ctx context.Context, id int, n int64) error {
	tx, err := boil.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	u, err := models.Users(models.UserWhere.ID.EQ(id), qm.For("update")).One(ctx, tx)
	if err != nil {
		return err
	}
	u.Credits += n
	if _, err := u.Update(ctx, tx, boil.Whitelist(models.UserColumns.Credits)); err != nil { // ok: FOR UPDATE
		return err
	}
	return tx.Commit()
}

// A compare-and-set on the value read, its count tested.
func BuyChecked(ctx context.Context, db *sql.DB, id int, price int64) (bool, error) {
	u, err := models.FindUser(ctx, db, id)
	if err != nil {
		return false, err
	}
	n, err := models.Users(models.UserWhere.ID.EQ(id), models.UserWhere.Credits.EQ(u.Credits)).UpdateAll(ctx, db, models.M{"credits": u.Credits - price}) // ok: compare-and-set
	if err != nil {
		return false, err
	}
	return n == 1, nil
}
