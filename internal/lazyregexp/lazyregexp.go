// Package lazyregexp holds regular expressions compiled on first use.
//
// go vet starts idemvet once per package and per dependency, and most of
// those runs (the standard library's, a library's with no facts) never
// match a name against a pattern. Compiling the patterns of every analyzer
// in package initialization cost each run more than it spent on its
// package; a Regexp declared with New costs nothing until it is used.
package lazyregexp

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on the first call of one of its
// methods. Its methods are those of regexp.Regexp that idemvet uses.
type Regexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

// all records every Regexp made by New, for MustCompileAll.
var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns a Regexp for expr. As regexp.MustCompile, it panics if expr
// does not compile, but at first use; tests call MustCompileAll.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// MustCompileAll compiles every Regexp made so far, panicking on the first
// that does not compile (for tests: a package's patterns are checked
// whether or not its cases reach them).
func MustCompileAll() {
	mu.Lock()
	rs := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range rs {
		r.get()
	}
}

func (r *Regexp) get() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.expr) })
	return r.re
}

// String returns the source text of the expression.
func (r *Regexp) String() string { return r.expr }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.get().MatchString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.get().FindStringSubmatchIndex(s) }

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.get().ReplaceAllString(src, repl)
}
