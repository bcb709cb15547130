// Package db holds the models; the store package registers their tables.
package db

import "time"

type Runner struct {
	ID        int       `db:"id" json:"id"`
	ProjectID int       `db:"project_id" json:"project_id"`
	Token     string    `db:"token" json:"token"`
	Name      string    `db:"name" json:"name"`
	Active    bool      `db:"active" json:"active"`
	Created   time.Time `db:"created" json:"created"`
	Cache     []string  `db:"-" json:"cache"`
}

type Session struct {
	ID     int    `db:"id"`
	UserID int    `db:"user_id"`
	Secret string `db:"secret,size:64"`
}

type Unregistered struct {
	ID   int
	Name string
}
