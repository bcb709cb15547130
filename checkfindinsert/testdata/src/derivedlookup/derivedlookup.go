// Package derivedlookup opens a pocket per holder and currency on first
// use. Its lookup is assembled by a helper writing into a strings.Builder
// it is handed, and reads the pocket through a derived table, so that the
// holder's optional join applies to one pocket row:
//
//	SELECT p.id, p.amount[, h.display_name]
//	FROM (SELECT * FROM pockets WHERE holder_id = $1 AND currency = $2) AS p
//	[LEFT JOIN holders h ON h.id = p.holder_id]
//
// The statement reads pockets by (holder_id, currency).
package derivedlookup

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// pocketQuery writes the lookup into sb, with the holder's name when asked.
func pocketQuery(sb strings.Builder, withHolder bool) string {
	sb.WriteString("SELECT p.id, p.amount")
	if withHolder {
		sb.WriteString(", h.display_name")
	}
	sb.WriteString(`
		FROM (
			SELECT * FROM pockets WHERE holder_id = $1 AND currency = $2
		) AS p`)
	if withHolder {
		sb.WriteString(" LEFT JOIN holders h ON h.id = p.holder_id")
	}
	return sb.String()
}

// findPocket runs the lookup; sql.ErrNoRows when the holder has no pocket
// in that currency.
func findPocket(ctx context.Context, db *sql.DB, holderID int64, currency string) (int64, error) {
	var sb strings.Builder
	q := pocketQuery(sb, false)
	var id int64
	var amount string
	err := db.QueryRowContext(ctx, q, holderID, currency).Scan(&id, &amount)
	return id, err
}

// Open returns the holder's pocket, creating it when the lookup finds
// none: two first payments both find none, and the loser's insert fails
// on the UNIQUE constraint.
func Open(ctx context.Context, db *sql.DB, holderID int64, currency string) (int64, error) {
	id, err := findPocket(ctx, db, holderID, currency)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	err = db.QueryRowContext(ctx, `INSERT INTO pockets (holder_id, currency) VALUES ($1, $2) RETURNING id`, holderID, currency).Scan(&id) // want `check-then-insert on pockets\(holder_id, currency\): the UNIQUE constraint pockets_holder_id_currency_key rejects a concurrent duplicate, but this insert does not handle the violation`
	return id, err
}

// ---- silent ----

// OpenClaimed inserts with ON CONFLICT DO NOTHING and reads the winner's
// row when its own insert returned none.
func OpenClaimed(ctx context.Context, db *sql.DB, holderID int64, currency string) (int64, error) {
	id, err := findPocket(ctx, db, holderID, currency)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	err = db.QueryRowContext(ctx, `INSERT INTO pockets (holder_id, currency) VALUES ($1, $2) ON CONFLICT (holder_id, currency) DO NOTHING RETURNING id`, holderID, currency).Scan(&id) // ok: the conflict clause decides
	if errors.Is(err, sql.ErrNoRows) {
		return findPocket(ctx, db, holderID, currency)
	}
	return id, err
}

// OpenAfterTotal decides on a total over the holder's pockets, whose
// derived table groups rows: it reads no one pocket, so it is no lookup
// of the pocket it inserts.
func OpenAfterTotal(ctx context.Context, db *sql.DB, holderID int64, currency string) error {
	var n int64
	err := db.QueryRowContext(ctx, `SELECT t.n FROM (SELECT holder_id, count(*) AS n FROM pockets WHERE holder_id = $1 GROUP BY holder_id) AS t`, holderID).Scan(&n)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err = db.ExecContext(ctx, `INSERT INTO pockets (holder_id, currency) VALUES ($1, $2) ON CONFLICT DO NOTHING`, holderID, currency) // ok: the conflict clause decides
	return err
}
