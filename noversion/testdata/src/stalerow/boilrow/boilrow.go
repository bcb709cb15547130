// Package boilrow holds profile handlers over sqlboiler's generated
// models (boilfixture/models): an edit that loads the user and saves it
// with boil.Infer() writes every column back, beside narrow writers of
// the credits and the status.
package boilrow

import (
	"context"
	"database/sql"
	"errors"

	"boilfixture/models"

	"github.com/volatiletech/sqlboiler/v4/boil"
)

// Rename writes the whole row: a concurrent Spend or Suspend between the
// read and this update is reverted.
func Rename(ctx context.Context, db *sql.DB, id int, name string) error {
	u, err := models.FindUser(ctx, db, id)
	if err != nil {
		return err
	}
	u.Name = name
	_, err = u.Update(ctx, db, boil.Infer()) // want `stale row written back on users\(credits, email, status\)`
	return err
}

// Spend takes credits with a compare-and-set on the balance.
func Spend(ctx context.Context, db *sql.DB, id int, n int64) error {
	rows, err := models.Users(models.UserWhere.ID.EQ(id), models.UserWhere.Credits.GTE(n)).UpdateAll(ctx, db, models.M{models.UserColumns.Credits: n})
	if err != nil {
		return err
	}
	if rows == 0 {
		return errors.New("insufficient credits")
	}
	return nil
}

// Suspend writes the status alone.
func Suspend(ctx context.Context, db *sql.DB, u *models.User) error {
	u.Status = "suspended"
	_, err := u.Update(ctx, db, boil.Whitelist(models.UserColumns.Status))
	return err
}

// ChangeEmail writes the email alone.
func ChangeEmail(ctx context.Context, db *sql.DB, id int, email string) error {
	_, err := models.Users(models.UserWhere.ID.EQ(id)).UpdateAll(ctx, db, models.M{"email": email})
	return err
}

// ---- silent ----

// The changed column alone: nothing read is written back.
func RenameOnly(ctx context.Context, db *sql.DB, id int, name string) error {
	u, err := models.FindUser(ctx, db, id)
	if err != nil {
		return err
	}
	u.Name = name
	_, err = u.Update(ctx, db, boil.Whitelist(models.UserColumns.Name)) // ok: only the name
	return err
}
