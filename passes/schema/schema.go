// Package schema defines an Analyzer that knows what the database
// guarantees: tables, columns, primary keys, unique constraints and unique
// indexes (partial ones with their predicate), and version columns.
//
// It reports no diagnostics. Checkers use its Result, a *Catalog:
//
//	t := cat.Table("users")
//	u, ok := t.Covering([]string{"email"}, nil)  // a UNIQUE constraint backs users(email)
//	t.Version                                     // "version" when the table is versioned
//	t.GeneratedKey("id")                          // "serial", "identity", "uuid", "rowid" or ""
//	t.Constraint("users_email_key")               // what ON CONFLICT ON CONSTRAINT names
//	t.Arbiter([]string{"email"}, implied)         // the index ON CONFLICT (email) infers
//
// Sources, all optional: the -schema flag alone when given (files,
// folders, globs; may name paths outside the module); else every source
// discovered, merged: sqlc.yaml, sqlc.yml or sqlc.json found from the
// package's directory up to the module root, else anywhere in the module
// (their schema paths, which must stay inside the module); the module's
// conventional folders (migrations, db/migrations, schema, sql, ...); and
// DDL in its Go code (string constants, //go:embed-ed .sql files, ent's
// generated migrate/schema.go tables). Each
// source is applied on its own; a table several define keeps the most
// complete definition (Table.Source, Table.Also). Packages in the module
// cache, GOROOT or vendor/ discover nothing. Migration
// sets of goose (-- +goose Up), golang-migrate (*.up.sql; *.down.sql
// skipped), dbmate (-- migrate:up) and numbered plain files are applied in
// order, and pop's fizz migrations (*.up.fizz) as the SQL fizz runs for
// them (fizz.go). DDL is read with passes/sqltext.
//
// It reads files only: it never connects to a database URI a sqlc
// configuration names and never runs its plugins, process or wasm entries.
// A file that does not parse yields one warning naming file and line, and
// the catalog goes on without the statement. Under Bazel nogo, where the
// action sees no repository files, discovery finds nothing and the checkers
// work without a schema.
//
// Loading happens once per process and configuration; concurrent analyzers
// share the catalog.
package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/config"
)

// Analyzer loads the schema catalog for the package's module.
var Analyzer = &analysis.Analyzer{
	Name:       "schema",
	Doc:        "load what the database guarantees from schema files, sqlc config, migrations and DDL in Go code (reports no diagnostics)",
	URL:        "https://github.com/idemvet/idemvet/tree/main/passes/schema",
	Run:        analysisutil.Guard("schema", run),
	Requires:   []*analysis.Analyzer{config.Analyzer},
	ResultType: reflect.TypeFor[*Catalog](),
	FactTypes:  []analysis.Fact{new(indexFact)},
}

// indexFact is a package fact of the module's own packages: where the
// module's schema sources are among its files (moduleIndex), found once
// and passed on from package to package, so that under go vet, a process
// per package, only one run reads every Go file of the module. Paths are
// relative to Root.
type indexFact struct {
	Root    string
	GoFiles []string    // the Go files holding DDL, //go:embed or ent's schema
	Sqlc    [][2]string // the sqlc configurations: directory, file
}

func (*indexFact) AFact() {}

func (f *indexFact) String() string {
	return fmt.Sprintf("schema sources in %d Go files, %d sqlc configurations", len(f.GoFiles), len(f.Sqlc))
}

// shareIndex takes the module's index from an import's fact, or finds it
// when the package imports a database library itself (the lowest package
// of the module that talks to the database, which the others import), and
// passes it on. It reports where the index came from: an import's facts
// (that package's run announced the schema's problems), or this run's own
// reading of the module's files.
func shareIndex(pass *analysis.Pass, root, dir string, debug bool) (fromFacts, found bool) {
	if root == "" || notTheApplication(root, dir) {
		return false, false
	}
	abs := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	rel := func(p string) string {
		if r, err := filepath.Rel(root, p); err == nil {
			return filepath.ToSlash(r)
		}
		return p
	}
	idx, ok := knownIndex(root)
	if !ok {
		for _, pf := range pass.AllPackageFacts() {
			if f, isIdx := pf.Fact.(*indexFact); isIdx && f.Root == root {
				goFiles := make([]string, len(f.GoFiles))
				for i, g := range f.GoFiles {
					goFiles[i] = abs(g)
				}
				sqlc := make([][2]string, len(f.Sqlc))
				for i, c := range f.Sqlc {
					sqlc[i] = [2]string{abs(c[0]), abs(c[1])}
				}
				seedModuleIndex(root, goFiles, sqlc)
				idx, ok = knownIndex(root)
				fromFacts = true
				if debug {
					fmt.Fprintf(os.Stderr, "idemvet: schema: %s: where the schema is comes from %s's facts (%s)\n", pass.Pkg.Path(), pf.Package.Path(), f)
				}
				break
			}
		}
	}
	if !ok {
		talks := false
		for _, imp := range pass.Pkg.Imports() {
			talks = talks || apis.DBPackage(imp.Path())
		}
		if !talks {
			return false, false
		}
		idx = moduleIndex(root)
		found = true
		if debug {
			fmt.Fprintf(os.Stderr, "idemvet: schema: %s: read the module's files for its schema\n", pass.Pkg.Path())
		}
	}
	f := &indexFact{Root: root}
	for _, g := range idx.goFiles {
		f.GoFiles = append(f.GoFiles, rel(g.path))
	}
	for _, c := range idx.sqlcConfigs {
		f.Sqlc = append(f.Sqlc, [2]string{rel(c[0]), rel(c[1])})
	}
	pass.ExportPackageFact(f)
	return fromFacts, found
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	dir := packageDir(pass)
	opts := Options{Discover: cfg.Discover}
	for _, p := range strings.Split(cfg.Schema, ",") {
		if p = strings.TrimSpace(p); p != "" {
			opts.Paths = append(opts.Paths, p)
		}
	}
	if dir == "" && len(opts.Paths) == 0 {
		return &Catalog{}, nil
	}
	// A -schema path that does not exist is an error now; reading waits
	// until a checker asks.
	for _, p := range opts.Paths {
		if _, err := expand(p, ""); err != nil {
			return nil, err
		}
	}
	root := moduleRoot(dir)
	// The schema's problems are announced by the run that found where the
	// schema is: under go vet, a process per package, the packages that
	// take the index from an import's facts would each print them again
	// (once per package importing the store). That run reads the catalog
	// now, so the warnings appear even when none of its checkers asks.
	fromFacts, found := false, false
	if len(opts.Paths) == 0 && opts.Discover {
		fromFacts, found = shareIndex(pass, root, dir, cfg.Debug)
	}
	cat := &Catalog{lazy: &lazy{load: func() *Catalog {
		cat, err := Load(root, dir, opts)
		if err != nil {
			fmt.Fprintf(os.Stderr, "idemvet: schema: %v\n", err)
			return &Catalog{}
		}
		if !fromFacts {
			warnOnce(cat)
		}
		return cat
	}}}
	if found {
		cat.get()
	}
	return cat, nil
}

// packageDir returns the directory of the package's first file.
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && filepath.IsAbs(tf.Name()) {
			return filepath.Dir(tf.Name())
		}
	}
	return ""
}

// moduleRoot returns the nearest directory at or above dir holding a
// go.mod, or "".
func moduleRoot(dir string) string {
	for d := dir; d != ""; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
	return ""
}

var warned sync.Map

// warnOnce prints each catalog's warnings once per process, on standard
// error, so a broken schema file is noticed without failing the build.
func warnOnce(cat *Catalog) {
	for _, w := range cat.Warnings {
		if _, dup := warned.LoadOrStore(w.String(), true); !dup {
			fmt.Fprintf(os.Stderr, "idemvet: schema: %s\n", w)
		}
	}
}
