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

func AssignmentColumns(values []string) Set { return nil }
