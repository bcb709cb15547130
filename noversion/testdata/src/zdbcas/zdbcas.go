package zdbcas

import (
	"context"
	"errors"

	"zgo.at/zdb"
)

var ErrGone = errors.New("invite already used")

// Accept moves the invite from pending to accepted, but zdb.Exec reports
// no count: a second accept matches no row and nobody notices.
func Accept(ctx context.Context, id int64) error {
	if err := zdb.Exec(ctx, `update invites set state = 'accepted' where id = ? and state = 'pending'`, id); err != nil { // want `compare-and-set on invites\.state ignores rows affected`
		return err
	}
	return zdb.Exec(ctx, `insert into members (invite_id) values (?)`, id)
}

// ---- silent ----

// AcceptOnce asks for the count with NumRows and stops when another
// request won.
func AcceptOnce(ctx context.Context, id int64) error {
	n, err := zdb.NumRows(ctx, `update invites set state = 'accepted' where id = ? and state = 'pending'`, id) // ok: the count is checked
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrGone
	}
	return zdb.Exec(ctx, `insert into members (invite_id) values (?)`, id)
}
