// Package workflow is a stand-in for go.temporal.io/sdk/workflow.
package workflow

import "go.temporal.io/sdk/internal"

type RegisterOptions = internal.RegisterWorkflowOptions

type Context interface{ Done() <-chan struct{} }
