// Package logwrapcas closes orders with a compare-and-set through an
// application's logging wrapper (logwrap/dbx), whose Execute hands back
// the affected-row count.
package logwrapcas

import (
	"errors"

	"logwrap/dbx"
)

var ErrNotOpen = errors.New("order is not open")

func Close(trx *dbx.Trx, id int64, reason string) error {
	n, err := trx.Execute("UPDATE orders SET status = 'closed', reason = $2 WHERE id = $1 AND status = 'open'", id, reason)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotOpen // ok: the count the wrapper returns is tested
	}
	return nil
}

func CloseBlind(trx *dbx.Trx, id int64, reason string) error {
	_, err := trx.Execute("UPDATE orders SET status = 'closed', reason = $2 WHERE id = $1 AND status = 'open'", id, reason) // want `compare-and-set on orders.status ignores rows affected`
	return err
}
