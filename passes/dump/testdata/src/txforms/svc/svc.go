package svc

import (
	"context"
	"database/sql"

	"txforms/txutil"
)

func A(ctx context.Context, db *sql.DB) error {
	return txutil.WithTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE jobs SET state = 'done' WHERE id = 1") // want `update jobs set state='done' where id=1 on tx; in callback tx of txutil\.WithTx`
		return err
	})
}

func B(ctx context.Context, db *sql.DB) error {
	return txutil.Retry(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE") // want `txcontrol \? isolation=serializable on tx; in callback tx of txutil\.Retry \(serializable\)`
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "DELETE FROM jobs WHERE id = 2") // want `delete jobs where id=2 on tx; in callback tx of txutil\.Retry \(serializable\)`
		return err
	})
}

func C(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, "UPDATE jobs SET state = 'x' WHERE id = 3") // want `update jobs set state='x' where id=3 on tx; in param tx`
	return err
}
