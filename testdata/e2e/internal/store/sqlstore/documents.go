package sqlstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// SaveDocument overwrites title and body of a versioned document without
// testing the version: the last editor silently wins.
func (s *Store) SaveDocument(ctx context.Context, id int64, title, body string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE documents SET title = $2, body = $3, updated_at = now() WHERE id = $1`, id, title, body) // HAZARD(noversion)
	return err
}

// SaveDocumentVersioned updates only the version the editor loaded, bumps
// it, and reports a conflict when another editor got there first.
func (s *Store) SaveDocumentVersioned(ctx context.Context, d domain.Document) error {
	res, err := s.DB.ExecContext(ctx, `UPDATE documents SET title = $2, body = $3, version = version + 1, updated_at = now() WHERE id = $1 AND version = $4`, d.ID, d.Title, d.Body, d.Version) // SAFE(noversion): version tested and bumped, count checked below
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrConflict
	}
	return nil
}

// CreateDocument inserts a new document at version 1.
func (s *Store) CreateDocument(ctx context.Context, ownerID int64, title string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, `INSERT INTO documents (owner_id, title) VALUES ($1, $2) RETURNING id`, ownerID, title).Scan(&id) // SAFE(noversion): an insert, not an update
	return id, err
}
