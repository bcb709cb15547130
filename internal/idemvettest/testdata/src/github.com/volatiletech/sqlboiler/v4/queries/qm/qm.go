// Package qm is a stand-in for
// github.com/volatiletech/sqlboiler/v4/queries/qm v4.19: the query mods.
package qm

import "github.com/volatiletech/sqlboiler/v4/queries"

// QueryMod changes a query.
type QueryMod interface {
	Apply(q *queries.Query)
}

type mod struct{}

func (mod) Apply(q *queries.Query) {}

func Where(clause string, args ...interface{}) QueryMod   { return mod{} }
func And(clause string, args ...interface{}) QueryMod     { return mod{} }
func Or(clause string, args ...interface{}) QueryMod      { return mod{} }
func WhereIn(clause string, args ...interface{}) QueryMod { return mod{} }
func For(clause string) QueryMod                          { return mod{} }
func From(from string) QueryMod                           { return mod{} }
func Limit(limit int) QueryMod                            { return mod{} }
func OrderBy(clause string, args ...interface{}) QueryMod { return mod{} }
func Load(relationship string, mods ...QueryMod) QueryMod { return mod{} }
func Select(columns ...string) QueryMod                   { return mod{} }
func InnerJoin(clause string, args ...interface{}) QueryMod {
	return mod{}
}
