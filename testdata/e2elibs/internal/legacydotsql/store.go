// Package legacydotsql runs named statements with dotsql under its old
// import path, github.com/gchaincl/dotsql v1.0.0, which services still
// require.
package legacydotsql

import (
	"database/sql"
	"errors"

	"github.com/gchaincl/dotsql"
)

type Holds struct {
	db  *sql.DB
	dot *dotsql.DotSql
}

func (h *Holds) Release(id int64) error {
	_, err := h.dot.Exec(h.db, "release-hold", id) // HAZARD(noversion)
	return err
}

func (h *Holds) ReleaseChecked(id int64) error {
	res, err := h.dot.Exec(h.db, "release-hold", id) // SAFE(noversion): rows affected tested
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.New("hold already released")
	}
	return nil
}
