package pgxuse

import (
	"context"
	"errors"
	"sqlcpgx"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Use(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	q := sqlcpgx.New(pool)
	p, err := q.GetPost(ctx, id) // want `select posts where id=\$id reads id\->GetPost\(\)\#0\.ID,view_count\->GetPost\(\)\#0\.ViewCount on pool; found\? err\(github\.com/jackc/pgx/v5\.ErrNoRows\); via sqlcpgx\.Queries\.GetPost at db\.go:34`
	if err != nil {
		return err
	}
	_ = p
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		n, err := q.WithTx(tx).AcceptRide(ctx, sqlcpgx.AcceptRideParams{ID: id, DriverID: 9}) // want `update rides set status='accepted',driver_id=\$9 where id=\$id,status='searching' on tx; found\? count; rows checked; via sqlcpgx\.Queries\.AcceptRide at db\.go:50; in callback tx`
		if n == 0 {
			return errors.New("lost")
		}
		return err
	})
}
