// Package xormlatest books an entry into a second of a timeline that
// holds at most one entry per millisecond: the latest entry of that second
// is read with OrderBy("at desc").Get, a full second refused, and the
// entry written by its id at the time the caller asks for. The check is of
// the latest entry of a set, not of the row written, so there is no
// condition the update could re-state. A check of the entry's own time,
// read by its id, before the same update is reported.
package xormlatest

import (
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

var (
	errFull   = errors.New("too many entries in one second")
	errLocked = errors.New("entry locked")
)

type Entry struct {
	ID     int64 `xorm:"pk"`
	Owner  int64
	At     int64
	Locked bool
}

func setTime(e *Entry) error {
	_, err := x.ID(e.ID).Cols("at").Where("owner=?", e.Owner).Update(e)
	return err
}

// Retime moves the entry into the second of at, unless that second is full.
func Retime(e *Entry, at int64) error {
	lo, hi := at/1000*1000, at/1000*1000+999
	latest := &Entry{}
	has, err := x.Where("owner=? AND at>=? AND at<=?", e.Owner, lo, hi).OrderBy("at desc").Get(latest)
	if err != nil {
		return err
	}
	if has && latest.At == hi {
		return errFull
	}
	e.At = at
	return setTime(e) // ok: the check is of the second's latest entry, not of e
}

// Unlock clears the lock of an entry that is locked, and moves it.
func Unlock(owner, id, at int64) error {
	cur := &Entry{}
	if _, err := x.ID(id).Where("owner=?", owner).Get(cur); err != nil {
		return err
	}
	if cur.At >= at {
		return errLocked
	}
	return setTime(&Entry{ID: id, Owner: owner, At: at}) // want `check-then-update on entry\(at\)`
}
