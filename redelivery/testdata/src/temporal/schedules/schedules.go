// Package schedules drives a scheduler service over gRPC from Temporal
// activities: pausing and deleting find the schedule in that state on a
// retry; creating one makes a second.
package schedules

import (
	"context"

	"go.temporal.io/sdk/worker"
	"google.golang.org/grpc"
)

// SchedulerClient is shaped like protoc-gen-go-grpc output.
type SchedulerClient interface {
	CreateSchedule(ctx context.Context, id string) error
	PauseSchedule(ctx context.Context, id string) error
	DeleteSchedule(ctx context.Context, id string) error
}

type schedulerClient struct{ cc grpc.ClientConnInterface }

func NewSchedulerClient(cc grpc.ClientConnInterface) SchedulerClient { return &schedulerClient{cc} }

func (c *schedulerClient) CreateSchedule(ctx context.Context, id string) error {
	return c.cc.Invoke(ctx, "/scheduler.v1.Scheduler/CreateSchedule", id, nil)
}

func (c *schedulerClient) PauseSchedule(ctx context.Context, id string) error {
	return c.cc.Invoke(ctx, "/scheduler.v1.Scheduler/PauseSchedule", id, nil)
}

func (c *schedulerClient) DeleteSchedule(ctx context.Context, id string) error {
	return c.cc.Invoke(ctx, "/scheduler.v1.Scheduler/DeleteSchedule", id, nil)
}

type Activities struct{ Scheduler *schedulerClient }

func (a *Activities) Provision(ctx context.Context, ids []string) error {
	for _, id := range ids {
		if err := a.Scheduler.CreateSchedule(ctx, id); err != nil { // want `temporal activity repeats the gRPC call schedules.schedulerClient.CreateSchedule .*when the activity is retried`
			return err
		}
	}
	return nil
}

func (a *Activities) Pause(ctx context.Context, ids []string) error {
	for _, id := range ids {
		if err := a.Scheduler.PauseSchedule(ctx, id); err != nil { // ok: a paused schedule stays paused
			return err
		}
	}
	return nil
}

func (a *Activities) Remove(ctx context.Context, ids []string) error {
	for _, id := range ids {
		if err := a.Scheduler.DeleteSchedule(ctx, id); err != nil { // ok: deleted once
			return err
		}
	}
	return nil
}

func Register(w worker.Worker, a *Activities) {
	w.RegisterActivity(a)
}
