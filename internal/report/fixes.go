package report

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// A suggested fix is offered only where applying it cannot write outside
// the code being analyzed: every file it edits must be a regular file (not
// a symbolic link, through which -fix would rewrite whatever it points
// to) that lies inside the main module. A package of a dependency module
// (its module has a version), analyzed because a pattern named it, gets no
// fixes. A fix that fails the test is dropped from its finding, with a
// note on standard error naming the file, so that -fix says which edits it
// did not make.

// fixable drops the fixes of d that edit a file the rule above forbids.
func (r *Reporter) fixable(d *analysis.Diagnostic) {
	if len(d.SuggestedFixes) == 0 {
		return
	}
	keep := d.SuggestedFixes[:0]
	for _, fix := range d.SuggestedFixes {
		ok := true
		for _, e := range fix.TextEdits {
			if why := r.unfixable(e.Pos); why != "" {
				ok = false
				noteOnce(fmt.Sprintf("idemvet: %s: not offering the fix %q of %s: %s", r.pass.Fset.Position(d.Pos), fix.Message, r.name, why))
				break
			}
		}
		if ok {
			keep = append(keep, fix)
		}
	}
	d.SuggestedFixes = keep
}

// unfixable says why the file holding pos must not be edited, or "".
func (r *Reporter) unfixable(pos token.Pos) string {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return "no file"
	}
	name := tf.Name()
	if why, ok := r.fixChecked[name]; ok {
		return why
	}
	why := r.checkFixable(name)
	if r.fixChecked == nil {
		r.fixChecked = map[string]string{}
	}
	r.fixChecked[name] = why
	return why
}

func (r *Reporter) checkFixable(name string) string {
	if m := r.pass.Module; m != nil && m.Version != "" && !m.Main {
		return fmt.Sprintf("%s is in module %s@%s, not the main module", name, m.Path, m.Version)
	}
	info, err := os.Lstat(name)
	if err != nil {
		return err.Error()
	}
	if info.Mode()&os.ModeSymlink != 0 {
		target, _ := filepath.EvalSymlinks(name)
		return fmt.Sprintf("%s is a symbolic link (to %s)", name, target)
	}
	if !info.Mode().IsRegular() {
		return name + " is not a regular file"
	}
	root := ""
	if m := r.pass.Module; m != nil && m.Dir != "" {
		root = m.Dir
	} else {
		root = moduleRoot(filepath.Dir(name))
	}
	if root == "" {
		return "" // no module (GOPATH mode, nogo): the file itself passed
	}
	if !within(name, root) {
		return fmt.Sprintf("%s lies outside the module at %s", name, root)
	}
	return ""
}

// moduleRoot returns the nearest directory at or above dir holding a
// go.mod, or "".
func moduleRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// within reports whether path lies inside dir, symbolic links resolved.
func within(path, dir string) bool {
	rp, err1 := filepath.EvalSymlinks(path)
	rd, err2 := filepath.EvalSymlinks(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(rd, rp)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

var notes sync.Map

// noteOnce prints a note on standard error once per process.
func noteOnce(msg string) {
	if _, dup := notes.LoadOrStore(msg, true); !dup {
		fmt.Fprintln(os.Stderr, msg)
	}
}
