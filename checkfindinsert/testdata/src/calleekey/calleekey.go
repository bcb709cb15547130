// Package calleekey creates projects the way a forge does: the helper
// that checks and inserts takes the owner and the project it is given,
// and only its callers set the project's owner from the owner.
package calleekey

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"xorm.io/xorm"
)

type Owner struct {
	ID   int64 `xorm:"pk autoincr"`
	Name string
}

type Project struct {
	ID        int64 `xorm:"pk autoincr"`
	OwnerID   int64
	Name      string
	LowerName string
}

var ErrExists = errors.New("project exists")

// projectExists reports a project row whose repository is on disk.
func projectExists(e *xorm.Session, o *Owner, name string) (bool, error) {
	has, err := e.Get(&Project{OwnerID: o.ID, LowerName: strings.ToLower(name)})
	return has && onDisk(o.Name, name), err
}

func onDisk(owner, name string) bool {
	fi, err := os.Stat(filepath.Join("/srv/repos", owner, name))
	return err == nil && fi.IsDir()
}

// createProject looks the name up under o and inserts p: whether p is
// o's project is its callers' business.
func createProject(e *xorm.Session, o *Owner, p *Project) error {
	has, err := projectExists(e, o, p.Name)
	if err != nil {
		return err
	}
	if has {
		return ErrExists
	}
	_, err = e.Insert(p)
	return err
}

// CreateProject gives the project the owner's id and the name's lower
// case: the helper's lookup and insert name one key.
func CreateProject(x *xorm.Engine, o *Owner, name string) (*Project, error) {
	p := &Project{OwnerID: o.ID, Name: name, LowerName: strings.ToLower(name)}
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return nil, err
	}
	if err := createProject(sess, o, p); err != nil { // want `check-then-insert in calleekey\.createProject on project\(owner_id, lower_name\)`
		return nil, err
	}
	return p, sess.Commit()
}

// ---- silent ----

// Fork files the project under the forking owner but looks the name up
// under the original one: another key.
func Fork(x *xorm.Engine, from, to *Owner, name string) (*Project, error) {
	p := &Project{OwnerID: to.ID, Name: name, LowerName: strings.ToLower(name)}
	sess := x.NewSession()
	defer sess.Close()
	if err := createProject(sess, from, p); err != nil { // ok: looked up under from, inserted under to
		return nil, err
	}
	return p, sess.Commit()
}

// Rename stores a lower name that is not the looked-up one.
func Rename(x *xorm.Engine, o *Owner, name, other string) error {
	p := &Project{OwnerID: o.ID, Name: name, LowerName: strings.ToLower(other)}
	sess := x.NewSession()
	defer sess.Close()
	return createProject(sess, o, p) // ok: the name looked up is not the one inserted
}
