// Package web edits documents: each handler reads the document, changes
// one field, and hands the whole document to the store, which writes
// every column back.
package web

import (
	"net/http"
	"strconv"

	"stalerow/passform/store"
)

type Handlers struct{ s *store.Store }

// RenameForm is the decoded body of a rename.
type RenameForm struct{ Title string }

// Rename sets the title from the form's field: a change of title, though
// the value stored is a field of another struct.
func (h *Handlers) Rename(w http.ResponseWriter, r *http.Request, f *RenameForm) {
	id, _ := strconv.ParseInt(r.FormValue("id"), 10, 64)
	d, err := h.s.Find(r.Context(), id)
	if err != nil {
		return
	}
	d.Title = f.Title
	h.s.Update(r.Context(), d) // want `stale row written back on docs\(body\): store.Store.Update writes back the values read at web.go:\d+ \(by store.Store.Find\), reverting concurrent changes such as body by web.Handlers.Publish`
}

// Publish replaces the body; a concurrent rename's title is reverted.
func (h *Handlers) Publish(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.FormValue("id"), 10, 64)
	d, err := h.s.Find(r.Context(), id)
	if err != nil {
		return
	}
	d.Body = r.FormValue("body")
	h.s.Update(r.Context(), d) // want `stale row written back on docs\(title\): store.Store.Update writes back the values read at web.go:\d+ \(by store.Store.Find\), reverting concurrent changes such as title by web.Handlers.Rename`
}
