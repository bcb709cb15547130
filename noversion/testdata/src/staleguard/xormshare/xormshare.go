// Package xormshare shares projects with teams and marks favorites, in
// the shape of a task manager on xorm: a relation row looked up for a 404,
// then deleted, then the project's updated time stamped; a favorite mark
// removed when the request's flag says so, then the project saved either
// way.
package xormshare

import (
	"errors"

	"xorm.io/xorm"
)

var ErrNoAccess = errors.New("the team has no access to the project")

type Project struct {
	ID          int64
	Title       string
	Description string
	Updated     int64 `xorm:"updated"`
}

type TeamProject struct {
	ID        int64
	TeamID    int64
	ProjectID int64
	Right     int
}

type Favorite struct {
	ID       int64
	EntityID int64
	UserID   int64
}

type Session struct {
	ID      int64
	UserID  int64
	Expires int64
}

type Invite struct {
	ID        int64
	Code      string
	ProjectID int64
	TeamID    int64
}

func touchProject(s *xorm.Session, id int64) error {
	_, err := s.ID(id).Cols("updated").Update(&Project{ID: id})
	return err
}

// ---- silent ----

// Unshare removes a team's access: the lookup only answers 404, and a
// second delete of the relation leaves it removed, as this request wanted;
// stamping the project's updated time grants nothing.
func Unshare(s *xorm.Session, teamID, projectID int64) error {
	has, err := s.Where("team_id = ? AND project_id = ?", teamID, projectID).Get(&TeamProject{})
	if err != nil {
		return err
	}
	if !has {
		return ErrNoAccess
	}
	if _, err := s.Where("team_id = ?", teamID).And("project_id = ?", projectID).Delete(&TeamProject{}); err != nil { // ok: the write after is a touch
		return err
	}
	return touchProject(s, projectID)
}

func removeFavorite(s *xorm.Session, id, user int64) error {
	_, err := s.Where("entity_id = ? AND user_id = ?", id, user).Delete(&Favorite{})
	return err
}

// UpdateProject removes the favorite mark when the request clears it, then
// saves the project whether or not it did: the save is no work the
// favorite row grants.
func UpdateProject(s *xorm.Session, p *Project, user int64, favorite bool) error {
	was, err := s.Where("entity_id = ? AND user_id = ?", p.ID, user).Exist(&Favorite{})
	if err != nil {
		return err
	}
	if !favorite && was {
		if err := removeFavorite(s, p.ID, user); err != nil { // ok: the project is saved either way
			return err
		}
	}
	_, err = s.ID(p.ID).Cols("title", "description").Update(p)
	return err
}

// ---- reported ----

// Accept consumes an invite and grants what it names: two requests both
// find it, both delete it and both add the team.
func Accept(s *xorm.Session, code string) error {
	inv := &Invite{}
	has, err := s.Where("code = ?", code).Get(inv)
	if err != nil {
		return err
	}
	if !has {
		return errors.New("no such invite")
	}
	if _, err := s.Where("code = ?", code).Delete(&Invite{}); err != nil { // want `check-then-delete on invite`
		return err
	}
	_, err = s.Insert(&TeamProject{TeamID: inv.TeamID, ProjectID: inv.ProjectID})
	return err
}
