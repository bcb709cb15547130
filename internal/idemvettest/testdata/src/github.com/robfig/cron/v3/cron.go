// Package cron is a stand-in for github.com/robfig/cron/v3.
package cron

type EntryID int

type Job interface{ Run() }

type Schedule interface{}

type Option func(*Cron)

type Cron struct{}

func New(opts ...Option) *Cron                                   { return &Cron{} }
func (c *Cron) AddFunc(spec string, cmd func()) (EntryID, error) { return 0, nil }
func (c *Cron) AddJob(spec string, cmd Job) (EntryID, error)     { return 0, nil }
func (c *Cron) Schedule(schedule Schedule, cmd Job) EntryID      { return 0 }
func (c *Cron) Start()                                           {}
func (c *Cron) Stop()                                            {}

// FuncJob is a wrapper that turns a func() into a cron.Job.
type FuncJob func()

func (f FuncJob) Run() { f() }
