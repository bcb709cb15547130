package dotsqlq

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/qustavo/dotsql"
)

type Orders struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func announce(id string) error {
	resp, err := http.Post("https://hooks.example.com/shipped", "text/plain", strings.NewReader(id))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (o *Orders) lock(ctx context.Context, tx *sql.Tx, id string) error {
	row, err := o.dot.QueryRowContext(ctx, tx, "lock-order", id)
	if err != nil {
		return err
	}
	var status string
	return row.Scan(&status)
}

func (o *Orders) Ship(ctx context.Context, id string) error {
	tx, err := o.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := o.lock(ctx, tx, id); err != nil {
		return err
	}
	if err := announce(id); err != nil { // want `HTTP call \(dotsqlq.announce → net/http.Post\) while the transaction holds the row lock`
		return err
	}
	if _, err := o.dot.ExecContext(ctx, tx, "ship-order", id); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- silent ----

func (o *Orders) ShipThenAnnounce(ctx context.Context, id string) error {
	tx, err := o.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := o.lock(ctx, tx, id); err != nil {
		return err
	}
	if _, err := o.dot.ExecContext(ctx, tx, "ship-order", id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return announce(id) // ok: after commit
}
