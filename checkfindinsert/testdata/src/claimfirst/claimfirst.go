package claimfirst

import (
	"context"
	"database/sql"
	"errors"
)

var (
	ErrUsed = errors.New("code used")
	ErrDup  = errors.New("already redeemed")
)

// Redeem checks that the code was not redeemed, then records it: two
// requests both find no redemption and both insert.
func Redeem(ctx context.Context, db *sql.DB, code string, user int64) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM redemptions WHERE code = $1", code).Scan(&id)
	if err == nil {
		return ErrDup
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO redemptions (code, user_id) VALUES ($1, $2)", code, user) // want `check-then-insert on redemptions\(code\)`
	return err
}

// ---- silent ----

// RedeemClaimed first consumes the code (used_at IS NULL, its count
// checked): one request per code gets past it, so the lookup and the
// insert keyed by the code run once.
func RedeemClaimed(ctx context.Context, db *sql.DB, code string, user int64) error {
	res, err := db.ExecContext(ctx, "UPDATE codes SET used_at = now() WHERE code = $1 AND used_at IS NULL", code)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrUsed
	}
	var id int64
	err = db.QueryRowContext(ctx, "SELECT id FROM redemptions WHERE code = $1", code).Scan(&id)
	if err == nil {
		return ErrDup
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO redemptions (code, user_id) VALUES ($1, $2)", code, user) // ok: the claim of the code lets one request through
	return err
}

// RedeemFlag claims with a boolean: consumed = false.
func RedeemFlag(ctx context.Context, db *sql.DB, code string, user int64) error {
	res, err := db.ExecContext(ctx, "UPDATE codes SET consumed = true WHERE code = $1 AND consumed = false", code)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrUsed
	}
	var id int64
	if err := db.QueryRowContext(ctx, "SELECT id FROM redemptions WHERE code = $1", code).Scan(&id); err == nil {
		return ErrDup
	}
	_, err = db.ExecContext(ctx, "INSERT INTO redemptions (code, user_id) VALUES ($1, $2)", code, user) // ok: the claim of the code lets one request through
	return err
}
