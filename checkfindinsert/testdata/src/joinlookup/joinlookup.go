// Package joinlookup renders invoice PDFs on first request. The lookup
// reads the stored file through a join with the render row, which is
// keyed by invoice and locale: the WHERE names the joined table's columns,
// so the lookup is one of invoice_pdfs by (invoice_id, locale).
package joinlookup

import (
	"context"
	"database/sql"
	"errors"
)

const findPDF = `SELECT f.id, f.path
FROM files f
JOIN invoice_pdfs p ON p.file_id = f.id
WHERE p.invoice_id = $1 AND p.locale = $2`

// ErrRendering tells the caller to come back for the file later.
var ErrRendering = errors.New("rendering")

// PDF claims the render when the join finds no file: two requests both
// find none, and the loser's insert fails on the primary key.
func PDF(ctx context.Context, db *sql.DB, invoiceID int64, locale string) (string, error) {
	var id int64
	var path string
	err := db.QueryRowContext(ctx, findPDF, invoiceID, locale).Scan(&id, &path)
	if err == nil {
		return path, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO invoice_pdfs (invoice_id, locale, state) VALUES ($1, $2, 'rendering')`, invoiceID, locale) // want `check-then-insert on invoice_pdfs\(invoice_id, locale\): the UNIQUE constraint invoice_pdfs_pkey rejects a concurrent duplicate, but this insert does not handle the violation`
	if err != nil {
		return "", err
	}
	return "", ErrRendering
}

// lookupPDF is the join in a helper: its callers see the lookup of
// invoice_pdfs as well as of files.
func lookupPDF(ctx context.Context, db *sql.DB, invoiceID int64, locale string) (string, error) {
	var id int64
	var path string
	err := db.QueryRowContext(ctx, findPDF, invoiceID, locale).Scan(&id, &path)
	return path, err
}

// PDFFromHelper is PDF with the lookup made by a helper.
func PDFFromHelper(ctx context.Context, db *sql.DB, invoiceID int64, locale string) (string, error) {
	path, err := lookupPDF(ctx, db, invoiceID, locale)
	if err == nil {
		return path, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO invoice_pdfs (invoice_id, locale, state) VALUES ($1, $2, 'rendering')`, invoiceID, locale) // want `check-then-insert on invoice_pdfs\(invoice_id, locale\): the UNIQUE constraint invoice_pdfs_pkey rejects`
	if err != nil {
		return "", err
	}
	return "", ErrRendering
}

// ---- silent ----

// PDFClaimed claims the render with ON CONFLICT DO NOTHING and tells the
// loser by the affected rows.
func PDFClaimed(ctx context.Context, db *sql.DB, invoiceID int64, locale string) (string, error) {
	var id int64
	var path string
	err := db.QueryRowContext(ctx, findPDF, invoiceID, locale).Scan(&id, &path)
	if err == nil {
		return path, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	res, err := db.ExecContext(ctx, `INSERT INTO invoice_pdfs (invoice_id, locale, state) VALUES ($1, $2, 'rendering') ON CONFLICT DO NOTHING`, invoiceID, locale) // ok: the conflict clause decides
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", ErrRendering // another request claimed it
	}
	return "", nil // claimed: the caller renders it
}

// PDFOtherLocale looks the render up in one locale and records a request
// for another: not the key looked up.
func PDFOtherLocale(ctx context.Context, db *sql.DB, invoiceID int64, locale, fallback string) (string, error) {
	var id int64
	var path string
	err := db.QueryRowContext(ctx, findPDF, invoiceID, fallback).Scan(&id, &path)
	if err == nil {
		return path, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO invoice_pdfs (invoice_id, locale, state) VALUES ($1, $2, 'rendering')`, invoiceID, locale) // ok: the lookup was of the fallback locale
	return "", err
}

// Subscribe looks the subscription up by the plan's name through a join:
// the subscriptions rows are narrowed by a condition on plans, so the
// lookup is no lookup of subscriptions by user_id alone. The key the
// insert races on, (user_id, plan_id), goes through the join, which the
// model does not follow: silent, rather than reported on a key too weak.
func Subscribe(ctx context.Context, db *sql.DB, userID int64, plan string, planID int64) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT s.id FROM subscriptions s JOIN plans p ON p.id = s.plan_id
WHERE s.user_id = $1 AND p.name = $2`, userID, plan).Scan(&id)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO subscriptions (user_id, plan_id) VALUES ($1, $2)`, userID, planID)
	return err
}
