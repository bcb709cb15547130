// Package files writes report exports to a shared volume. The check-then-
// create races here are the filesystem twins of the database ones.
package files

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
)

type Exports struct {
	Dir string
}

// Upload stores an uploaded report: concurrent requests run the checks
// below at the same time.
func (e *Exports) Upload(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if _, err := e.CreateLockFile(name); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	e.WriteOnce(name, nil)
}

// WriteOnce writes the report unless the file exists: two workers both see
// "does not exist" and the second write replaces the first.
func (e *Exports) WriteOnce(name string, data []byte) error {
	path := filepath.Join(e.Dir, name)
	if _, err := os.Stat(path); err == nil {
		return nil
	} else if !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(path, data, 0o644) // HAZARD(checkfindinsert)
}

// CreateLockFile creates a marker file after checking it is absent.
func (e *Exports) CreateLockFile(name string) (*os.File, error) {
	path := filepath.Join(e.Dir, name+".lock")
	_, err := os.Stat(path)
	if err == nil {
		return nil, fs.ErrExist
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return os.Create(path) // HAZARD(checkfindinsert)
}

// WriteExclusive lets the kernel arbitrate with O_CREATE|O_EXCL.
func (e *Exports) WriteExclusive(name string, data []byte) error {
	path := filepath.Join(e.Dir, name)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644) // SAFE(checkfindinsert): O_CREATE|O_EXCL fails if the file exists
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Replace overwrites the report whether or not it exists; the Stat only
// picks the log message.
func (e *Exports) Replace(name string, data []byte) (replaced bool, err error) {
	path := filepath.Join(e.Dir, name)
	_, statErr := os.Stat(path)
	replaced = statErr == nil
	return replaced, os.WriteFile(path, data, 0o644) // SAFE(checkfindinsert): written unconditionally, the check decides nothing
}
