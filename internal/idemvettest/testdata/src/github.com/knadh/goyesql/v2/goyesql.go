// Package goyesql is a stand-in for github.com/knadh/goyesql/v2: the API
// idemvet models, with its real signatures.
package goyesql

import "database/sql"

type Tag string

type Query struct {
	Query string
	Tags  map[string]string
}

type Queries map[string]*Query

func ParseFile(path string) (Queries, error)                    { return nil, nil }
func MustParseFile(path string) Queries                         { return nil }
func ParseBytes(b []byte) (Queries, error)                      { return nil, nil }
func MustParseBytes(b []byte) Queries                           { return nil }
func ScanToStruct(obj interface{}, q Queries, db *sql.DB) error { return nil }
