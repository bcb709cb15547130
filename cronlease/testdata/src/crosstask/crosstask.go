// Package crosstask starts a scheduled template's task from a cron job in
// every replica: the store inserts the task (after the pool read the
// template's last build, to number the next) and increments the
// template's task count.
package crosstask

import (
	"database/sql"

	cron "github.com/robfig/cron/v3"
)

type Store struct{ db *sql.DB }

func (s *Store) LastBuild(templateID int) (int, error) {
	var n int
	err := s.db.QueryRow("SELECT build FROM task WHERE template_id = $1 ORDER BY id DESC LIMIT 1", templateID).Scan(&n)
	return n, err
}

func (s *Store) CreateTask(templateID, build int) error {
	if _, err := s.db.Exec("INSERT INTO task (template_id, build, status) VALUES ($1, $2, 'waiting')", templateID, build); err != nil {
		return err
	}
	_, err := s.db.Exec("UPDATE template SET tasks = tasks + 1 WHERE id = $1", templateID)
	return err
}

func (s *Store) CreateTaskStamped(templateID, build int) error {
	if _, err := s.db.Exec("INSERT INTO task (template_id, build, status) VALUES ($1, $2, 'waiting')", templateID, build); err != nil {
		return err
	}
	_, err := s.db.Exec("UPDATE template SET last_build = $2 WHERE id = $1", templateID, build)
	return err
}

type Runner struct {
	store      *Store
	templateID int
}

// Run numbers the task from the last build, then creates it: each replica
// increments the count.
func (r Runner) Run() {
	last, _ := r.store.LastBuild(r.templateID)
	r.store.CreateTask(r.templateID, last+1)
}

// Stamp numbers the task the same way and records the build absolutely.
type Stamp struct{ Runner }

func (s Stamp) Run() {
	last, _ := s.store.LastBuild(s.templateID)
	s.store.CreateTaskStamped(s.templateID, last+1)
}

func Start(s *Store) {
	c := cron.New()
	c.AddJob("@hourly", Runner{store: s, templateID: 1})        // want `cron job crosstask.Runner.Run runs in every instance at the same time and repeats its relative update of template.tasks`
	c.AddJob("@hourly", Stamp{Runner{store: s, templateID: 2}}) // ok: the insert follows a read of its table, the update is absolute
	c.Start()
}
