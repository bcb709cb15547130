package main

import (
	"database/sql"
	"time"

	"github.com/go-co-op/gocron/v2"
)

var db *sql.DB

func main() {
	s, _ := gocron.NewScheduler()
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(accrue)) // want `gocron job main.accrue runs in every instance at the same time and repeats its relative update of loans.interest`
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(func() { // ok: DELETE only
		db.Exec(`DELETE FROM tokens WHERE expires_at < now()`)
	}))
	s.Start()
}

func accrue() {
	db.Exec(`UPDATE loans SET interest = interest + principal * 0.001`)
}
