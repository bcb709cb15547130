// Package xormowner lets a user comment only on their own notes: the note
// is read, its owner checked, and the comment appended by a helper that
// reads the note again and writes the whole row back. No code path changes
// a note's owner, so the check cannot go stale. An issue can be reassigned, so the same check
// before an issue's write-back is reported.
package xormowner

import (
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

var errDenied = errors.New("not yours")

type Note struct {
	ID       int64 `xorm:"pk"`
	Owner    string
	Title    string
	Comments []string
}

func getNote(id int64) (*Note, error) {
	var n Note
	has, err := x.ID(id).Get(&n)
	if err != nil || !has {
		return nil, err
	}
	return &n, nil
}

func updateNote(id int64, n *Note) error {
	_, err := x.ID(id).AllCols().Update(n)
	return err
}

func Comment(id int64, user, text string) error {
	n, err := getNote(id)
	if err != nil || n == nil {
		return err
	}
	if n.Owner != user {
		return errDenied
	}
	return addNoteComment(id, text) // ok: the owner is never changed
}

// addNoteComment reads the note again and writes it back with the comment.
func addNoteComment(id int64, text string) error {
	n, err := getNote(id)
	if err != nil || n == nil {
		return err
	}
	n.Comments = append(n.Comments, text)
	return updateNote(id, n)
}

// ---- reported: an issue is reassigned ----

type Issue struct {
	ID       int64 `xorm:"pk"`
	Owner    string
	Title    string
	Comments []string
}

func getIssue(id int64) (*Issue, error) {
	var c Issue
	has, err := x.ID(id).Get(&c)
	if err != nil || !has {
		return nil, err
	}
	return &c, nil
}

func updateIssue(id int64, c *Issue) error {
	_, err := x.ID(id).AllCols().Update(c)
	return err
}

func CommentIssue(id int64, user, text string) error {
	c, err := getIssue(id)
	if err != nil || c == nil {
		return err
	}
	if c.Owner != user {
		return errDenied
	}
	return addIssueComment(id, text) // want `check-then-update on issue\(owner\)`
}

func addIssueComment(id int64, text string) error {
	c, err := getIssue(id)
	if err != nil || c == nil {
		return err
	}
	c.Comments = append(c.Comments, text)
	return updateIssue(id, c) // want `stale row written back on issue\(owner\)`
}

func Reassign(id int64, owner string) error {
	_, err := x.Exec("UPDATE issue SET owner = ? WHERE id = ?", owner, id)
	return err
}
