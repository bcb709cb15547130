// Package docs edits documents.
package docs

import (
	"context"

	"github.com/idemvet/idemvet/testdata/e2e/internal/db/pgxq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/db/sqlq"
	"github.com/idemvet/idemvet/testdata/e2e/internal/domain"
	"github.com/idemvet/idemvet/testdata/e2e/internal/store/pgxstore"
)

type Service struct {
	Store *pgxstore.Store
	PgxQ  *pgxq.Queries
	SQLQ  *sqlq.Queries
}

// Save hands the edit to the repository and turns a zero count into a
// conflict.
func (s *Service) Save(ctx context.Context, d domain.Document) error {
	n, err := s.Store.UpdateDocument(ctx, d) // SAFE(noversion): the returned count is tested
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrConflict
	}
	return nil
}

// Overwrite uses the unversioned OverwriteDocument query.
func (s *Service) Overwrite(ctx context.Context, id int64, title, body string) error {
	return s.PgxQ.OverwriteDocument(ctx, pgxq.OverwriteDocumentParams{ID: id, Title: title, Body: body}) // HAZARD(noversion)
}

// SaveSQL uses the versioned :execrows query and tests its count.
func (s *Service) SaveSQL(ctx context.Context, d domain.Document) error {
	n, err := s.SQLQ.UpdateDocument(ctx, sqlq.UpdateDocumentParams{ID: d.ID, Title: d.Title, Body: d.Body, ExpectedVersion: d.Version}) // SAFE(noversion): :execrows count tested
	if err != nil {
		return err
	}
	if n != 1 {
		return domain.ErrConflict
	}
	return nil
}

// Create inserts a document.
func (s *Service) Create(ctx context.Context, ownerID int64, title string) (int64, error) {
	row, err := s.PgxQ.CreateDocument(ctx, pgxq.CreateDocumentParams{OwnerID: ownerID, Title: title}) // SAFE(noversion): an insert
	return row.ID, err
}
