// Command admincmd claims queued jobs by hand; its worker loop runs them
// in goroutines.
package main

import (
	"context"
	"database/sql"
)

func main() {
	db, _ := sql.Open("postgres", "")
	ctx := context.Background()
	claim(ctx, db, 1, "admin")
	for i := 0; i < 4; i++ {
		go work(ctx, db, "worker")
	}
	select {}
}

func claim(ctx context.Context, db *sql.DB, job int64, worker string) {
	db.ExecContext(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, job) // ok: once, from main
}

func work(ctx context.Context, db *sql.DB, worker string) {
	db.ExecContext(ctx, "UPDATE jobs SET worker = $1, state = 'running' WHERE id = $2 AND state = 'queued'", worker, 7) // want `compare-and-set on jobs.state ignores rows affected`
	process(ctx, db, 7)
}

// process runs the job the worker believes it claimed.
func process(ctx context.Context, db *sql.DB, job int64) {}
