// Command migratecmd backfills counters once at deploy time; the same
// binary also serves an endpoint that bumps them.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/spf13/cobra"
)

func main() {
	db, _ := sql.Open("postgres", "")
	root := &cobra.Command{Use: "posts"}
	root.AddCommand(&cobra.Command{
		Use: "backfill",
		RunE: func(cmd *cobra.Command, args []string) error {
			return backfill(cmd.Context(), db, 1)
		},
	})
	root.AddCommand(&cobra.Command{
		Use: "serve",
		RunE: func(cmd *cobra.Command, args []string) error {
			http.HandleFunc("/view", func(w http.ResponseWriter, r *http.Request) {
				view(r.Context(), db, 1)
			})
			return http.ListenAndServe(":8080", nil)
		},
	})
	root.Execute()
}

func backfill(ctx context.Context, db *sql.DB, id int64) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT comment_count FROM posts WHERE id = $1", id).Scan(&n); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET comment_count = $1 WHERE id = $2", n+1, id) // ok: a command run once
	return err
}

func view(ctx context.Context, db *sql.DB, id int64) error {
	var views int
	if err := db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // want `lost update on posts.view_count`
	return err
}
