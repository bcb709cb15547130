// Package cascadedelete soft-deletes a project and, in the same
// transaction, the rows that hang off it, each UPDATE guarded by
// deleted_at IS NULL and its count dropped. When two deletes race, the
// loser's statements match nothing and the rows end as the winner left
// them: every statement after the first is itself a removal.
package cascadedelete

import (
	"context"
	"database/sql"
)

const (
	deleteProject          = `UPDATE projects SET deleted_at = NOW() WHERE id = $1 AND deleted_at IS NULL`
	deleteProjectEndpoints = `UPDATE endpoints SET deleted_at = NOW() WHERE project_id = $1 AND deleted_at IS NULL`
	deleteProjectLinks     = `DELETE FROM portal_links WHERE project_id = $1`
)

func DeleteProject(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err = tx.ExecContext(ctx, deleteProject, id); err != nil { // ok: a concurrent delete won, and only removals follow
		return err
	}
	if _, err = tx.ExecContext(ctx, deleteProjectEndpoints, id); err != nil {
		return err
	}
	if _, err = tx.ExecContext(ctx, deleteProjectLinks, id); err != nil {
		return err
	}
	return tx.Commit()
}

// ---- reported: a write after the delete assumes this request made it ----

func DeleteProjectAndRecount(ctx context.Context, db *sql.DB, id, org string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err = tx.ExecContext(ctx, deleteProject, id); err != nil { // want `compare-and-set on projects\.deleted_at ignores rows affected`
		return err
	}
	if _, err = tx.ExecContext(ctx, deleteProjectEndpoints, id); err != nil {
		return err
	}
	if _, err = tx.ExecContext(ctx, "UPDATE organisations SET project_count = project_count - 1 WHERE id = $1", org); err != nil {
		return err
	}
	return tx.Commit()
}

func DeleteProjectAndLog(ctx context.Context, db *sql.DB, id, actor string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err = tx.ExecContext(ctx, deleteProject, id); err != nil { // want `compare-and-set on projects\.deleted_at ignores rows affected`
		return err
	}
	if _, err = tx.ExecContext(ctx, "INSERT INTO audit_logs (project_id, actor, event) VALUES ($1, $2, 'project.deleted')", id, actor); err != nil {
		return err
	}
	return tx.Commit()
}
