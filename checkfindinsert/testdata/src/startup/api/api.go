// Package api serves HTTP; one endpoint rewrites the certificate.
package api

import (
	"net/http"
	"sync"

	"startup/config"
)

type Handler struct{ Dir string }

func (h *Handler) RotateCert(w http.ResponseWriter, r *http.Request) {
	config.EnsureCert(h.Dir+"/tls.pem", nil) // want `check-then-insert on file\(path\) in config.EnsureCert: another process can create it between the lookup at config.go:\d+ and the write at config.go:\d+`
}

func (h *Handler) Reset(w http.ResponseWriter, r *http.Request) {
	config.EnsureDefault(h.Dir) // want `check-then-insert on file\(path\) in config.writeDefault \(called by config.EnsureDefault\)`
}

var certMu sync.Mutex

// RotateCertLocked serializes the rotations of this process.
func (h *Handler) RotateCertLocked(w http.ResponseWriter, r *http.Request) {
	certMu.Lock()
	defer certMu.Unlock()
	config.EnsureCert(h.Dir+"/tls.pem", nil) // ok: certMu is held over the check and the create
}

// RotateCertUnlocked releases the lock before the call.
func (h *Handler) RotateCertUnlocked(w http.ResponseWriter, r *http.Request) {
	certMu.Lock()
	certMu.Unlock()
	config.EnsureCert(h.Dir+"/tls.pem", nil) // want `check-then-insert on file\(path\) in config.EnsureCert`
}
