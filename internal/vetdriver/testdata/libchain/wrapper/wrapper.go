// Package wrapper stands for a library passes/apis describes (its path is
// under gorm.io/): the driver never looks at its source. It hands out a
// repository type of a package its users do not import.
package wrapper

import (
	"database/sql"

	"example.com/dbhelper"
)

type Store = dbhelper.Store

func Open(db *sql.DB) *Store { return &dbhelper.Store{DB: db} }
