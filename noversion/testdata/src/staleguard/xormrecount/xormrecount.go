// Package xormrecount deletes rows it looked up, in a transaction begun
// after the lookup, then updates what refers to them: the repository's
// milestone counts taken again by COUNT in the transaction and written
// back whole, the issues' references cleared to a constant; or a comment
// count decremented.
package xormrecount

import (
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

var errNotExist = errors.New("not exist")

type Repository struct {
	ID                  int64
	Name                string
	Description         string
	Size                int64
	NumMilestones       int
	NumClosedMilestones int
}

type Milestone struct {
	ID              int64
	RepoID          int64 `xorm:"INDEX"`
	Name            string
	Content         string `xorm:"TEXT"`
	IsClosed        bool
	NumIssues       int
	NumClosedIssues int
	DeadlineUnix    int64
}

type Comment struct {
	ID      int64
	IssueID int64 `xorm:"INDEX"`
	Content string
}

func getRepository(id int64) (*Repository, error) {
	r := new(Repository)
	has, err := x.ID(id).Get(r)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errNotExist
	}
	return r, nil
}

func getMilestone(repoID, id int64) (*Milestone, error) {
	m := &Milestone{ID: id, RepoID: repoID}
	has, err := x.Get(m)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errNotExist
	}
	return m, nil
}

func countMilestones(e *xorm.Session, repoID int64) int64 {
	n, _ := e.Where("repo_id = ?", repoID).Count(new(Milestone))
	return n
}

func countClosedMilestones(e *xorm.Session, repoID int64) int64 {
	n, _ := e.Where("repo_id = ? AND is_closed = ?", repoID, true).Count(new(Milestone))
	return n
}

// DeleteMilestone: a second delete removes nothing, and what follows
// writes what the first wrote.
func DeleteMilestone(repoID, id int64) error {
	m, err := getMilestone(repoID, id)
	if err != nil {
		if errors.Is(err, errNotExist) {
			return nil
		}
		return err
	}
	repo, err := getRepository(m.RepoID)
	if err != nil {
		return err
	}
	sess := x.NewSession()
	defer sess.Close()
	if err = sess.Begin(); err != nil {
		return err
	}
	if _, err = sess.ID(m.ID).Delete(new(Milestone)); err != nil { // ok: the counts are taken again, the references cleared
		return err
	}
	repo.NumMilestones = int(countMilestones(sess, repo.ID))
	repo.NumClosedMilestones = int(countClosedMilestones(sess, repo.ID))
	if _, err = sess.ID(repo.ID).AllCols().Update(repo); err != nil { // want `stale row written back on repository\(name\)`
		return err
	}
	if _, err = sess.Exec("UPDATE `issue` SET milestone_id = 0 WHERE milestone_id = ?", m.ID); err != nil {
		return err
	}
	return sess.Commit()
}

func getComment(id int64) (*Comment, error) {
	c := new(Comment)
	has, err := x.ID(id).Get(c)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errNotExist
	}
	return c, nil
}

// DeleteComment decrements: two requests both find the comment, and both
// take one off the count.
func DeleteComment(id int64) error {
	c, err := getComment(id)
	if err != nil {
		if errors.Is(err, errNotExist) {
			return nil
		}
		return err
	}
	sess := x.NewSession()
	defer sess.Close()
	if err = sess.Begin(); err != nil {
		return err
	}
	if _, err = sess.ID(c.ID).Delete(new(Comment)); err != nil { // want `check-then-delete on comment`
		return err
	}
	if _, err = sess.Exec("UPDATE `issue` SET num_comments = num_comments - 1 WHERE id = ?", c.IssueID); err != nil {
		return err
	}
	return sess.Commit()
}

// DeleteMilestoneRenaming also renames the repository after the request:
// work done on the lookup's word.
func DeleteMilestoneRenaming(repoID, id int64, name string) error {
	m, err := getMilestone(repoID, id)
	if err != nil {
		return err
	}
	sess := x.NewSession()
	defer sess.Close()
	if err = sess.Begin(); err != nil {
		return err
	}
	if _, err = sess.ID(m.ID).Delete(new(Milestone)); err != nil { // want `check-then-delete on milestone`
		return err
	}
	if _, err = sess.Exec("UPDATE repository SET name = ?, num_milestones = num_milestones - 1 WHERE id = ?", name, repoID); err != nil {
		return err
	}
	return sess.Commit()
}

func updateMilestone(e *xorm.Session, m *Milestone) error {
	_, err := e.ID(m.ID).AllCols().Update(m)
	return err
}

// changeMilestoneStatus sets the flag and counts the repository's closed
// milestones again.
func changeMilestoneStatus(m *Milestone, isClosed bool) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	m.IsClosed = isClosed
	if err := updateMilestone(sess, m); err != nil {
		return err
	}
	if _, err := sess.Exec("UPDATE repository SET num_closed_milestones = ? WHERE id = ?", countClosedMilestones(sess, m.RepoID), m.RepoID); err != nil {
		return err
	}
	return sess.Commit()
}

// closeMilestoneCounted counts the closed milestone in by one.
func closeMilestoneCounted(m *Milestone) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	m.IsClosed = true
	if err := updateMilestone(sess, m); err != nil {
		return err
	}
	if _, err := sess.Exec("UPDATE repository SET num_closed_milestones = num_closed_milestones + 1 WHERE id = ?", m.RepoID); err != nil {
		return err
	}
	return sess.Commit()
}

// Reopen: two requests both see it closed and both reopen it; the count
// is taken again by each.
func Reopen(repoID, id int64) error {
	m, err := getMilestone(repoID, id)
	if err != nil {
		return err
	}
	if m.IsClosed {
		return changeMilestoneStatus(m, false) // ok: both write is_closed = false and count again
	}
	return nil
}

// CloseCounted: both see it open and both add one.
func CloseCounted(repoID, id int64) error {
	m, err := getMilestone(repoID, id)
	if err != nil {
		return err
	}
	if !m.IsClosed {
		return closeMilestoneCounted(m) // want `check-then-update on milestone\(is_closed\)`
	}
	return nil
}

// reopenFor reopens and also flags the requester's row: a row of the
// request, not the racers' common one.
func reopenFor(m *Milestone, uid int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	m.IsClosed = false
	if err := updateMilestone(sess, m); err != nil {
		return err
	}
	if _, err := sess.Exec("UPDATE watch SET is_notified = true WHERE user_id = ? AND repo_id = ?", uid, m.RepoID); err != nil {
		return err
	}
	return sess.Commit()
}

func ReopenFor(repoID, id, uid int64) error {
	m, err := getMilestone(repoID, id)
	if err != nil {
		return err
	}
	if m.IsClosed {
		return reopenFor(m, uid) // want `check-then-update on milestone\(is_closed\)`
	}
	return nil
}
