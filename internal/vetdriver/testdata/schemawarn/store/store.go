// Package store opens the database: the lowest package of the module
// that imports database/sql, whose go vet run finds where the module's
// schema is and passes that on to the packages importing it.
package store

import "database/sql"

// DB is the application's handle.
type DB struct{ *sql.DB }
