// Package gocron is a stand-in for github.com/go-co-op/gocron (v1).
package gocron

import (
	"context"
	"time"
)

type Scheduler struct{}

type Job struct{}

type Elector interface {
	IsLeader(context.Context) error
}

type Locker interface {
	Lock(ctx context.Context, key string) (Lock, error)
}

type Lock interface {
	Unlock(ctx context.Context) error
}

func NewScheduler(loc *time.Location) *Scheduler                { return &Scheduler{} }
func (s *Scheduler) Every(interval any) *Scheduler              { return s }
func (s *Scheduler) Cron(expr string) *Scheduler                { return s }
func (s *Scheduler) Day() *Scheduler                            { return s }
func (s *Scheduler) At(i any) *Scheduler                        { return s }
func (s *Scheduler) Do(jobFun any, params ...any) (*Job, error) { return nil, nil }
func (s *Scheduler) WithDistributedElector(e Elector)           {}
func (s *Scheduler) WithDistributedLocker(l Locker)             {}
func (s *Scheduler) StartAsync()                                {}
