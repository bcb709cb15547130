// Package logwrapcas closes orders with a compare-and-set through an
// application's logging wrapper (logwrap/dbx), whose Execute hands back
// the affected-row count.
package logwrapcas

import (
	"errors"
	"time"

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

// Marking a notification read that the reader marked read a moment ago in
// another tab leaves it read, as this request wanted: 0 rows is no
// conflict.
func MarkRead(trx *dbx.Trx, id, user int64, now time.Time) error {
	_, err := trx.Execute("UPDATE notifications SET read = true, updated_at = $1 WHERE id = $2 AND user_id = $3 AND read = false", now, id, user) // ok: an acknowledgement
	return err
}

// A one-time code spent by a flag: the loser of the race goes on as if it
// had used the code.
func UseCode(trx *dbx.Trx, id int64, now time.Time) error {
	_, err := trx.Execute("UPDATE login_codes SET used = true, updated_at = $1 WHERE id = $2 AND used = false", now, id) // want `compare-and-set on login_codes.used ignores rows affected`
	return err
}

// Marked read, then acted on as if this request made the transition: the
// point is credited twice when two requests race.
func MarkReadAndCredit(trx *dbx.Trx, id, user int64) error {
	if _, err := trx.Execute("UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 AND read = false", id, user); err != nil { // want `compare-and-set on notifications.read ignores rows affected`
		return err
	}
	_, err := trx.Execute("UPDATE users SET points = points + 1 WHERE id = $1", user)
	return err
}
