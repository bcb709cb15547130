// Package qmhelper is a stand-in for
// github.com/volatiletech/sqlboiler/v4/queries/qmhelper v4.19: what the
// generated where helpers call.
package qmhelper

import "github.com/volatiletech/sqlboiler/v4/queries/qm"

type operator string

// The comparisons of Where.
const (
	EQ  operator = "="
	NEQ operator = "!="
	LT  operator = "<"
	LTE operator = "<="
	GT  operator = ">"
	GTE operator = ">="
)

// Where compares the column name with value.
func Where(name string, operator operator, value interface{}) qm.QueryMod { return nil }

// WhereIsNull tests the column for NULL.
func WhereIsNull(name string) qm.QueryMod { return nil }
