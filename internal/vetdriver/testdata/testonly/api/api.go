// Package api serves the registration handler main mounts.
package api

import (
	"net/http"

	"example.com/testonly/store"
)

func Register(r store.Repository) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		if err := r.Register(req.Context(), req.FormValue("email")); err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
		}
	}
}
