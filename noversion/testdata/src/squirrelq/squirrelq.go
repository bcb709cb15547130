package squirrelq

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// A compare-and-set whose result is discarded.
func Accept(ctx context.Context, db *sql.DB, ride int64, driver string) error {
	_, err := psql.Update("rides").Set("status", "accepted").Set("driver_id", driver).Where(sq.Eq{"id": ride, "status": "searching"}).RunWith(db).ExecContext(ctx) // want `compare-and-set on rides.status ignores rows affected`
	return err
}

// ---- silent ----

func AcceptChecked(ctx context.Context, db *sql.DB, ride int64, driver string) error {
	query, args, err := psql.Update("rides").Set("status", "accepted").Set("driver_id", driver).Where(sq.Eq{"id": ride, "status": "searching"}).ToSql()
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, query, args...) // ok: rows affected tested
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errors.New("ride taken")
	}
	return nil
}
