package stduse

import (
	"context"
	"database/sql"
	"sqlcstd"
)

func Use(ctx context.Context, db *sql.DB, email string) error {
	q := sqlcstd.New(db)
	n, err := q.CountUsersByEmail(ctx, email) // want `select count users where email=\$email reads count\->CountUsersByEmail\(\)\#0 on db; found\? count; via sqlcstd\.Queries\.CountUsersByEmail at db\.go:28`
	if err != nil || n > 0 {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := q.WithTx(tx).SetStatus(ctx, sqlcstd.SetStatusParams{Status: "x", ID: 1}); err != nil { // want `update rides set status=\$"x" where id=\$1 on BeginTx\(\)\#0; via sqlcstd\.Queries\.SetStatus at db\.go:44; in explicit tx`
		return err
	}
	return tx.Commit()
}
