// Package api serves HTTP; one endpoint rewrites the certificate.
package api

import (
	"net/http"

	"startup/config"
)

type Handler struct{ Dir string }

func (h *Handler) RotateCert(w http.ResponseWriter, r *http.Request) {
	config.EnsureCert(h.Dir+"/tls.pem", nil) // want `check-then-insert on file\(path\) in config.EnsureCert: another process can create it between the lookup at config.go:\d+ and the write at config.go:\d+`
}

func (h *Handler) Reset(w http.ResponseWriter, r *http.Request) {
	config.EnsureDefault(h.Dir) // want `check-then-insert on file\(path\) in config.writeDefault \(called by config.EnsureDefault\)`
}
