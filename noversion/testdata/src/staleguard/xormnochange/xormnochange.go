// Package xormnochange saves a dashboard's edited layout: the request's
// layout is encoded to JSON, and an edit that changes neither the title
// nor the layout is refused as "nothing will be updated". The check
// compares the stored layout with the one the update writes, so a racer
// can make it stale only by writing this very layout: it is an edit's
// shortcut, not a guard. A layout reset to a default when the stored one
// is non-empty is a check of another value, so that twin is reported.
package xormnochange

import (
	"encoding/json"
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

var errNothing = errors.New("nothing will be updated")

type Dashboard struct {
	ID     int64 `xorm:"pk"`
	Owner  int64
	Title  string
	Layout string
}

type EditRequest struct {
	ID     int64
	Title  string
	Layout map[string]any
}

func getDashboard(owner, id int64) (*Dashboard, error) {
	d := &Dashboard{}
	has, err := x.Where("owner=? AND id=?", owner, id).Get(d)
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, errors.New("no dashboard")
	}
	return d, nil
}

func modifyDashboard(d *Dashboard) error {
	_, err := x.Cols("title", "layout").Where("owner=? AND id=?", d.Owner, d.ID).Update(d)
	return err
}

// Edit writes the request's title and layout unless both are unchanged.
func Edit(owner int64, req *EditRequest) error {
	old, err := getDashboard(owner, req.ID)
	if err != nil {
		return err
	}
	layout, err := json.Marshal(req.Layout)
	if err != nil {
		return err
	}
	d := &Dashboard{ID: old.ID, Owner: owner, Title: req.Title, Layout: string(layout)}
	if d.Title == old.Title && d.Layout == old.Layout {
		return errNothing
	}
	return modifyDashboard(d) // ok: only the same edit sent twice gets past the shortcut twice
}

// Reset puts a default layout on a dashboard that has one of its own.
func Reset(owner, id int64, def string) error {
	old, err := getDashboard(owner, id)
	if err != nil {
		return err
	}
	if old.Layout == "" {
		return errNothing
	}
	d := &Dashboard{ID: old.ID, Owner: owner, Title: old.Title, Layout: def}
	return modifyDashboard(d) // want `check-then-update on dashboard\(layout\)`
}
