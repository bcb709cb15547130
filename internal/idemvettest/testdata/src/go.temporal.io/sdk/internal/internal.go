// Package internal is a stand-in for go.temporal.io/sdk/internal, where
// the types the public packages alias live.
package internal

import (
	"context"
	"time"
)

type WorkflowExecution struct {
	ID    string
	RunID string
}

type ActivityType struct{ Name string }

type ActivityInfo struct {
	TaskToken         []byte
	WorkflowExecution WorkflowExecution
	ActivityID        string
	ActivityType      ActivityType
	TaskQueue         string
	StartedTime       time.Time
	Attempt           int32
}

type RegisterActivityOptions struct {
	Name                          string
	DisableAlreadyRegisteredCheck bool
	SkipInvalidStructFunctions    bool
}

type RegisterWorkflowOptions struct {
	Name                          string
	DisableAlreadyRegisteredCheck bool
}

func GetActivityInfo(ctx context.Context) ActivityInfo { return ActivityInfo{} }
