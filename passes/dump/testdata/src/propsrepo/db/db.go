// Package db describes each object kind by a package variable naming its
// table, as semaphore's db package does.
package db

import "github.com/go-gorp/gorp/v3"

type ObjectProps struct {
	TableName string
	IsGlobal  bool
}

var ViewProps = ObjectProps{TableName: "project__view"} // want ViewProps:"fields TableName=project__view"

var OptionProps = ObjectProps{TableName: "option", IsGlobal: true} // want OptionProps:"fields TableName=option"

// ScratchProps is renamed at run time: not one constant.
var ScratchProps = ObjectProps{TableName: "scratch"}

func UseScratch(name string) { ScratchProps.TableName = name }

// Store is the handle the store package wraps.
type Store struct{ Map *gorp.DbMap }
