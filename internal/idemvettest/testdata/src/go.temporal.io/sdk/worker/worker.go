// Package worker is a stand-in for go.temporal.io/sdk/worker: Worker
// embeds Registry, which embeds the registries declaring the methods.
package worker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"
)

type (
	Worker interface {
		Registry
		Start() error
		Run(interruptCh <-chan interface{}) error
		Stop()
	}

	Registry interface {
		WorkflowRegistry
		ActivityRegistry
	}

	WorkflowRegistry interface {
		RegisterWorkflow(w interface{})
		RegisterWorkflowWithOptions(w interface{}, options workflow.RegisterOptions)
	}

	ActivityRegistry interface {
		RegisterActivity(a interface{})
		RegisterActivityWithOptions(a interface{}, options activity.RegisterOptions)
	}

	Options struct {
		MaxConcurrentActivityExecutionSize int
		TaskQueueActivitiesPerSecond       float64
	}
)

func New(client client.Client, taskQueue string, options Options) Worker { return nil }

func InterruptCh() <-chan interface{} { return nil }
