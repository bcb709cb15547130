// Package nextnumber numbers a group's items from the highest number
// stored: the value is read from one row and the next one stored on
// another, so racers store the same number twice. No row loses an update:
// the message says the numbers are duplicated, and the fix is a UNIQUE
// constraint or a sequence, not an atomic increment.
package nextnumber

import (
	"context"
	"database/sql"
)

// Number gives an item the group's next asset number.
func Number(ctx context.Context, db *sql.DB, group, item int64) error {
	var highest int64
	if err := db.QueryRowContext(ctx, "SELECT asset_no FROM items WHERE group_id = $1 ORDER BY asset_no DESC LIMIT 1", group).Scan(&highest); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE items SET asset_no = $1 WHERE group_id = $2 AND id = $3", highest+1, group, item) // want `duplicate items\.asset_no: the value read at nextnumber\.go:\d+ is recomputed in Go and stored on another row than the one read; concurrent requests read the same value and store the same asset_no; add a UNIQUE constraint on asset_no`
	return err
}

// Bump reads the item's own counter and writes it back: a lost update of
// that row.
func Bump(ctx context.Context, db *sql.DB, item int64) error {
	var uses int64
	if err := db.QueryRowContext(ctx, "SELECT uses FROM items WHERE id = $1", item).Scan(&uses); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE items SET uses = $1 WHERE id = $2", uses+1, item) // want `lost update on items\.uses: the value read at nextnumber\.go:\d+ is recomputed in Go and written back`
	return err
}

// Renumber reads the row it writes by its key and returns it whole: the
// row read, so a lost update of it.
func Renumber(ctx context.Context, db *sql.DB, slug string) error {
	var id, no int64
	if err := db.QueryRowContext(ctx, "SELECT id, asset_no FROM items WHERE slug = $1", slug).Scan(&id, &no); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE items SET asset_no = $1 WHERE id = $2", no+1, id) // want `lost update on items\.asset_no`
	return err
}

// Debit reads the balance of the user's account and writes it by the
// account id its caller passes: the row found by user_id may well be that
// account, so this is a lost update, not a duplicated value.
func Debit(ctx context.Context, db *sql.DB, user, account, amount int64) error {
	var balance int64
	if err := db.QueryRowContext(ctx, "SELECT balance FROM wallets WHERE user_id = $1", user).Scan(&balance); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE wallets SET balance = $1 WHERE id = $2", balance-amount, account) // want `lost update on wallets\.balance`
	return err
}

// MoveToLane puts a card after the last card of another lane: the lane's
// highest position is read (ORDER BY pos DESC LIMIT 1) and the card, named
// by its id alone, given the next one. The row read is the lane's last
// card, not the card moved: the positions are duplicated, no row loses an
// update.
func MoveToLane(ctx context.Context, db *sql.DB, board, lane, card int64) error {
	var last int64
	if err := db.QueryRowContext(ctx, "SELECT pos FROM cards WHERE board_id = $1 AND lane = $2 ORDER BY pos DESC NULLS LAST LIMIT 1", board, lane).Scan(&last); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE cards SET lane = $1, pos = $2 WHERE id = $3", lane, last+1, card) // want `duplicate cards\.pos: the value read at nextnumber\.go:\d+ is recomputed in Go and stored on another row than the one read`
	return err
}

// BumpCard reads the card's position by its id and writes it back: the
// row read, a lost update.
func BumpCard(ctx context.Context, db *sql.DB, card int64) error {
	var pos int64
	if err := db.QueryRowContext(ctx, "SELECT pos FROM cards WHERE id = $1 ORDER BY pos DESC LIMIT 1", card).Scan(&pos); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE cards SET pos = $1 WHERE id = $2", pos+1, card) // want `lost update on cards\.pos`
	return err
}
