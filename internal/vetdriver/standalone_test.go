package vetdriver

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// nameFact marks an object with its name, as a summary fact would.
type nameFact struct{ Name string }

func (*nameFact) AFact()           {}
func (f *nameFact) String() string { return f.Name }

// TestImportersSeeDeclarationsOnly runs the standalone driver over a
// package and its importer: the package is type-checked with function
// bodies for its analysis, but what the importer type-checks against has
// no function scopes (they would stay in memory for the whole run), and
// the facts about its package-level objects, methods and fields reach the
// importer on the objects it sees. A fact about a field of a type declared
// in a function is dropped, as go vet's fact files drop it.
func TestImportersSeeDeclarationsOnly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("store/store.go", `package store

type Row struct{ ID int }

func (r *Row) Save() error { return nil }

func Load(id int) (*Row, error) {
	type cached struct{ Hits int }
	c := cached{}
	c.Hits++
	if id < 0 {
		for i := 0; i < c.Hits; i++ {
			id += i
		}
	}
	return &Row{ID: id}, nil
}
`)
	write("api/api.go", `package api

import "example.com/m/store"

func Get(id int) error {
	r, err := store.Load(id)
	if err != nil {
		return err
	}
	return r.Save()
}
`)

	// The analyzer marks every object of the package it defines in a
	// function declaration's body or at package level, and records the
	// facts each package sees about store's objects.
	seen := map[string][]string{}
	a := &analysis.Analyzer{
		Name:      "marks",
		Doc:       "test analyzer",
		FactTypes: []analysis.Fact{new(nameFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, obj := range pass.TypesInfo.Defs {
				switch obj := obj.(type) {
				case *types.Func:
					pass.ExportObjectFact(obj, &nameFact{obj.Name()})
				case *types.Var:
					if obj.IsField() {
						pass.ExportObjectFact(obj, &nameFact{obj.Name()})
					}
				}
			}
			var names []string
			for _, f := range pass.AllObjectFacts() {
				if f.Object.Pkg() != pass.Pkg {
					names = append(names, f.Fact.(*nameFact).Name)
				}
			}
			sort.Strings(names)
			seen[pass.Pkg.Path()] = names
			return nil, nil
		},
	}

	initial, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./api")
	if err != nil {
		t.Fatal(err)
	}
	roots, nodes := graph(initial)
	d := &driver{
		analyzers: []*analysis.Analyzer{a},
		producers: []*analysis.Analyzer{a},
		fset:      token.NewFileSet(),
		sem:       make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	for _, n := range roots {
		d.process(n)
	}
	var store *node
	for p, n := range nodes {
		if p.PkgPath == "example.com/m/store" {
			store = n
		}
	}
	if store == nil || store.types == nil {
		t.Fatal("store was not type-checked")
	}
	// A function's scope holds its parameters; its body's variables and
	// block scopes are gone.
	for i := range store.types.Scope().NumChildren() {
		file := store.types.Scope().Child(i)
		for j := range file.NumChildren() {
			fn := file.Child(j)
			if fn.NumChildren() > 0 || fn.Lookup("c") != nil {
				t.Errorf("store's types, which api imports, keep the body of a function (%d block scopes):\n%s", fn.NumChildren(), fn)
			}
		}
	}
	if want := []string{"ID", "Load", "Save"}; !reflect.DeepEqual(seen["example.com/m/api"], want) {
		t.Errorf("api sees facts about store's %v, want %v", seen["example.com/m/api"], want)
	}
	// The importer's facts are keyed by the objects it type-checks against.
	load := store.types.Scope().Lookup("Load")
	if _, ok := store.own[factKey{store.types, load, reflect.TypeOf(new(nameFact))}]; !ok {
		t.Errorf("no fact about store.Load on the object importers see")
	}
}

// TestView holds what each package passes on to its importers (view,
// derived from the packages' own facts when no copy is kept) to what
// inheriting import by import gives, as x/tools' checker inherits: over
// a chain base <- mid <- top and a package importing both, with facts
// about functions, unexported ones, methods, fields, variables and types.
func TestView(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("base/base.go", `package base

type T struct{ N int }

func (t *T) M() {}

var V, v int

func F() { f() }
func f() {}
`)
	write("mid/mid.go", `package mid

import "example.com/m/base"

type U struct{ base.T }

func G() *base.T { base.F(); return &base.T{N: base.V} }
`)
	write("top/top.go", `package top

import "example.com/m/mid"

func H() { mid.G().M() }
`)
	write("side/side.go", `package side

import (
	"example.com/m/base"
	"example.com/m/mid"
)

func K() { base.F(); mid.G() }
`)
	a := &analysis.Analyzer{
		Name:      "marks",
		Doc:       "test analyzer",
		FactTypes: []analysis.Fact{new(nameFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, obj := range pass.TypesInfo.Defs {
				switch obj := obj.(type) {
				case *types.Func, *types.TypeName:
					pass.ExportObjectFact(obj, &nameFact{obj.Name()})
				case *types.Var:
					if obj.IsField() || obj.Parent() == pass.Pkg.Scope() {
						pass.ExportObjectFact(obj, &nameFact{obj.Name()})
					}
				}
			}
			pass.ExportPackageFact(&nameFact{pass.Pkg.Name()})
			return nil, nil
		},
	}
	initial, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./top", "./side")
	if err != nil {
		t.Fatal(err)
	}
	roots, nodes := graph(initial)
	d := &driver{
		analyzers: []*analysis.Analyzer{a},
		producers: []*analysis.Analyzer{a},
		fset:      token.NewFileSet(),
		sem:       make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	for _, n := range roots {
		d.process(n)
	}
	// What each package passes on (view, derived from the packages' own
	// facts) is what inheriting import by import, as x/tools' checker
	// does, gives: here through api, store and the standard library's
	// chains of imports.
	memo := map[*node]map[factKey]analysis.Fact{}
	var inherited func(n *node) map[factKey]analysis.Fact
	inherited = func(n *node) map[factKey]analysis.Fact {
		if m, ok := memo[n]; ok {
			return m
		}
		m := map[factKey]analysis.Fact{}
		for k, f := range n.own {
			m[k] = f
		}
		for _, dep := range n.deps {
			for k, f := range inherited(dep) {
				if k.obj == nil || exportedFrom(k.obj, dep.types) {
					m[k] = f
				}
			}
		}
		memo[n] = m
		return m
	}
	checked, deep := 0, 0
	for _, n := range nodes {
		if n.types == nil {
			continue
		}
		got := map[factKey]analysis.Fact{}
		view(n, func(k factKey, f analysis.Fact) {
			if _, dup := got[k]; dup {
				t.Errorf("%s passes on %v twice", n.pkg.PkgPath, k.obj)
			}
			got[k] = f
		})
		want := inherited(n)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s passes on %d facts, want %d", n.pkg.PkgPath, len(got), len(want))
		}
		checked++
		for k := range got {
			if k.pkg != n.types && !slices.ContainsFunc(n.deps, func(d *node) bool { return d.types == k.pkg }) {
				deep++ // a fact from below a direct import
				break
			}
		}
	}
	if checked < 4 || deep == 0 {
		t.Errorf("checked %d packages, %d with facts from below their imports", checked, deep)
	}
}

// TestGCSteps checks that the collector's percent follows the live heap
// through the steps: the first step's at once, the next one's after a
// collection finds the live heap past its bound.
func TestGCSteps(t *testing.T) {
	percent := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	defer debug.SetGCPercent(percent())
	gcSteps(gcStep{0, 300}, gcStep{8 << 20, 150})
	if got := percent(); got != 300 {
		t.Fatalf("percent %d at the start, want 300", got)
	}
	live := make([][]byte, 0, 64)
	for range 64 {
		live = append(live, make([]byte, 256<<10)) // 16 MiB in all
	}
	deadline := time.Now().Add(10 * time.Second)
	for percent() != 150 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := percent(); got != 150 {
		t.Errorf("percent %d with %d MiB live, want 150", got, len(live)/4)
	}
	runtime.KeepAlive(live)
}
