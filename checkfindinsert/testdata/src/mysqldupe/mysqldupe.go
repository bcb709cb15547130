// Package mysqldupe renders image formats on first request: a lookup of
// the rendered format, then an insert claiming the work, whose duplicate
// key (a concurrent request claimed it first) means "another request is on it".
package mysqldupe

import (
	"context"
	"database/sql"
	"errors"

	my "github.com/go-mysql/errors"
	"github.com/go-sql-driver/mysql"
)

type Storage struct{ db *sql.DB }

func (s *Storage) lookup(ctx context.Context, imageID int, format string) (int, error) {
	var id int
	err := s.db.QueryRowContext(ctx,
		"SELECT formatted_image_id FROM formatted_image WHERE image_id = ? AND format = ?",
		imageID, format).Scan(&id)
	return id, err
}

// ErrRendering tells the caller that another request is rendering the
// format: come back for it later.
var ErrRendering = errors.New("rendering in progress")

// Formatted tests the violation through an error variable nothing fills:
// errors.Is compares err with a nil *MySQLError, never true, so the
// request that loses the race fails with the duplicate key instead of
// answering ErrRendering.
func (s *Storage) Formatted(ctx context.Context, imageID int, format string) (int, error) {
	id, err := s.lookup(ctx, imageID, format)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID) // want `check-then-insert on formatted_image\(image_id, format\): the UNIQUE constraint formatted_image_pkey rejects a concurrent duplicate, but this insert does not handle the violation`
	if err != nil {
		var mysqlError *mysql.MySQLError
		ok := errors.Is(err, mysqlError)
		if !ok || mysqlError.Number != 1062 {
			return 0, err
		}
		return 0, ErrRendering
	}
	return s.render(ctx, imageID, format)
}

// FormattedMapped is the fix: go-mysql/errors maps the driver's error to
// its duplicate-key sentinel.
func (s *Storage) FormattedMapped(ctx context.Context, imageID int, format string) (int, error) {
	id, err := s.lookup(ctx, imageID, format)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID)
	if err != nil {
		ok, myerr := my.Error(err)
		if !ok || !errors.Is(myerr, my.ErrDupeKey) {
			return 0, err
		}
		return 0, ErrRendering
	}
	return s.render(ctx, imageID, format)
}

// FormattedCompared compares the mapped error with the sentinel.
func (s *Storage) FormattedCompared(ctx context.Context, imageID int, format string) (int, error) {
	if id, err := s.lookup(ctx, imageID, format); err == nil {
		return id, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID)
	if err != nil {
		if _, myerr := my.Error(err); myerr == my.ErrDupeKey {
			return 0, ErrRendering
		}
		return 0, err
	}
	return s.render(ctx, imageID, format)
}

// FormattedAs fills the driver's error with errors.As.
func (s *Storage) FormattedAs(ctx context.Context, imageID int, format string) (int, error) {
	if id, err := s.lookup(ctx, imageID, format); err == nil {
		return id, nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err := s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID)
	if err != nil {
		var me *mysql.MySQLError
		if errors.As(err, &me) && me.Number == 1062 {
			return 0, ErrRendering
		}
		return 0, err
	}
	return s.render(ctx, imageID, format)
}

func (s *Storage) render(ctx context.Context, imageID int, format string) (int, error) {
	_, err := s.db.ExecContext(ctx, "UPDATE formatted_image SET status = 1 WHERE image_id = ? AND format = ?", imageID, format)
	return imageID, err
}

// claimed reads the state of the render another request claimed.
func (s *Storage) claimed(ctx context.Context, imageID int, format string) (int, error) {
	var status int
	err := s.db.QueryRowContext(ctx,
		"SELECT status FROM formatted_image WHERE image_id = ? AND format = ?",
		imageID, format).Scan(&status)
	return status, err
}

// FormattedWait waits for the request that claimed the render, but only
// past the same never-true test: every failure returns before the wait,
// so the wait does not handle the violation.
func (s *Storage) FormattedWait(ctx context.Context, imageID int, format string) (int, error) {
	id, err := s.lookup(ctx, imageID, format)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID) // want `check-then-insert on formatted_image\(image_id, format\): the UNIQUE constraint formatted_image_pkey rejects a concurrent duplicate, but this insert does not handle the violation`
	if err != nil {
		var mysqlError *mysql.MySQLError
		ok := errors.Is(err, mysqlError)
		if !ok || mysqlError.Number != 1062 {
			return 0, err
		}
		for i := 0; i < 10; i++ {
			status, err := s.claimed(ctx, imageID, format)
			if err != nil {
				return 0, err
			}
			if status != 0 {
				return s.lookup(ctx, imageID, format)
			}
		}
		return 0, ErrRendering
	}
	return s.render(ctx, imageID, format)
}

// FormattedWaitAny waits for the claim on any failure of the insert: the
// loser of the race reads the winner's row.
func (s *Storage) FormattedWaitAny(ctx context.Context, imageID int, format string) (int, error) {
	id, err := s.lookup(ctx, imageID, format)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	_, err = s.db.ExecContext(ctx, "INSERT INTO formatted_image (format, image_id, status) VALUES (?, ?, 0)", format, imageID) // ok: a failure reads the row the winner inserted
	if err != nil {
		for i := 0; i < 10; i++ {
			status, err := s.claimed(ctx, imageID, format)
			if err != nil {
				return 0, err
			}
			if status != 0 {
				return s.lookup(ctx, imageID, format)
			}
		}
		return 0, ErrRendering
	}
	return s.render(ctx, imageID, format)
}
