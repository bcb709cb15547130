package vetdriver

import (
	"bufio"
	"fmt"
	"go/scanner"
	"go/token"
	"go/types"
	"golang.org/x/tools/go/gcexportdata"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// This file decides, for a fact-only run, whether the package can export
// a fact at all before it is parsed and type-checked (issue 15: on
// authelia, 42% of go vet's CPU went to fact-only runs of third-party
// libraries, most of which export nothing). A run reads facts only from
// its direct imports' vetx files, so when all of them are empty it sees no
// imported fact; whether the package can then produce one of its own is
// the model's to say (Options.FactFree), from what the run can see
// cheaply: the tokens of the package's files and the packages its direct
// imports' export data names (those whose objects its code can refer to,
// as the type checker would load them).

// Unit is what a fact-only run knows about a package before type-checking
// it. Its methods compute each part on first use, so a rule asks the
// cheap questions first.
type Unit struct {
	// Path is the package's import path; Module its module, nil when
	// unknown (as analysis.Pass.Module).
	Path   string
	Module *analysis.Module

	srcs     func() ([][]byte, error) // the Go files' contents
	pkgs     func() ([]string, error) // see Packages
	scanned  bool
	idents   map[string]bool
	goStmt   bool
	packages []string
	err      error
}

// NewUnit returns the Unit of a package with the given Go files' contents
// whose direct imports' export data names packages (for tests of a rule).
func NewUnit(path string, module *analysis.Module, packages []string, files ...string) *Unit {
	srcs := make([][]byte, len(files))
	for i, f := range files {
		srcs[i] = []byte(f)
	}
	pkgs := append([]string(nil), packages...)
	sort.Strings(pkgs)
	return &Unit{
		Path: path, Module: module,
		srcs: func() ([][]byte, error) { return srcs, nil },
		pkgs: func() ([]string, error) { return pkgs, nil },
	}
}

// Idents reports whether name occurs as an identifier in the package's Go
// files. A function or method of any package is used by code only through
// an identifier spelling its name.
func (u *Unit) Idents(name string) bool {
	u.scan()
	return u.idents[name]
}

// GoStmt reports whether the package's files contain the keyword go (a go
// statement).
func (u *Unit) GoStmt() bool {
	u.scan()
	return u.goStmt
}

// Packages returns, sorted, the paths of the package's direct imports and
// of every package their export data names: every package an object the
// package's code refers to can belong to, other than itself (a method of
// a type the package never imports is reached through a direct import's
// API, which names the type's package).
func (u *Unit) Packages() []string {
	if u.packages == nil && u.err == nil {
		u.packages, u.err = u.pkgs()
		if u.packages == nil {
			u.packages = []string{}
		}
	}
	return u.packages
}

func (u *Unit) scan() {
	if u.scanned {
		return
	}
	u.scanned = true
	u.idents = map[string]bool{}
	srcs, err := u.srcs()
	if err != nil {
		u.err = err
		return
	}
	fset := token.NewFileSet()
	for _, src := range srcs {
		var s scanner.Scanner
		file := fset.AddFile("", -1, len(src))
		s.Init(file, src, func(token.Position, string) { u.err = fmt.Errorf("scan error") }, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			switch tok {
			case token.IDENT:
				u.idents[lit] = true
			case token.GO:
				u.goStmt = true
			}
		}
	}
}

// factFree reports whether the fact-only run of cfg's package may write
// an empty vetx file without analyzing the package: no direct import
// exported a fact, and the rule says the package cannot export one. On
// false, the source it read and the imports it loaded are left for the
// analysis (srcs, imp).
func factFree(cfg *unitchecker.Config, rule func(*Unit) bool, imp *importer) (free bool, srcs map[string][]byte) {
	for _, file := range cfg.PackageVetx {
		if fi, err := os.Stat(file); err != nil || fi.Size() > 0 {
			return false, nil // facts (no facts encode as no bytes), or an error the analysis reports
		}
	}
	srcs = map[string][]byte{}
	u := &Unit{Path: cfg.ImportPath, Module: moduleOf(cfg)}
	u.srcs = func() ([][]byte, error) {
		var out [][]byte
		for _, name := range cfg.GoFiles {
			data, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			srcs[name] = data
			out = append(out, data)
		}
		return out, nil
	}
	u.pkgs = func() ([]string, error) {
		for importPath, path := range cfg.ImportMap {
			if path == "unsafe" || path == "C" {
				continue
			}
			if _, err := imp.Import(importPath); err != nil {
				return nil, err
			}
		}
		var out []string
		for path := range imp.packages {
			out = append(out, path)
		}
		sort.Strings(out)
		return out, nil
	}
	free = rule(u)
	if u.err != nil {
		// Unreadable files or export data: the analysis reports them.
		return false, srcs
	}
	return free, srcs
}

// moduleOf returns the module the config names, as analysis.Pass.Module.
func moduleOf(cfg *unitchecker.Config) *analysis.Module {
	if cfg.Module == nil && cfg.ModulePath != "" {
		// Go 1.26's go command fills only ModulePath and ModuleVersion.
		return &analysis.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion, GoVersion: cfg.GoVersion}
	}
	return cfg.Module
}

// importer reads the types of a unit's imports from the compiler's export
// data, once each.
type importer struct {
	fset     *token.FileSet
	cfg      *unitchecker.Config
	packages map[string]*types.Package
}

func newImporter(fset *token.FileSet, cfg *unitchecker.Config) *importer {
	return &importer{fset: fset, cfg: cfg, packages: map[string]*types.Package{}}
}

// Import returns the package an import path of the unit's files names.
func (imp *importer) Import(importPath string) (*types.Package, error) {
	path, ok := imp.cfg.ImportMap[importPath] // resolves vendoring
	if !ok {
		return nil, fmt.Errorf("can't resolve import %q", importPath)
	}
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if pkg, ok := imp.packages[path]; ok && pkg.Complete() {
		return pkg, nil
	}
	file, ok := imp.cfg.PackageFile[path]
	if !ok {
		return nil, fmt.Errorf("no package file for %q", path)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err == nil {
		var pkg *types.Package
		if pkg, err = gcexportdata.Read(r, imp.fset, imp.packages, path); err == nil {
			return pkg, nil
		}
	}
	// Export data written by a newer compiler than the one this tool
	// knows is the likely cause.
	return nil, fmt.Errorf("reading export data of %q: %v (%s was built with %s; rebuild it with the go command that runs it)",
		path, err, filepath.Base(os.Args[0]), runtime.Version())
}
