package pgxstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

// SaveBody tests the version the editor loaded but never bumps it: a second
// editor holding the same version still overwrites the first.
func (s *Store) SaveBody(ctx context.Context, id int64, body string, version int32) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE documents SET body = $2, updated_at = now() WHERE id = $1 AND version = $3`, id, body, version) // HAZARD(noversion)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}

// UpdateDocument tests and bumps the version and hands the affected-row
// count to the caller, which decides what a miss means.
func (s *Store) UpdateDocument(ctx context.Context, d domain.Document) (int64, error) {
	tag, err := s.Pool.Exec(ctx, `UPDATE documents SET title = $2, body = $3, version = version + 1, updated_at = now() WHERE id = $1 AND version = $4`, d.ID, d.Title, d.Body, d.Version) // SAFE(noversion): version tested and bumped; the count goes back to service/docs, which tests it
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// AppendParagraph reads the body, appends in Go and writes it back under
// the version it read: a concurrent edit makes the update miss, and the
// miss is reported.
func (s *Store) AppendParagraph(ctx context.Context, id int64, paragraph string) error {
	var body string
	var version int32
	if err := s.Pool.QueryRow(ctx, `SELECT body, version FROM documents WHERE id = $1`, id).Scan(&body, &version); err != nil {
		return err
	}
	tag, err := s.Pool.Exec(ctx, `UPDATE documents SET body = $2, version = version + 1, updated_at = now() WHERE id = $1 AND version = $3`, id, body+"\n\n"+paragraph, version) // SAFE(lostupdate): versioned update, RowsAffected checked
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrConflict
	}
	return nil
}
