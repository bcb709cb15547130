// Package clause is a stand-in for gorm.io/gorm/clause.
package clause

type Expression interface{}

type Column struct {
	Table string
	Name  string
}

type Table struct{ Name string }

type Locking struct {
	Strength string
	Table    Table
	Options  string
}

type Assignment struct {
	Column Column
	Value  interface{}
}

type Set []Assignment

type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

type Where struct{ Exprs []Expression }

type Expr struct {
	SQL  string
	Vars []interface{}
}

// AssignmentColumns sets each column from the proposed row, as gorm does.
func AssignmentColumns(values []string) Set {
	assignments := make([]Assignment, len(values))
	for idx, value := range values {
		assignments[idx] = Assignment{Column: Column{Name: value}, Value: Column{Table: "excluded", Name: value}}
	}
	return assignments
}

// Assignments sets each key to its value, in key order as gorm does.
func Assignments(values map[string]interface{}) Set {
	out := make([]Assignment, 0, len(values))
	for key, v := range values {
		out = append(out, Assignment{Column: Column{Name: key}, Value: v})
	}
	return out
}

type Eq struct {
	Column interface{}
	Value  interface{}
}
