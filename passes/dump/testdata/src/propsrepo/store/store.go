// Package store runs the generic helpers of semaphore's sql store: the
// table is the props' field.
package store

import (
	"database/sql"
	"errors"

	"github.com/Masterminds/squirrel"
	"github.com/go-gorp/gorp/v3"

	"propsrepo/db"
)

type SqlDb struct{ sql *gorp.DbMap }

type View struct {
	ID    int    `db:"id"`
	Title string `db:"title"`
}

func (d *SqlDb) getObject(projectID int, props db.ObjectProps, objectID int, object any) error {
	q := squirrel.Select("*").From(props.TableName).Where("id=?", objectID)
	if !props.IsGlobal {
		q = q.Where("project_id=?", projectID)
	}
	query, args, err := q.ToSql()
	if err != nil {
		return err
	}
	err = d.sql.SelectOne(object, query, args...) // want `select \? where id=\$objectID where-some-paths project_id reads \*\->object on d\.sql; found\? err\(database/sql\.ErrNoRows\); partial`
	if errors.Is(err, sql.ErrNoRows) {
		return errors.New("not found")
	}
	return err
}

func (d *SqlDb) deleteObject(projectID int, props db.ObjectProps, objectID int) error {
	_, err := d.sql.Exec("delete from "+props.TableName+" where project_id=? and id=?", projectID, objectID) // want `delete \? where project_id=\$projectID,id=\$objectID on d\.sql; partial`
	return err
}

func (d *SqlDb) GetView(projectID, viewID int) (View, error) {
	var v View
	err := d.getObject(projectID, db.ViewProps, viewID, &v) // want `select project__view where id=\$viewID where-some-paths project_id reads \*\->v on d\.sql; via store\.SqlDb\.getObject at store\.go:31; partial`
	return v, err
}

func (d *SqlDb) DeleteView(projectID, viewID int) error {
	return d.deleteObject(projectID, db.ViewProps, viewID) // want `delete project__view where project_id=\$projectID,id=\$viewID on d\.sql; via store\.SqlDb\.deleteObject`
}

func (d *SqlDb) DeleteOption(id int) error {
	return d.deleteObject(0, db.OptionProps, id) // want `delete option where project_id=\$0,id=\$id on d\.sql; via store\.SqlDb\.deleteObject`
}

// DeleteScratch names a table the program renames: unknown.
func (d *SqlDb) DeleteScratch(id int) error {
	return d.deleteObject(0, db.ScratchProps, id) // want `delete \? where project_id=\$0,id=\$id on d\.sql; via store\.SqlDb\.deleteObject at store\.go:39; partial`
}
