// Package xormkey looks rows up by their id and their parent's id, the
// bean itself the condition (xorm's Get of &Milestone{ID: id, RepoID:
// repoID}), and writes them back whole: repo_id is written with the value
// the row was found by, which changes nothing in it.
package xormkey

import (
	"errors"
	"strings"

	"xorm.io/xorm"
)

var x *xorm.Engine

type Milestone struct {
	ID        int64
	RepoID    int64 `xorm:"INDEX"`
	Name      string
	IsClosed  bool
	NumIssues int
}

func getMilestone(e *xorm.Session, repoID, id int64) (*Milestone, error) {
	m := &Milestone{ID: id, RepoID: repoID}
	has, err := e.Get(m)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errors.New("no milestone")
	}
	return m, nil
}

func updateMilestone(e *xorm.Session, m *Milestone) error {
	_, err := e.ID(m.ID).AllCols().Update(m)
	return err
}

type Issue struct {
	ID          int64
	RepoID      int64 `xorm:"INDEX"`
	MilestoneID int64
}

// assignMilestone counts the issue into its milestone, found by the
// issue's repository and milestone ids.
func assignMilestone(e *xorm.Session, issue *Issue) error {
	m, err := getMilestone(e, issue.RepoID, issue.MilestoneID)
	if err != nil {
		return err
	}
	m.NumIssues++
	return updateMilestone(e, m) // want `stale row written back on milestone\(is_closed, name\)`
}

// NewIssue writes the milestone through assignMilestone: repo_id as the
// milestone was found by.
func NewIssue(repoID, milestoneID int64) error {
	issue := &Issue{RepoID: repoID, MilestoneID: milestoneID}
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	if _, err := sess.Insert(issue); err != nil {
		return err
	}
	if err := assignMilestone(sess, issue); err != nil {
		return err
	}
	return sess.Commit()
}

// CountIssue counts an issue in atomically.
func CountIssue(id int64) error {
	_, err := x.Exec("UPDATE milestone SET num_issues = num_issues + 1 WHERE id = ?", id)
	return err
}

func Rename(repoID, id int64, name string) error {
	m, err := getMilestone(x.NewSession(), repoID, id)
	if err != nil {
		return err
	}
	m.Name = name
	return updateMilestone(x.NewSession(), m) // want `stale row written back on milestone\(is_closed, num_issues\)`
}

func Close(repoID, id int64) error {
	m, err := getMilestone(x.NewSession(), repoID, id)
	if err != nil {
		return err
	}
	m.IsClosed = true
	return updateMilestone(x.NewSession(), m) // want `stale row written back on milestone\(name, num_issues\)`
}

// Reopen writes through the session itself.
func Reopen(repoID, id int64) error {
	m, err := getMilestone(x.NewSession(), repoID, id)
	if err != nil {
		return err
	}
	m.IsClosed = false
	_, err = x.ID(m.ID).AllCols().Update(m) // want `stale row written back on milestone\(name, num_issues\): xorm Update writes back the values read at`
	return err
}

// ---- silent ----

type Tag struct {
	ID     int64
	RepoID int64 `xorm:"INDEX"`
	Name   string
}

func getTag(repoID, id int64) (*Tag, error) {
	t := &Tag{ID: id, RepoID: repoID}
	if has, err := x.Get(t); err != nil || !has {
		return nil, errors.New("no tag")
	}
	return t, nil
}

func RenameTag(repoID, id int64, name string) error {
	t, err := getTag(repoID, id)
	if err != nil {
		return err
	}
	t.Name = name
	_, err = x.ID(t.ID).AllCols().Update(t) // ok: repo_id is what the tag was found by, and nobody moves it
	return err
}

func TrimTag(repoID, id int64) error {
	t, err := getTag(repoID, id)
	if err != nil {
		return err
	}
	t.Name = strings.TrimSpace(t.Name)
	_, err = x.ID(t.ID).AllCols().Update(t) // ok: as RenameTag
	return err
}
