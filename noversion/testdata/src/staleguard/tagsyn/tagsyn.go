// Package tagsyn is a Q&A site's tag and badge administration on xorm:
// checks of a row read by id, followed by writes of other rows (a tag's
// synonyms, found by their slugs) or of the row's children set to
// constants. Neither is a write the check lets through twice with a
// different outcome.
package tagsyn

import (
	"context"
	"errors"

	"xorm.io/xorm"
)

var errNotFound = errors.New("not found")

type Tag struct {
	ID              int64
	SlugName        string
	MainTagID       int64
	MainTagSlugName string
	Status          int
}

type Badge struct {
	ID     int64
	Name   string
	Status int
}

type BadgeAward struct {
	ID             int64
	BadgeID        int64
	UserID         int64
	IsBadgeDeleted int
}

type Store struct{ db *xorm.Engine }

func (s *Store) tagByID(ctx context.Context, id int64) (*Tag, error) {
	t := &Tag{}
	ok, err := s.db.Context(ctx).Where("id = ?", id).Get(t)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNotFound
	}
	return t, nil
}

// pointSynonyms repoints the tags whose slugs are given at a main tag.
func (s *Store) pointSynonyms(ctx context.Context, slugs []string, mainID int64, mainSlug string) error {
	_, err := s.db.Context(ctx).In("slug_name", slugs).Cols("main_tag_id", "main_tag_slug_name").Update(&Tag{MainTagID: mainID, MainTagSlugName: mainSlug})
	return err
}

func (s *Store) setMain(ctx context.Context, id, mainID int64) error {
	_, err := s.db.Context(ctx).ID(id).Cols("main_tag_id").Update(&Tag{MainTagID: mainID})
	return err
}

func (s *Store) synonymsOf(ctx context.Context, id int64) ([]Tag, error) {
	var tags []Tag
	err := s.db.Context(ctx).Where("main_tag_id = ?", id).Find(&tags)
	return tags, err
}

// RenameMain renames the synonyms of a tag that is a main tag: the check
// is of the tag read, the write of its synonyms' rows, named by the slugs
// another read of the table returned.
func (s *Store) RenameMain(ctx context.Context, id int64, slug string) error {
	t, err := s.tagByID(ctx, id)
	if err != nil {
		return err
	}
	if t.MainTagID != 0 {
		return nil // a synonym itself: nothing to repoint
	}
	syns, err := s.synonymsOf(ctx, t.ID)
	if err != nil {
		return err
	}
	slugs := make([]string, 0, len(syns))
	for _, syn := range syns {
		slugs = append(slugs, syn.SlugName)
	}
	return s.pointSynonyms(ctx, slugs, t.ID, slug) // ok: other rows than the one checked
}

// MergeInto makes the tag a synonym of another only while it is a main
// tag: two merges both pass the check and the last one wins.
func (s *Store) MergeInto(ctx context.Context, id, into int64) error {
	t, err := s.tagByID(ctx, id)
	if err != nil {
		return err
	}
	if t.MainTagID != 0 {
		return errors.New("already merged")
	}
	return s.setMain(ctx, id, into) // want `check-then-update on tag\(main_tag_id\)`
}

func (s *Store) badge(ctx context.Context, id int64) (*Badge, error) {
	b := &Badge{}
	ok, err := s.db.Context(ctx).ID(id).Get(b)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNotFound
	}
	return b, nil
}

// setBadgeStatus sets the badge's status and flags its awards deleted or
// not, in one transaction.
func (s *Store) setBadgeStatus(ctx context.Context, id int64, status int) error {
	_, err := s.db.Transaction(func(sess *xorm.Session) (any, error) {
		if _, err := sess.ID(id).Cols("status").Update(&Badge{Status: status}); err != nil {
			return nil, err
		}
		if status >= 10 {
			_, err := sess.Where("badge_id = ?", id).Cols("is_badge_deleted").Update(&BadgeAward{IsBadgeDeleted: 1})
			return nil, err
		}
		_, err := sess.Where("badge_id = ?", id).Cols("is_badge_deleted").Update(&BadgeAward{IsBadgeDeleted: 0})
		return nil, err
	})
	return err
}

// SetBadgeStatus skips a status the badge has already: racers past the
// check write the same status and flag the same awards.
func (s *Store) SetBadgeStatus(ctx context.Context, id int64, status int) error {
	b, err := s.badge(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == status {
		return nil
	}
	return s.setBadgeStatus(ctx, id, status) // ok: the awards' flags converge
}

// Award is the look-alike that grants work on the check's word: an award
// row inserted for the user after the status is set.
func (s *Store) Award(ctx context.Context, id, uid int64, status int) error {
	b, err := s.badge(ctx, id)
	if err != nil {
		return err
	}
	if b.Status == status {
		return nil
	}
	if err := s.setBadgeStatus(ctx, id, status); err != nil { // want `check-then-update on badge\(status\)`
		return err
	}
	_, err = s.db.Context(ctx).Insert(&BadgeAward{BadgeID: id, UserID: uid})
	return err
}
