// Command seed creates the first admin account; an operator runs it once.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"net/http"
)

func main() {
	db, err := sql.Open("postgres", "")
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := seedAdmin(ctx, db, "admin@example.com"); err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/invite", func(w http.ResponseWriter, r *http.Request) {
		invite(r.Context(), db, r.FormValue("email"))
	})
}

func seedAdmin(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email, admin) VALUES ($1, true)`, email) // ok: a seed command, run once before anything serves
	return err
}

func invite(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1`, email).Scan(&id)
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO users (email) VALUES ($1)`, email) // want `check-then-insert on users\(email\)`
	return err
}
