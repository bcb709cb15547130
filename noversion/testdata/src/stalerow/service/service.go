// Package service edits users through the repository of another package.
package service

import (
	"context"

	"stalerow/repo"
)

type Users struct{ store *repo.Store }

// Rename loads the user, changes the name and writes every column back: a
// plan change or a login between the two is reverted.
func (s *Users) Rename(ctx context.Context, id int64, name string) error {
	u, err := s.store.Get(ctx, id)
	if err != nil {
		return err
	}
	u.Name = name
	return s.store.Update(ctx, u) // want `stale row written back on users\(email, last_seen, plan\): repo.Store.Update writes back the values read at service.go:\d+ \(by repo.Store.Get\), reverting concurrent changes such as email by service.Users.Replace at service.go:\d+`
}

// Load and Save let the handler do the edit.
func (s *Users) Load(ctx context.Context, id int64) (*repo.User, error) { return s.store.Get(ctx, id) }

func (s *Users) Save(ctx context.Context, u *repo.User) error { return s.store.Update(ctx, u) }

// ---- silent ----

// Only the changed column.
func (s *Users) RenameNarrow(ctx context.Context, id int64, name string) error {
	if _, err := s.store.Get(ctx, id); err != nil {
		return err
	}
	return s.store.SetName(ctx, id, name) // ok: writes only name
}

// Read with FOR UPDATE in the transaction of the write.
func (s *Users) RenameLocked(ctx context.Context, id int64, name string) error {
	tx, err := s.store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	u, err := s.store.GetForUpdate(ctx, tx, id)
	if err != nil {
		return err
	}
	u.Name = name
	if err := s.store.UpdateTx(ctx, tx, u); err != nil { // ok: the row is locked
		return err
	}
	return tx.Commit()
}

// Every column comes from the request (a PUT of the whole resource).
func (s *Users) Replace(ctx context.Context, id int64, name, email, plan string) error {
	u := &repo.User{ID: id, Name: name, Email: email, Plan: plan}
	return s.store.Update(ctx, u) // ok: nothing read
}
