package gorpprune

import (
	"database/sql"
	"errors"
	"time"

	"github.com/go-gorp/gorp/v3"
)

type Store struct{ sql *gorp.DbMap }

type Task struct {
	ID      int
	Created time.Time
}

type Invite struct {
	ID     int
	TeamID int
}

// ClearTasks keeps the newest max tasks of a template: it finds the task
// at the cutoff and deletes the ones created before it. Racers delete the
// same range.
func (d *Store) ClearTasks(templateID, max int) error {
	var cutoff Task
	err := d.sql.SelectOne(&cutoff, "select created from task where template_id=? order by created desc limit 1 offset ?", templateID, max-1)
	if err != nil {
		return err
	}
	_, err = d.sql.Exec("delete from task where template_id=? and created<?", templateID, cutoff.Created) // ok: a prune of the rows before the one found
	if err != nil {
		return err
	}
	_, err = d.sql.Exec("update template set tasks=? where id=?", max, templateID)
	return err
}

// Redeem consumes the invite it found, then grants the membership: two
// requests both find it and both join.
func (d *Store) Redeem(code string, userID int) error {
	var inv Invite
	err := d.sql.SelectOne(&inv, "select * from invite where code=?", code)
	if errors.Is(err, sql.ErrNoRows) {
		return errors.New("no such invite")
	}
	if err != nil {
		return err
	}
	if _, err := d.sql.Exec("delete from invite where code=?", code); err != nil { // want `check-then-delete on invite: the row found at gorpprune\.go:\d+ is consumed by a DELETE that ignores rows affected`
		return err
	}
	_, err = d.sql.Exec("insert into member (team_id, user_id) values (?, ?)", inv.TeamID, userID)
	return err
}
