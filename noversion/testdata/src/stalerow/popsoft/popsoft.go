// Package popsoft holds an admin API over registered API clients, each
// handler a whole-row pop Update of the client it read: a soft delete
// (deleted_at set), a secret rotation and an edit.
package popsoft

import (
	"time"

	"github.com/gobuffalo/pop/v6"
)

type Client struct {
	ID         int64      `db:"id"`
	Name       string     `db:"name"`
	RedirectTo string     `db:"redirect_to"`
	SecretHash string     `db:"secret_hash"`
	DeletedAt  *time.Time `db:"deleted_at"`
	UpdatedAt  time.Time  `db:"updated_at"`
}

func (Client) TableName() string { return "api_clients" }

func findClient(db *pop.Connection, id int64) (*Client, error) {
	c := &Client{}
	if err := db.Find(c, id); err != nil {
		return nil, err
	}
	return c, nil
}

func saveClient(db *pop.Connection, c *Client) error { return db.Update(c) }

// Rotate writes deleted_at back from its read: a concurrent delete is
// undone.
func Rotate(db *pop.Connection, id int64, hash string) error {
	c, err := findClient(db, id)
	if err != nil {
		return err
	}
	c.SecretHash = hash
	return saveClient(db, c) // want `stale row written back on api_clients\(deleted_at, name, redirect_to\)`
}

func Edit(db *pop.Connection, id int64, name, redirect string) error {
	c, err := findClient(db, id)
	if err != nil {
		return err
	}
	c.Name = name
	c.RedirectTo = redirect
	return saveClient(db, c) // want `stale row written back on api_clients\(deleted_at, secret_hash\)`
}

// ---- silent ----

// A soft delete: the request sets deleted_at, and the columns it writes
// back belong to a row that ends here.
func Remove(db *pop.Connection, id int64) error {
	c, err := findClient(db, id)
	if err != nil {
		return err
	}
	now := time.Now()
	c.DeletedAt = &now
	return saveClient(db, c) // ok: soft delete
}
