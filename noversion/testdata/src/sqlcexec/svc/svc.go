package svc

import (
	"context"
	"errors"

	"sqlcexec/db"
)

type Service struct{ q *db.Queries }

func (s *Service) Accept(ctx context.Context, ride, driver int64) error {
	return s.q.AcceptRide(ctx, db.AcceptRideParams{ID: ride, DriverID: driver}) // want `compare-and-set on rides.status ignores rows affected: .*declare the query :execrows`
}

func (s *Service) AcceptIgnoringCount(ctx context.Context, ride, driver int64) error {
	_, err := s.q.AcceptRideRows(ctx, db.AcceptRideRowsParams{ID: ride, DriverID: driver}) // want `compare-and-set on rides.status ignores rows affected`
	return err
}

func (s *Service) Rename(ctx context.Context, id int64, title string) error {
	return s.q.UpdateDocument(ctx, db.UpdateDocumentParams{Title: title, ID: id}) // want `update of documents by db.Queries.UpdateDocument without a version check`
}

// ---- silent ----

func (s *Service) AcceptChecked(ctx context.Context, ride, driver int64) error {
	n, err := s.q.AcceptRideRows(ctx, db.AcceptRideRowsParams{ID: ride, DriverID: driver}) // ok: :execrows tested
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("taken")
	}
	return nil
}

func (s *Service) RenameVersioned(ctx context.Context, id, version int64, title string) error {
	n, err := s.q.UpdateDocumentVersioned(ctx, db.UpdateDocumentVersionedParams{Title: title, ID: id, Version: version}) // ok: versioned, tested
	if err == nil && n == 0 {
		return errors.New("conflict")
	}
	return err
}
