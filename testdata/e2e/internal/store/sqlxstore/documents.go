package sqlxstore

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
)

type documentRow struct {
	ID      int64  `db:"id"`
	Title   string `db:"title"`
	Body    string `db:"body"`
	Version int32  `db:"version"`
}

// SaveDraft tests and bumps the version but never looks at the result: a
// conflicting save reports success and the editor's text is dropped.
func (s *Store) SaveDraft(ctx context.Context, d domain.Document) error {
	row := documentRow{ID: d.ID, Title: d.Title, Body: d.Body, Version: d.Version}
	_, err := s.DB.NamedExecContext(ctx, `UPDATE documents SET title = :title, body = :body, version = version + 1 WHERE id = :id AND version = :version`, row) // HAZARD(noversion)
	return err
}

// SaveDraftChecked is SaveDraft with the conflict reported.
func (s *Store) SaveDraftChecked(ctx context.Context, d domain.Document) error {
	row := documentRow{ID: d.ID, Title: d.Title, Body: d.Body, Version: d.Version}
	res, err := s.DB.NamedExecContext(ctx, `UPDATE documents SET title = :title, body = :body, version = version + 1 WHERE id = :id AND version = :version`, row) // SAFE(noversion): version tested and bumped, RowsAffected checked
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

// ClaimNightlyCleanup takes the lease when it has expired but ignores
// whether it did: every instance goes on to run the job.
func (s *Store) ClaimNightlyCleanup(ctx context.Context, holder string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE job_leases SET holder = $1, held_until = now() + interval '10 minutes' WHERE job_name = 'nightly-cleanup' AND held_until < now()`, holder) // HAZARD(noversion)
	return err
}
