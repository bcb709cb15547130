// Command elected runs its periodic jobs on a gocron scheduler with a
// distributed elector: one replica, the leader, runs them.
package main

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/go-co-op/gocron/v2"
)

var db *sql.DB

// leader is elected by a lease row in the database.
type leader struct{ host string }

func (l leader) IsLeader(ctx context.Context) error {
	res, err := db.ExecContext(ctx, `UPDATE leader SET host = $1, held_until = now() + interval '1 minute' WHERE held_until < now() OR host = $1`, l.host)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errors.New("not the leader")
	}
	return nil
}

func main() {
	s, _ := gocron.NewScheduler(gocron.WithDistributedElector(leader{host: "host-1"}))
	s.NewJob(gocron.DurationJob(time.Hour), gocron.NewTask(bonus)) // SAFE(cronlease): the elected replica runs it
	s.Start()
	select {}
}

func bonus() {
	db.Exec(`INSERT INTO bonuses (day) VALUES (current_date)`)
}
