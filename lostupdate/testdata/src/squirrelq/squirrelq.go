package squirrelq

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

func View(ctx context.Context, db *sql.DB, id int64) error {
	var views int64
	if err := psql.Select("view_count").From("posts").Where(sq.Eq{"id": id}).RunWith(db).QueryRowContext(ctx).Scan(&views); err != nil {
		return err
	}
	_, err := psql.Update("posts").Set("view_count", views+1).Where(sq.Eq{"id": id}).RunWith(db).ExecContext(ctx) // want `lost update on posts.view_count`
	return err
}

func Debit(ctx context.Context, db *sql.DB, id, amount int64) error {
	query, args, err := psql.Select("balance").From("accounts").Where("id = ?", id).ToSql()
	if err != nil {
		return err
	}
	var bal int64
	if err := db.QueryRowContext(ctx, query, args...).Scan(&bal); err != nil {
		return err
	}
	query, args, err = psql.Update("accounts").SetMap(map[string]interface{}{"balance": bal - amount}).Where("id = ?", id).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...) // want `lost update on accounts.balance`
	return err
}

// ---- silent ----

func ViewAtomic(ctx context.Context, db *sql.DB, id int64) error {
	_, err := psql.Update("posts").Set("view_count", sq.Expr("view_count + ?", 1)).Where(sq.Eq{"id": id}).RunWith(db).ExecContext(ctx) // ok: atomic in SQL
	return err
}

func DebitLocked(ctx context.Context, db *sql.DB, id, amount int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var bal int64
	if err := psql.Select("balance").From("accounts").Where(sq.Eq{"id": id}).Suffix("FOR UPDATE").RunWith(tx).QueryRowContext(ctx).Scan(&bal); err != nil {
		return err
	}
	if _, err := psql.Update("accounts").Set("balance", bal-amount).Where(sq.Eq{"id": id}).RunWith(tx).ExecContext(ctx); err != nil { // ok: the row is locked
		return err
	}
	return tx.Commit()
}
