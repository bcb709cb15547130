// Package editform is a wiki's page editing on xorm: an edit that returns
// early when the submitted content equals the stored one, then writes the
// page and records a revision. The shortcut is no guard another writer can
// invalidate; a skip decided by a state constant is.
package editform

import (
	"context"
	"errors"
	"strings"

	"xorm.io/xorm"
)

type Page struct {
	ID     int64
	Slug   string
	Title  string
	Body   string
	Status int
}

type PageRevision struct {
	ID     int64
	PageID int64
	Editor int64
	Body   string
}

const statusLocked = 3

type EditReq struct {
	PageID int64
	Editor int64
	Slug   string
	Title  string
	Body   string
}

type Store struct{ db *xorm.Engine }

func (s *Store) page(ctx context.Context, id int64) (*Page, error) {
	p := &Page{}
	ok, err := s.db.Context(ctx).ID(id).Get(p)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("no such page")
	}
	return p, nil
}

func (s *Store) savePage(ctx context.Context, p *Page) error {
	_, err := s.db.Context(ctx).ID(p.ID).Cols("slug", "title", "body").Update(p)
	return err
}

func (s *Store) setStatus(ctx context.Context, id int64, status int) error {
	_, err := s.db.Context(ctx).ID(id).Cols("status").Update(&Page{Status: status})
	return err
}

func (s *Store) addRevision(ctx context.Context, p *Page, editor int64) error {
	_, err := s.db.Context(ctx).Insert(&PageRevision{PageID: p.ID, Editor: editor, Body: p.Body})
	return err
}

// Edit skips an edit that changes nothing. Two racers get past the
// shortcut together only when they submit the same content: each writes
// what it was asked to, and neither undoes the other.
func (s *Store) Edit(ctx context.Context, req *EditReq) error {
	p, err := s.page(ctx, req.PageID)
	if err != nil {
		return err
	}
	slug := strings.ToLower(strings.ReplaceAll(req.Slug, " ", "-"))
	if p.Slug == slug && p.Title == req.Title && p.Body == req.Body {
		return nil // the content is the same: nothing to save
	}
	p.Slug, p.Title, p.Body = slug, req.Title, req.Body
	if err := s.savePage(ctx, p); err != nil { // ok: a "nothing changed" shortcut, not a guard
		return err
	}
	return s.addRevision(ctx, p, req.Editor)
}

// Lock is the look-alike: the skip compares the state with a constant,
// which every racer writes, and each goes on to record a revision.
func (s *Store) Lock(ctx context.Context, id, editor int64) error {
	p, err := s.page(ctx, id)
	if err != nil {
		return err
	}
	if p.Status == statusLocked {
		return nil
	}
	if err := s.setStatus(ctx, id, statusLocked); err != nil { // want `check-then-update on page\(status\)`
		return err
	}
	return s.addRevision(ctx, p, editor)
}

// Restyle takes the state from its caller as a plain value, which may be
// any caller's constant: reported as Lock is.
func (s *Store) Restyle(ctx context.Context, id, editor int64, status int) error {
	p, err := s.page(ctx, id)
	if err != nil {
		return err
	}
	if p.Status == status {
		return nil
	}
	if err := s.setStatus(ctx, id, status); err != nil { // want `check-then-update on page\(status\)`
		return err
	}
	return s.addRevision(ctx, p, editor)
}
