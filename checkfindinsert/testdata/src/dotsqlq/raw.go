package dotsqlq

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/qustavo/dotsql"
)

// Queries holds the named statements; the handlers take their text with
// Raw and run it on the pool themselves.
var Queries *dotsql.DotSql

func Join(ctx context.Context, pool *pgxpool.Pool, teamID, userID int64) error {
	query, err := Queries.Raw("find-member")
	if err != nil {
		return err
	}
	var id int64
	err = pool.QueryRow(ctx, query, teamID, userID).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	query, err = Queries.Raw("add-member")
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, query, teamID, userID) // want `check-then-insert on members\(team_id, user_id\)`
	return err
}

// ---- silent ----

func JoinOnce(ctx context.Context, pool *pgxpool.Pool, teamID, userID int64) error {
	query, err := Queries.Raw("find-member")
	if err != nil {
		return err
	}
	var id int64
	err = pool.QueryRow(ctx, query, teamID, userID).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	query, err = Queries.Raw("add-member-once")
	if err != nil {
		return err
	}
	_, err = pool.Exec(ctx, query, teamID, userID) // ok: ON CONFLICT DO NOTHING
	return err
}
