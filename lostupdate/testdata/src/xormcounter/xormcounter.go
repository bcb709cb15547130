// Package xormcounter keeps counters on parent rows the legacy xorm way:
// a method of the team given the team its caller loaded bumps the count
// in Go and writes the team back, inside the caller's transaction.
package xormcounter

import (
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

type Team struct {
	ID         int64
	OrgID      int64 `xorm:"INDEX"`
	Name       string
	NumRepos   int
	NumMembers int
}

type TeamRepo struct {
	ID     int64
	TeamID int64 `xorm:"UNIQUE(s)"`
	RepoID int64 `xorm:"UNIQUE(s)"`
}

func getOwnerTeam(e *xorm.Session, orgID int64) (*Team, error) {
	t := new(Team)
	has, err := e.Where("org_id = ?", orgID).And("name = ?", "Owners").Get(t)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errors.New("no owner team")
	}
	return t, nil
}

// addRepository counts the repository in: from whatever the caller read.
func (t *Team) addRepository(e *xorm.Session, repoID int64) error {
	if _, err := e.Insert(&TeamRepo{TeamID: t.ID, RepoID: repoID}); err != nil {
		return err
	}
	t.NumRepos++
	_, err := e.ID(t.ID).AllCols().Update(t)
	return err
}

// rename sets a value of its own.
func (t *Team) rename(e *xorm.Session, name string) error {
	t.Name = name
	_, err := e.ID(t.ID).Cols("name").Update(t)
	return err
}

// CreateRepository: two repositories created at once in one organization
// read the same count, and one increment is lost.
func CreateRepository(orgID, repoID int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	t, err := getOwnerTeam(sess, orgID)
	if err != nil {
		return err
	}
	if err = t.addRepository(sess, repoID); err != nil { // want `lost update on team\.num_repos`
		return err
	}
	return sess.Commit()
}

// ---- silent ----

// CreateRepositoryLocked reads the team FOR UPDATE.
func CreateRepositoryLocked(orgID, repoID int64) error {
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	t := new(Team)
	if has, err := sess.Where("org_id = ?", orgID).And("name = ?", "Owners").ForUpdate().Get(t); err != nil || !has {
		return errors.New("no owner team")
	}
	if err := t.addRepository(sess, repoID); err != nil { // ok: the row is locked
		return err
	}
	return sess.Commit()
}

// RenameOwners writes the name it was given.
func RenameOwners(orgID int64, name string) error {
	sess := x.NewSession()
	t, err := getOwnerTeam(sess, orgID)
	if err != nil {
		return err
	}
	return t.rename(sess, name) // ok: a value of the request
}

type Repository struct {
	ID          int64
	Name        string
	Description string
	Website     string
}

func getRepository(id int64) (*Repository, error) {
	r := new(Repository)
	if has, err := x.ID(id).Get(r); err != nil || !has {
		return nil, errors.New("no repository")
	}
	return r, nil
}

// updateRepository trims the description it is given before writing it.
func updateRepository(e *xorm.Session, r *Repository) error {
	if len(r.Description) > 512 {
		r.Description = r.Description[:512]
	}
	_, err := e.ID(r.ID).AllCols().Update(r)
	return err
}

// SetWebsite: the description is cut, not counted.
func SetWebsite(id int64, site string) error {
	r, err := getRepository(id)
	if err != nil {
		return err
	}
	r.Website = site
	return updateRepository(x.NewSession(), r) // ok: no counter moves in Go
}
