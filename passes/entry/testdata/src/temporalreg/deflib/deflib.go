// Package deflib is a service library's Temporal helper: definitions are
// listed by the packages that own them and registered here.
package deflib

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

type Definition struct {
	Name string
	Func any
}

type DefinitionSet []Definition

func (d DefinitionSet) Append(def Definition) DefinitionSet { // want `unknown: deflib.DefinitionSet.Append is exported`
	return append(d, def)
}

func New(c client.Client, queue string, activities []DefinitionSet) worker.Worker { // want `unknown: deflib.New is exported`
	w := worker.New(c, queue, worker.Options{})
	for _, set := range activities {
		for _, act := range set {
			w.RegisterActivityWithOptions(act.Func, activity.RegisterOptions{Name: act.Name})
		}
	}
	return w
}
