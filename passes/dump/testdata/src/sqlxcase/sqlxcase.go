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
	err = db.SelectContext(ctx, &out, db.Rebind(q), args...) // want `select products where id IN \$ids on db; found\? len`
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

type Event struct {
	ID             string `db:"id"`
	IdempotencyKey string `db:"idempotency_key"`
	ProjectID      string `db:"project_id"`
}

// sqlx.In's args bind its own arguments in order: key and project bind the
// first two placeholders, the slice the IN (?) it expands.
func EventsByKey(ctx context.Context, db *sqlx.DB, projectID, key string, ids []string) ([]Event, error) {
	query, args, err := sqlx.In("SELECT id, idempotency_key, project_id FROM events WHERE idempotency_key = ? AND project_id = ? AND id IN (?)", key, projectID, ids)
	if err != nil {
		return nil, err
	}
	query = sqlx.Rebind(sqlx.DOLLAR, query)
	rows, err := db.QueryxContext(ctx, query, args...) // want `select events where idempotency_key=\$key,project_id=\$projectID,id IN \$ids reads id\->e\.ID,idempotency_key\->e\.IdempotencyKey,project_id\->e\.ProjectID on db`
	if err != nil {
		return nil, err
	}
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.StructScan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// The slice first: the scalar after it binds the second placeholder.
func EventsIn(ctx context.Context, db *sqlx.DB, projectID string, ids []string) ([]Event, error) {
	query, args, err := sqlx.In("SELECT id FROM events WHERE id IN (?) AND project_id = ?", ids, projectID)
	if err != nil {
		return nil, err
	}
	var out []Event
	err = db.SelectContext(ctx, &out, db.Rebind(query), args...) // want `select events where id IN \$ids,project_id=\$projectID on db; found\? len`
	return out, err
}
