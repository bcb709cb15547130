// Package activity is a stand-in for go.temporal.io/sdk/activity.
package activity

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	Info            = internal.ActivityInfo
	RegisterOptions = internal.RegisterActivityOptions
)

func GetInfo(ctx context.Context) Info { return internal.GetActivityInfo(ctx) }

func RecordHeartbeat(ctx context.Context, details ...interface{}) {}
