package fsstat

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
)

func WriteOnce(path string, data []byte) error { // ok: reached from the upload handler below, so reported here
	if _, err := os.Stat(path); err == nil {
		return errors.New("exists")
	} else if !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(path, data, 0o644) // want `check-then-insert on file\(path\): .*os.OpenFile`
}

func CreateLock(path string) (*os.File, error) { // want CreateLock:"defers check-then-create in fsstat.CreateLock"
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return os.Create(path) // ok: exported and called by nobody in view: the callers decide (deferredFact)
	}
	return nil, errors.New("locked")
}

// ---- silent ----

func CreateLockExcl(path string) (*os.File, error) {
	if _, err := os.Stat(path); err == nil {
		return nil, errors.New("locked")
	}
	return os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600) // ok: O_EXCL
}

func AppendLog(path string, line []byte) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0) // ok: no O_CREATE
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(line)
	return err
}

func Other(path, other string, data []byte) error {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return os.WriteFile(other, data, 0o644) // ok: another path
	}
	return nil
}

func upload(w http.ResponseWriter, r *http.Request) {
	WriteOnce(r.FormValue("name"), nil)
}
