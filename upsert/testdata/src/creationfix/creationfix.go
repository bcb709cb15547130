// Package creationfix holds the suggested fix of "creation": the
// assignment is removed from the DO UPDATE list.
package creationfix

import (
	"context"
	"database/sql"
)

func Middle(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO users (email, name, created_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO UPDATE SET created_at = EXCLUDED.created_at, name = EXCLUDED.name`, email, name) // want `upsert overwrites users\.created_at`
	return err
}

func Last(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, // want `upsert overwrites users\.created_at`
		`INSERT INTO users (email, name, created_at) VALUES ($1, $2, now())
		ON CONFLICT (email) DO UPDATE SET
			name = EXCLUDED.name,
			created_at = EXCLUDED.created_at`, email, name)
	return err
}

// No fix: removing the only assignment would leave DO UPDATE SET empty.
func Only(ctx context.Context, db *sql.DB, email string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO users (email, created_by) VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET created_by = EXCLUDED.created_by", email, "import") // want `upsert overwrites users\.created_by`
	return err
}

// No fix: the SQL is a constant shared by other calls.
const upsertUser = `INSERT INTO users (email, name, inserted_at) VALUES ($1, $2, now()) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, inserted_at = EXCLUDED.inserted_at`

func Shared(ctx context.Context, db *sql.DB, email, name string) error {
	_, err := db.ExecContext(ctx, upsertUser, email, name) // want `upsert overwrites users\.inserted_at`
	return err
}
