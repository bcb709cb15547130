// Package xormcols is an xorm data layer in the legacy style: an Engine
// interface over the engine and its sessions, a whole-row writer
// (AllCols) and a column-list writer that passes its caller's names on
// to Cols with a bookkeeping column of its own appended, so
// updateTicketCols(e, t, "title") writes title and updated_unix and
// nothing else.
package xormcols

import (
	"errors"
	"time"

	"xorm.io/xorm"
)

type Engine interface {
	Exec(sqlOrArgs ...interface{}) (sql interface{}, err error)
	Get(beans ...interface{}) (bool, error)
	ID(id interface{}) *xorm.Session
	Where(query interface{}, args ...interface{}) *xorm.Session
}

var x *xorm.Engine

type Ticket struct {
	ID          int64
	RepoID      int64 `xorm:"INDEX"`
	Title       string
	Body        string `xorm:"TEXT"`
	NumReplies  int
	IsClosed    bool
	IsLocked    bool
	UpdatedUnix int64
	Due         time.Time `xorm:"-"`
	DueUnix     int64
}

// BeforeUpdate is xorm's hook: every update of a ticket stamps it, and
// stores the due date the read converted back.
func (t *Ticket) BeforeUpdate() {
	t.UpdatedUnix = time.Now().Unix()
	t.DueUnix = t.Due.Unix()
}

// Postpone moves the due date.
func Postpone(id int64, due time.Time) error {
	_, err := x.Exec("UPDATE ticket SET due_unix = ? WHERE id = ?", due.Unix(), id)
	return err
}

func getTicket(id int64) (*Ticket, error) {
	t := new(Ticket)
	has, err := x.ID(id).Get(t)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errors.New("no ticket")
	}
	return t, nil
}

func updateTicket(e *xorm.Session, t *Ticket) error {
	_, err := e.ID(t.ID).AllCols().Update(t)
	return err
}

func updateTicketCols(e *xorm.Session, t *Ticket, cols ...string) error {
	cols = append(cols, "updated_unix")
	_, err := e.ID(t.ID).Cols(cols...).Update(t)
	return err
}

// UpdateTicketCols passes its own list on.
func UpdateTicketCols(t *Ticket, cols ...string) error {
	return updateTicketCols(x.NewSession(), t, cols...)
}

// setLocked sets the flag on the ticket it is given and writes it: the
// value is its own.
func (t *Ticket) setLocked(e *xorm.Session, locked bool) error {
	t.IsLocked = locked
	return updateTicketCols(e, t, "is_locked")
}

// Lock goes through the method: is_locked changes.
func Lock(id int64) error {
	t, err := getTicket(id)
	if err != nil {
		return err
	}
	return t.setLocked(x.NewSession(), true)
}

// AddReply counts a reply atomically.
func AddReply(id int64) error {
	_, err := x.Exec("UPDATE ticket SET num_replies = num_replies + 1 WHERE id = ?", id)
	return err
}

// EditBody writes the whole row back: the reply count read before is
// written with it.
func EditBody(id int64, body string) error {
	t, err := getTicket(id)
	if err != nil {
		return err
	}
	t.Body = body
	return updateTicket(x.NewSession(), t) // want `stale row written back on ticket\(due_unix, is_closed, is_locked, num_replies and 1 more\)`
}

// Retitle names the reply count among the columns it writes.
func Retitle(id int64, title string) error {
	t, err := getTicket(id)
	if err != nil {
		return err
	}
	t.Title = title
	return UpdateTicketCols(t, "title", "num_replies") // want `stale row written back on ticket\(num_replies\)`
}

// ---- silent ----

// Rename writes title and updated_unix: the count is not among them.
func Rename(id int64, title string) error {
	t, err := getTicket(id)
	if err != nil {
		return err
	}
	t.Title = title
	return UpdateTicketCols(t, "name", "title") // ok: Cols writes name, title and updated_unix only
}

// Close goes straight to the helper, with its session.
func Close(id int64) error {
	t, err := getTicket(id)
	if err != nil {
		return err
	}
	t.IsClosed = true
	return updateTicketCols(x.NewSession(), t, "is_closed") // ok: is_closed and updated_unix
}
