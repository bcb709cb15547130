package sqlxcase

import (
	"context"

	"github.com/jmoiron/sqlx"
)

type Product struct {
	ID    int64  `db:"id"`
	SKU   string `db:"sku"`
	Stock int    `db:"stock"`
}

func Get(ctx context.Context, db *sqlx.DB, sku string) (Product, error) {
	var p Product
	err := db.GetContext(ctx, &p, db.Rebind("SELECT id, sku, stock FROM products WHERE sku = ?"), sku) // want `select products where sku=\$sku reads id\->p\.ID,sku\->p\.SKU,stock\->p\.Stock on db; found\? err\(database/sql\.ErrNoRows\)`
	return p, err
}

func Named(ctx context.Context, db *sqlx.DB, p Product) error {
	_, err := db.NamedExecContext(ctx, "INSERT INTO products (sku, stock) VALUES (:sku, :stock)", p) // want `insert products set sku=\$p\.SKU,stock=\$p\.Stock on db`
	return err
}

func In(ctx context.Context, db *sqlx.DB, ids []int64) ([]Product, error) {
	q, args, err := sqlx.In("SELECT id, sku, stock FROM products WHERE id IN (?)", ids)
	if err != nil {
		return nil, err
	}
	var out []Product
	err = db.SelectContext(ctx, &out, db.Rebind(q), args...) // want `select products where id IN \{\(\?\)\} on db; found\? len`
	return out, err
}

func Tx(ctx context.Context, db *sqlx.DB, id int64) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	tx.MustExecContext(ctx, "DELETE FROM carts WHERE id = ?", id) // want `delete carts where id=\$id on BeginTxx\(\)\#0; in explicit tx`
	return tx.Commit()
}
