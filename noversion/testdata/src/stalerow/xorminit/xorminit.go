// Package xorminit creates a project in a session: a helper inserts the
// row, another re-reads it by the id the insert set and writes it back
// whole, before the session commits. No other transaction sees the row
// until then, so the write-back reverts nobody's change. The same
// re-read and write-back of a committed row (a project renamed after it
// was created, a helper also called for a row the caller only read) is
// reported.
package xorminit

import (
	"errors"

	"xorm.io/xorm"
)

var x *xorm.Engine

type Project struct {
	ID       int64
	OwnerID  int64
	Name     string
	Branch   string
	Size     int64
	IsFrozen bool
}

func getProjectByID(e *xorm.Session, id int64) (*Project, error) {
	p := new(Project)
	has, err := e.ID(id).Get(p)
	if err != nil {
		return nil, err
	} else if !has {
		return nil, errors.New("no project")
	}
	return p, nil
}

func updateProject(e *xorm.Session, p *Project) error {
	_, err := e.ID(p.ID).AllCols().Update(p)
	return err
}

func insertProject(e *xorm.Session, p *Project) error {
	_, err := e.Insert(p)
	return err
}

// setUpProject re-reads the row its callers inserted, sets its branch and
// saves it.
func setUpProject(e *xorm.Session, p *Project, branch string) error {
	p, err := getProjectByID(e, p.ID)
	if err != nil {
		return err
	}
	p.Branch = branch
	return updateProject(e, p) // ok: every caller inserted the row earlier in its open session
}

func CreateProject(ownerID int64, name string) (*Project, error) {
	p := &Project{OwnerID: ownerID, Name: name}
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return nil, err
	}
	if err := insertProject(sess, p); err != nil {
		return nil, err
	}
	if err := setUpProject(sess, p, "main"); err != nil {
		return nil, err
	}
	return p, sess.Commit()
}

// ResizeProject is the other writer of size.
func ResizeProject(id, size int64) error {
	_, err := x.Exec("UPDATE project SET size = ? WHERE id = ?", size, id)
	return err
}

// FreezeProject is the writer of is_frozen.
func FreezeProject(id int64) error {
	_, err := x.Exec("UPDATE project SET is_frozen = ? WHERE id = ?", true, id)
	return err
}

// ---- reported ----

// renameProject is called both for a row just inserted and for one the
// caller only read: the second row is committed and seen by all.
func renameProject(e *xorm.Session, p *Project, name string) error {
	p, err := getProjectByID(e, p.ID)
	if err != nil {
		return err
	}
	p.Name = name
	return updateProject(e, p) // want `stale row written back on project\(branch, is_frozen, size\)`
}

func CreateNamedProject(ownerID int64, name string) error {
	p := &Project{OwnerID: ownerID}
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	if err := insertProject(sess, p); err != nil {
		return err
	}
	if err := renameProject(sess, p, name); err != nil {
		return err
	}
	return sess.Commit()
}

func RenameProject(id int64, name string) error {
	p, err := getProjectByID(x.NewSession(), id)
	if err != nil {
		return err
	}
	return renameProject(x.NewSession(), p, name)
}

// rebranchProject's only caller inserted the row without a session: it
// was committed at once, and others may change it before the re-read.
func rebranchProject(e *xorm.Session, p *Project, branch string) error {
	p, err := getProjectByID(e, p.ID)
	if err != nil {
		return err
	}
	p.Branch = branch
	return updateProject(e, p) // want `stale row written back on project\(is_frozen, name, size\)`
}

func CreateProjectNoTx(ownerID int64, name string) error {
	p := &Project{OwnerID: ownerID, Name: name}
	if err := insertProject(x.NewSession(), p); err != nil {
		return err
	}
	return rebranchProject(x.NewSession(), p, "main")
}
