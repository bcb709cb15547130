// Package handler edits through a service that only loads and saves: the
// read and the write meet here.
package handler

import (
	"context"

	"stalerow/service"
)

type Handler struct{ users *service.Users }

func (h *Handler) ChangeEmail(ctx context.Context, id int64, email string) error {
	u, err := h.users.Load(ctx, id)
	if err != nil {
		return err
	}
	u.Email = email
	return h.users.Save(ctx, u) // want `stale row written back on users\(last_seen, name, plan\): repo.Store.Update writes back the values read at handler.go:\d+ \(by service.Users.Load\)`
}

// The service's own write-back is reported in the service, not again here.
func (h *Handler) Rename(ctx context.Context, id int64, name string) error {
	return h.users.Rename(ctx, id, name) // ok: reported in service.Users.Rename
}
