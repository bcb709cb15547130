// Package app calls a repository it reaches only through a library the
// driver skips (gorm.io/wrapper): the repository's facts must flow through
// the library's vetx file.
package app

import (
	"context"
	"errors"

	"gorm.io/wrapper"
)

var ErrTaken = errors.New("taken")

func Signup(ctx context.Context, s *wrapper.Store, email string) (int64, error) {
	if _, err := s.ByEmail(ctx, email); err == nil {
		return 0, ErrTaken
	}
	return s.Create(ctx, email) // HAZARD(checkfindinsert)
}
