// Package badgecount is a badge's administration on xorm: the status is
// set only when it changes, and an activated badge's award count is then
// taken again and stored on the badge's own row. Racers past the check
// store the same status and the same count; a counter bumped, or a second
// state set, on the check's word is work done twice.
package badgecount

import (
	"context"
	"errors"

	"xorm.io/xorm"
)

const (
	StatusActive   = 1
	StatusInactive = 10
)

type Badge struct {
	ID         int64
	Status     int
	AwardCount int
	Featured   bool
}

type BadgeAward struct {
	ID      int64
	BadgeID int64
	UserID  int64
}

type Store struct{ db *xorm.Engine }

func (s *Store) badge(ctx context.Context, id int64) (*Badge, error) {
	b := &Badge{}
	ok, err := s.db.Context(ctx).ID(id).Get(b)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("badge not found")
	}
	return b, nil
}

func (s *Store) setStatus(ctx context.Context, id int64, status int) error {
	_, err := s.db.Context(ctx).ID(id).Cols("status").Update(&Badge{Status: status})
	return err
}

func (s *Store) countAwards(ctx context.Context, id int64) (int64, error) {
	return s.db.Context(ctx).Where("badge_id = ?", id).Count(&BadgeAward{})
}

func (s *Store) setAwardCount(ctx context.Context, id int64, n int) error {
	_, err := s.db.Context(ctx).ID(id).Cols("award_count").Update(&Badge{AwardCount: n})
	return err
}

func (s *Store) setFeatured(ctx context.Context, id int64) error {
	_, err := s.db.Context(ctx).ID(id).Cols("featured").Update(&Badge{Featured: true})
	return err
}

func (s *Store) bumpAwardCount(ctx context.Context, id int64) error {
	_, err := s.db.Context(ctx).ID(id).Incr("award_count").Update(&Badge{})
	return err
}

// SetStatus recounts the awards of a badge it activates: the count is
// the table's, whoever takes it.
func (s *Store) SetStatus(ctx context.Context, id int64, status int) error {
	b, err := s.badge(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == status {
		return nil
	}
	if err := s.setStatus(ctx, id, status); err != nil { // ok: the status and the recount converge
		return err
	}
	if status == StatusActive {
		n, err := s.countAwards(ctx, b.ID)
		if err != nil {
			return nil
		}
		return s.setAwardCount(ctx, b.ID, int(n))
	}
	return nil
}

// ---- reported ----

// SetStatusFeatured features the badge it activates: a second state set
// on the check's word.
func (s *Store) SetStatusFeatured(ctx context.Context, id int64, status int) error {
	b, err := s.badge(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == status {
		return nil
	}
	if err := s.setStatus(ctx, id, status); err != nil { // want `check-then-update on badge\(status\)`
		return err
	}
	if status == StatusActive {
		return s.setFeatured(ctx, b.ID)
	}
	return nil
}

// SetStatusCounted counts the activation on the badge's row: two racers
// count it twice.
func (s *Store) SetStatusCounted(ctx context.Context, id int64, status int) error {
	b, err := s.badge(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == status {
		return nil
	}
	if err := s.setStatus(ctx, id, status); err != nil { // want `check-then-update on badge\(status\)`
		return err
	}
	return s.bumpAwardCount(ctx, b.ID)
}
