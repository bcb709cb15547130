// Package defs is a service library's Temporal helper: each package lists
// its activities as definitions, and New registers them all.
package defs

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

func (d DefinitionSet) Append(def Definition) DefinitionSet { return append(d, def) }

func New(c client.Client, queue string, sets []DefinitionSet) worker.Worker {
	w := worker.New(c, queue, worker.Options{})
	for _, set := range sets {
		for _, act := range set {
			w.RegisterActivityWithOptions(act.Func, activity.RegisterOptions{Name: act.Name})
		}
	}
	return w
}
