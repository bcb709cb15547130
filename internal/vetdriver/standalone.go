package vetdriver

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"log"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/passes/config"
)

// This file is the standalone driver (idemvet ./...). It gives the same
// results as x/tools' checker, which multichecker uses, but it does not
// hold the whole program in memory: it loads only the packages' metadata,
// then type-checks and analyzes one package at a time, in dependency order,
// and keeps of each only its types and its facts. A dependency that cannot
// carry facts (Options.NoFacts) is type-checked without function bodies and
// analyzed by nobody; it passes its imports' facts on, as in go vet runs.

// node is one package of the load.
type node struct {
	pkg  *packages.Package
	root bool
	deps []*node // in import path order
	// wired are the roots implementing what the package uses, whose facts
	// it inherits without importing them (wiring.go).
	wired []*node
	// cyclic are the roots implementing what the package uses that
	// depend on it (wiring.go); again marks the roots analyzed a second
	// time for them (reanalyze), whose first files are kept by name.
	cyclic    []cyclicEdge
	again     bool
	onceAgain sync.Once
	oldFiles  map[string]*token.File
	// uses are the functions and methods of other packages the first
	// check saw the package use (origins), and the names of the methods
	// among them; changed are those whose facts a second analysis changed,
	// here or in the imports (changedAll: a package fact changed). A
	// package is analyzed again only for a change it uses.
	uses, changed map[types.Object]bool
	usedNames     map[string]bool
	changedNames  map[string]bool
	changedAll    bool

	once     sync.Once
	types    *types.Package
	illTyped bool
	errors   []error // parse and type errors, in order
	// own are the package's own facts after its first analysis; below
	// are the nodes it depends on, directly or not, through imports and
	// wiring edges. facts, when not nil, are those an importer inherits
	// (the package's own and what it inherited, both filtered as x/tools'
	// checker filters them), as a second analysis or refresh left them;
	// when nil, they are those of the first analysis, which view derives
	// from own and below instead of keeping a copy per package (hatchet:
	// 740,000 entries for 8,750 facts, a sixth of the live heap).
	own   map[factKey]analysis.Fact
	below []*node
	facts map[factKey]analysis.Fact
	// results are the roots' results, in analyzer order.
	results []result
}

// standalone analyzes the packages matching patterns and prints the
// results; it returns the exit code, as x/tools' checker: 1 for errors, 3
// for findings (in text mode), else 0.
func standalone(opts Options, analyzers []*analysis.Analyzer, patterns []string, tests bool, out output) int {
	exit := 0
	exitAtLeast := func(code int) { exit = max(exit, code) }

	cfg := &packages.Config{Mode: loadMode, Tests: tests}
	initial, err := packages.Load(cfg, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		log.Print(toolchainError(err))
		return 1
	}
	if packages.PrintErrors(initial) > 0 {
		exitAtLeast(1)
	}

	roots, nodes := graph(initial)
	wire(roots)
	markAgain(roots)

	var producers []*analysis.Analyzer
	for a := range closure(analyzers) {
		if len(a.FactTypes) > 0 {
			producers = append(producers, a)
		}
	}
	sort.Slice(producers, func(i, j int) bool { return producers[i].Name < producers[j].Name })

	d := &driver{
		opts:      opts,
		analyzers: analyzers,
		producers: producers,
		fset:      token.NewFileSet(),
		sem:       make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	var wg sync.WaitGroup
	for _, n := range roots {
		wg.Go(func() { d.process(n) })
	}
	wg.Wait()
	for _, n := range roots {
		wg.Go(func() { d.processAgain(n) })
	}
	wg.Wait()

	// Errors of every package, in dependency order, as go/packages'
	// PrintErrors prints them for the x/tools checker.
	printed := map[*node]bool{}
	var printErrors func(n *node)
	printErrors = func(n *node) {
		if printed[n] {
			return
		}
		printed[n] = true
		for _, dep := range n.deps {
			printErrors(dep)
		}
		for _, err := range n.errors {
			fmt.Fprintln(os.Stderr, err)
			exitAtLeast(1)
		}
	}
	for _, n := range roots {
		printErrors(n)
	}

	// Findings in code production does not reach, when the run sees the
	// whole module (testonly.go).
	if !config.TestFiles() {
		d.prod.solve(wholeModules(roots), servedByMain(roots), libMethodNames(nodes))
	}

	// Results in the x/tools checker's order: analyzer by analyzer, root
	// package by root package.
	var results []rootResult
	for i := range analyzers {
		for _, n := range roots {
			if i < len(n.results) {
				r := n.results[i]
				if len(r.diagnostics) > 0 && len(d.prod.dead) > 0 {
					var kept []analysis.Diagnostic
					for _, dg := range r.diagnostics {
						if !d.prod.testOnly(dg.Pos) {
							kept = append(kept, dg)
						}
					}
					r.diagnostics = kept
				}
				results = append(results, rootResult{n.pkg.ID, r})
			}
		}
	}
	exitAtLeast(out.printRoots(d.fset, results))
	return exit
}

// loadMode is what the driver asks of go list: metadata, no types.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes

// graph returns the nodes of the packages loaded, the initial ones first
// as roots, and every node by its package.
func graph(initial []*packages.Package) ([]*node, map[*packages.Package]*node) {
	nodes := map[*packages.Package]*node{}
	var mk func(p *packages.Package) *node
	mk = func(p *packages.Package) *node {
		if n, ok := nodes[p]; ok {
			return n
		}
		n := &node{pkg: p}
		nodes[p] = n
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			n.deps = append(n.deps, mk(p.Imports[path]))
		}
		return n
	}
	var roots []*node
	for _, p := range initial {
		n := mk(p)
		n.root = true
		roots = append(roots, n)
	}
	return roots, nodes
}

// needsGo matches the go command's refusal to run a module for a newer Go
// under GOTOOLCHAIN=local.
var needsGo = lazyregexp.New(`go\.mod requires go >= (\S+) \(running go (\S+?);`)

// toolchainError says what to do when the module needs a newer Go than
// the go command idemvet runs.
func toolchainError(err error) error {
	if m := needsGo.FindStringSubmatch(err.Error()); m != nil {
		return fmt.Errorf("the module requires Go %s (its go.mod), but the go command in PATH is go %s, and idemvet does not download toolchains "+
			"(it runs the go command with GOTOOLCHAIN=local): install Go %s or later and put it first in PATH", m[1], m[2], m[1])
	}
	return err
}

type driver struct {
	prod      prodReach
	opts      Options
	analyzers []*analysis.Analyzer // the roots' analyzers
	producers []*analysis.Analyzer // the analyzers with facts
	fset      *token.FileSet
	sem       chan struct{} // bounds the packages processed at once
}

// process type-checks and analyzes n once its imports are done.
func (d *driver) process(n *node) {
	n.once.Do(func() {
		var wg sync.WaitGroup
		for _, dep := range n.deps {
			wg.Go(func() { d.process(dep) })
		}
		for _, dep := range n.wired {
			wg.Go(func() { d.process(dep) })
		}
		wg.Wait()
		d.sem <- struct{}{}
		defer func() { <-d.sem }()
		d.check(n)
		n.below = closureOf(n)
	})
}

// closureOf returns the nodes n depends on, directly or not, once each.
func closureOf(n *node) []*node {
	seen := map[*node]bool{}
	var out []*node
	for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
		for _, x := range append([]*node{dep}, dep.below...) {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out
}

// view calls yield with each fact n passes on to its importers before
// their filter (see node.facts): its materialized facts, or else its own,
// its direct imports' (and wiring edges') own facts that x/tools'
// checker lets a direct importer inherit, and the own facts of the
// packages below those that it lets travel further (passesOn). That is
// what inheriting import by import gives, each fact once.
func view(n *node, yield func(k factKey, f analysis.Fact)) {
	if n.facts != nil {
		for k, f := range n.facts {
			yield(k, f)
		}
		return
	}
	for k, f := range n.own {
		yield(k, f)
	}
	direct := map[*node]bool{}
	for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
		if direct[dep] {
			continue
		}
		direct[dep] = true
		for k, f := range dep.own {
			if k.obj == nil || exportedFrom(k.obj, dep.types) {
				yield(k, f)
			}
		}
	}
	for _, q := range n.below {
		if direct[q] {
			continue
		}
		for k, f := range q.own {
			if k.obj == nil || passesOn(k.obj) {
				yield(k, f)
			}
		}
	}
}

// ownOf returns n's own facts as they are now.
func ownOf(n *node) map[factKey]analysis.Fact {
	if n.facts == nil {
		return n.own
	}
	own := map[factKey]analysis.Fact{}
	for k, f := range n.facts {
		if k.pkg == n.types {
			own[k] = f
		}
	}
	return own
}

func (d *driver) check(n *node) {
	d.checkFiles(n, false)
}

// A second analysis, once every package is done, is what the run gives a
// root whose implementers depend on it (wiring.go): a service declaring
// the repository interface that the repository package, importing the
// service, implements. The root is analyzed again with the implementers'
// facts, so calls through the interface run the implementations'
// summaries instead of guesses from the methods' names; so is every root
// that depends on it, in dependency order, each with the second facts of
// its imports. The types do not change: each package is type-checked
// again against its imports' first types, its new facts are moved onto
// its first objects (as declsOnly moves them), and its findings onto its
// first files. Only these packages cost a second analysis.

// markAgain marks the roots with implementers depending on them, and the
// roots that depend on those.
func markAgain(roots []*node) {
	memo := map[*node]bool{}
	var dependsOnMarked func(n *node) bool
	dependsOnMarked = func(n *node) bool {
		if v, ok := memo[n]; ok {
			return v
		}
		memo[n] = false // a cycle of wiring edges cannot happen; be safe
		v := len(n.cyclic) > 0
		for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
			v = dependsOnMarked(dep) || v
		}
		memo[n] = v
		return v
	}
	for _, n := range roots {
		n.again = dependsOnMarked(n)
	}
}

// processAgain analyzes n a second time, if it is marked, once its
// imports' second analyses are done.
func (d *driver) processAgain(n *node) {
	n.onceAgain.Do(func() {
		if !n.again {
			return
		}
		defer func() { n.uses, n.usedNames, n.oldFiles = nil, nil, nil }()
		var wg sync.WaitGroup
		for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
			wg.Go(func() { d.processAgain(dep) })
		}
		wg.Wait()
		if n.illTyped || n.oldFiles == nil {
			return
		}
		// What the imports' second analyses changed, here or below them.
		changed, names, all := map[types.Object]bool{}, map[string]bool{}, false
		for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
			for o := range dep.changed {
				changed[o] = true
			}
			for m := range dep.changedNames {
				names[m] = true
			}
			all = all || dep.changedAll
		}
		need := all
		for o := range changed {
			need = need || n.uses[o]
		}
		for m := range names {
			need = need || n.usedNames[m]
		}
		for _, c := range n.cyclic {
			need = need || hasMethodFacts(c.q, c.methods)
		}
		n.changed, n.changedNames, n.changedAll = changed, names, all
		if !need {
			// Nothing it uses has facts it did not see; it passes the
			// new facts of its imports on.
			if len(changed) > 0 || all {
				n.facts = d.refresh(n)
			}
			return
		}
		d.sem <- struct{}{}
		defer func() { <-d.sem }()
		old := ownOf(n)
		d.checkFiles(n, true)
		n.changedAll = n.changedAll || ownChanges(n.types, old, n.facts, n.changed, n.changedNames)
	})
}

// refresh returns n's facts with those its imports pass on now.
func (d *driver) refresh(n *node) map[factKey]analysis.Fact {
	facts := d.inherit(n)
	for k, f := range ownOf(n) {
		facts[k] = f
	}
	return facts
}

// ownChanges adds to changed and names the objects of pkg (and the names
// of the methods among them) whose facts differ between x and y, and
// reports whether a package fact of pkg in x differs in y.
func ownChanges(pkg *types.Package, x, y map[factKey]analysis.Fact, changed map[types.Object]bool, names map[string]bool) bool {
	all := false
	note := func(k factKey) {
		if k.obj == nil {
			all = true
			return
		}
		changed[k.obj] = true
		if f, ok := k.obj.(*types.Func); ok && f.Signature().Recv() != nil {
			names[f.Name()] = true
		}
	}
	for k, f := range x {
		if k.pkg != pkg {
			continue
		}
		if g, ok := y[k]; !ok || !reflect.DeepEqual(f, g) {
			note(k)
		}
	}
	for k := range y {
		// A package fact the second analysis adds is a cache the
		// implementers' facts made available (the schema index found
		// through them), not a change of what the package does.
		if _, ok := x[k]; !ok && k.pkg == pkg && k.obj != nil {
			note(k)
		}
	}
	return all
}

// recordUses notes the functions and methods of other packages that the
// package's files use (see node.uses).
//
// Only the module's own functions can change: a second analysis is of the
// run's roots.
func recordUses(n *node, pkg *types.Package, info *types.Info) {
	n.uses, n.usedNames = map[types.Object]bool{}, map[string]bool{}
	mod := ""
	if n.pkg.Module != nil {
		mod = n.pkg.Module.Path
	}
	for _, obj := range info.Uses {
		f, ok := obj.(*types.Func)
		if !ok || f.Pkg() == nil || f.Pkg() == pkg || mod != "" && !inModule(f.Pkg().Path(), mod) {
			continue
		}
		n.uses[f.Origin()] = true
		if f.Signature().Recv() != nil {
			n.usedNames[f.Name()] = true
		}
	}
}

// hasMethodFacts reports whether q has facts about methods of its own
// types with one of the names: an implementation whose calls have
// effects the models describe.
func hasMethodFacts(q *node, names []string) bool {
	for k := range ownOf(q) {
		if k.pkg != q.types || k.obj == nil {
			continue
		}
		if f, ok := k.obj.(*types.Func); ok && f.Signature().Recv() != nil && slices.Contains(names, f.Name()) {
			return true
		}
	}
	return false
}

// checkFiles type-checks and analyzes n, the first time or again (see
// markAgain).
func (d *driver) checkFiles(n *node, again bool) {
	p := n.pkg
	if p.PkgPath == "unsafe" {
		n.types = types.Unsafe
		return
	}
	var run []*analysis.Analyzer
	switch {
	case n.root:
		run = d.analyzers
	case d.opts.NoFacts == nil || !d.opts.NoFacts(p.PkgPath):
		run = d.producers
	}
	bodies := len(run) > 0

	// Parse. A dependency no analyzer looks at needs neither comments nor
	// function bodies' types.
	mode := parser.AllErrors | parser.ParseComments
	if !bodies {
		mode = parser.AllErrors | parser.SkipObjectResolution
	}
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(d.fset, name, nil, mode)
		if err != nil {
			if list, ok := err.(scanner.ErrorList); ok {
				for _, e := range list {
					n.errors = append(n.errors, e)
				}
			} else {
				n.errors = append(n.errors, err)
			}
		}
		if f != nil {
			files = append(files, f)
		}
	}
	if !n.root {
		elideTables(files)
	}

	var info *types.Info
	if bodies {
		info = &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Instances:    map[*ast.Ident]types.Instance{},
			Scopes:       map[ast.Node]*types.Scope{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			FileVersions: map[*ast.File]string{},
		}
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			ip := p.Imports[path]
			if ip == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			dep := d.nodeOf(n, ip)
			if dep == nil || dep.types == nil {
				return nil, fmt.Errorf("no types for %s", path)
			}
			return dep.types, nil
		}),
		IgnoreFuncBodies: !bodies,
		Error:            func(err error) { n.errors = append(n.errors, err) },
		Sizes:            p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	pkg := types.NewPackage(p.PkgPath, p.Name)
	if again {
		// The first check's errors are the package's; a second one
		// reports none.
		tc.Error = func(error) {}
		types.NewChecker(tc, d.fset, pkg, info).Files(files)
		inherited := d.inherit(n)
		for _, c := range n.cyclic {
			q := c.q
			// The implementer's first facts (its second analysis comes
			// after this one), own and inherited, but for this
			// package's own.
			view(q, func(k factKey, f analysis.Fact) {
				if k.pkg != n.types && (k.obj == nil || k.obj.Pkg() != n.types) {
					inherited[k] = f
				}
			})
		}
		facts := &factSet{pkg: pkg, m: inherited}
		results := d.analyzeTypes(n, pkg, run, files, info, facts)
		n.results = d.toOldFiles(n, files, results)
		n.facts = rekey(facts.m, pkg, n.types)
		return
	}
	typErr := types.NewChecker(tc, d.fset, pkg, info).Files(files)
	if typErr != nil && len(n.errors) == 0 {
		n.errors = append(n.errors, typErr)
	}
	n.types = pkg
	if n.root && bodies {
		d.prod.add(collectProdRefs(p, files, d.fset, info))
	}
	n.illTyped = len(n.errors) > 0 || len(p.Errors) > 0
	for _, dep := range n.deps {
		n.illTyped = n.illTyped || dep.illTyped
	}

	facts := &factSet{pkg: pkg, m: d.inherit(n)}
	if len(run) > 0 {
		n.results = d.analyze(n, run, files, info, facts)
	}
	all := facts.m
	if bodies {
		n.types, all = d.declsOnly(tc, files, pkg, facts.m)
	}
	n.own = map[factKey]analysis.Fact{}
	for k, f := range all {
		if k.pkg == n.types {
			n.own[k] = f
		}
	}
	if n.again && info != nil {
		recordUses(n, pkg, info)
	}
	if n.again {
		n.oldFiles = map[string]*token.File{}
		for _, f := range files {
			if tf := d.fset.File(f.Pos()); tf != nil {
				n.oldFiles[tf.Name()] = tf
			}
		}
	}
}

// toOldFiles moves the positions of a second analysis's findings, in the
// files parsed again, onto the first files, where the run's other
// positions (test-only functions, directives) are.
func (d *driver) toOldFiles(n *node, files []*ast.File, results []result) []result {
	moved := map[*token.File]*token.File{}
	for _, f := range files {
		if tf := d.fset.File(f.Pos()); tf != nil {
			if old := n.oldFiles[tf.Name()]; old != nil && old.Size() == tf.Size() {
				moved[tf] = old
			}
		}
	}
	pos := func(p token.Pos) token.Pos {
		if !p.IsValid() {
			return p
		}
		tf := d.fset.File(p)
		if old := moved[tf]; old != nil {
			return old.Pos(tf.Offset(p))
		}
		return p
	}
	for i := range results {
		for j := range results[i].diagnostics {
			dg := &results[i].diagnostics[j]
			dg.Pos, dg.End = pos(dg.Pos), pos(dg.End)
			for k := range dg.Related {
				dg.Related[k].Pos, dg.Related[k].End = pos(dg.Related[k].Pos), pos(dg.Related[k].End)
			}
			for k := range dg.SuggestedFixes {
				for e := range dg.SuggestedFixes[k].TextEdits {
					te := &dg.SuggestedFixes[k].TextEdits[e]
					te.Pos, te.End = pos(te.Pos), pos(te.End)
				}
			}
		}
	}
	return results
}

// rekey moves the facts about objects of pkg onto the objects of to that
// have the same object paths (a fact about an object no path names is
// dropped), and keeps the others.
func rekey(facts map[factKey]analysis.Fact, pkg, to *types.Package) map[factKey]analysis.Fact {
	var enc objectpath.Encoder
	out := make(map[factKey]analysis.Fact, len(facts))
	for k, f := range facts {
		switch {
		case k.pkg != pkg:
			out[k] = f
		case k.obj == nil:
			out[factKey{to, nil, k.t}] = f
		default:
			path, err := enc.For(k.obj)
			if err != nil {
				continue
			}
			obj, err := objectpath.Object(to, path)
			if err != nil {
				continue
			}
			out[factKey{to, obj, k.t}] = f
		}
	}
	return out
}

// inherit returns the facts n's imports and wiring edges pass on, as
// x/tools' checker filters them.
func (d *driver) inherit(n *node) map[factKey]analysis.Fact {
	inherited := map[factKey]analysis.Fact{}
	for _, dep := range append(n.deps[:len(n.deps):len(n.deps)], n.wired...) {
		view(dep, func(k factKey, f analysis.Fact) {
			if k.obj == nil || exportedFrom(k.obj, dep.types) {
				inherited[k] = f
			}
		})
	}
	return inherited
}

// declsOnly type-checks the files again without function bodies and moves
// the package's own facts onto the new objects, for the importers: they
// need only the package-level objects, and the first check's function
// scopes and local variables, reachable from its package scope, would
// otherwise stay in memory for the rest of the run (a fifth of the live
// heap on a large service). A fact about an object no object path names
// (a field of a type declared in a function) is dropped, as a go vet run
// drops it when it writes the package's facts. The errors of the second
// check are those the first one reported.
func (d *driver) declsOnly(tc *types.Config, files []*ast.File, old *types.Package, facts map[factKey]analysis.Fact) (*types.Package, map[factKey]analysis.Fact) {
	cfg := *tc
	cfg.IgnoreFuncBodies = true
	cfg.Error = func(error) {}
	pkg := types.NewPackage(old.Path(), old.Name())
	types.NewChecker(&cfg, d.fset, pkg, nil).Files(files)
	return pkg, rekey(facts, old, pkg)
}

// nodeOf returns the node of ip, an import of n.
func (d *driver) nodeOf(n *node, ip *packages.Package) *node {
	for _, dep := range n.deps {
		if dep.pkg == ip {
			return dep
		}
	}
	return nil
}

// analyze runs the analyzers (and what they require) on the package and
// returns their results, in order.
func (d *driver) analyze(n *node, roots []*analysis.Analyzer, files []*ast.File, info *types.Info, facts *factSet) []result {
	return d.analyzeTypes(n, n.types, roots, files, info, facts)
}

// analyzeTypes is analyze for the package's types pkg.
func (d *driver) analyzeTypes(n *node, pkg *types.Package, roots []*analysis.Analyzer, files []*ast.File, info *types.Info, facts *factSet) []result {
	p := n.pkg
	results := make([]result, len(roots))
	if n.illTyped {
		for i, a := range roots {
			results[i] = result{a: a, err: fmt.Errorf("analysis skipped due to errors in package")}
		}
		return results
	}
	var module *analysis.Module
	if p.Module != nil {
		module = analysisModule(p.Module)
	} else {
		module = &analysis.Module{}
	}
	env := &passEnv{
		fset:         d.fset,
		files:        files,
		otherFiles:   p.OtherFiles,
		ignoredFiles: p.IgnoredFiles,
		pkg:          pkg,
		info:         info,
		sizes:        p.TypesSizes,
		module:       module,
		facts:        facts,
	}
	return env.run(roots)
}

// exportedFrom reports whether a fact about obj, exported while analyzing
// pkg, is visible to pkg's importers: x/tools' checker keeps facts about
// exported package-level functions of pkg, methods, fields, types,
// constants and pkg's own variables.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// passesOn reports whether a fact about obj, inherited from an import of
// obj's package, is visible to the importer's own importers in turn:
// exportedFrom for a package other than obj's (methods, fields, types and
// constants).
func passesOn(obj types.Object) bool { return exportedFrom(obj, nil) }

func analysisModule(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var modErr *analysis.ModuleError
	if m.Error != nil {
		modErr = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{
		Path: m.Path, Version: m.Version, Replace: analysisModule(m.Replace), Time: m.Time,
		Main: m.Main, Indirect: m.Indirect, Dir: m.Dir, GoMod: m.GoMod, GoVersion: m.GoVersion, Error: modErr,
	}
}

// passEnv is what the passes of one package share.
type passEnv struct {
	fset                     *token.FileSet
	files                    []*ast.File
	otherFiles, ignoredFiles []string
	pkg                      *types.Package
	info                     *types.Info
	sizes                    types.Sizes
	module                   *analysis.Module
	facts                    *factSet
}

// run executes the analyzers and their prerequisites, in parallel where
// the graph allows, and returns the roots' results.
func (e *passEnv) run(roots []*analysis.Analyzer) []result {
	type action struct {
		once        sync.Once
		result      any
		err         error
		diagnostics []analysis.Diagnostic
	}
	actions := map[*analysis.Analyzer]*action{}
	for a := range closure(roots) {
		actions[a] = new(action)
	}
	var exec func(a *analysis.Analyzer) *action
	execAll := func(as []*analysis.Analyzer) {
		var wg sync.WaitGroup
		for _, a := range as {
			wg.Go(func() { exec(a) })
		}
		wg.Wait()
	}
	exec = func(a *analysis.Analyzer) *action {
		act := actions[a]
		act.once.Do(func() {
			execAll(a.Requires)
			inputs := map[*analysis.Analyzer]any{}
			var failed []string
			for _, req := range a.Requires {
				if r := exec(req); r.err != nil {
					// With the reason: go vet prints only the roots'
					// errors, and "failed prerequisites: schema" alone
					// does not say what to fix.
					failed = append(failed, fmt.Sprintf("%s (%v)", req, r.err))
				} else {
					inputs[req] = r.result
				}
			}
			if failed != nil {
				sort.Strings(failed)
				act.err = prereqError(fmt.Sprintf("failed prerequisites: %s", strings.Join(failed, ", ")))
				return
			}
			filter := map[reflect.Type]bool{}
			for _, f := range a.FactTypes {
				filter[reflect.TypeOf(f)] = true
			}
			pass := &analysis.Pass{
				Analyzer:     a,
				Fset:         e.fset,
				Files:        e.files,
				OtherFiles:   e.otherFiles,
				IgnoredFiles: e.ignoredFiles,
				Pkg:          e.pkg,
				TypesInfo:    e.info,
				TypesSizes:   e.sizes,
				ResultOf:     inputs,
				Report: func(d analysis.Diagnostic) {
					if err := validateFixes(e.fset, a, d.SuggestedFixes); err != nil {
						log.Println(err)
						d.SuggestedFixes = nil
					}
					act.diagnostics = append(act.diagnostics, d)
				},
				ImportObjectFact:  e.facts.importObjectFact,
				ExportObjectFact:  e.facts.exportObjectFact,
				AllObjectFacts:    func() []analysis.ObjectFact { return e.facts.allObjectFacts(filter) },
				ImportPackageFact: e.facts.importPackageFact,
				ExportPackageFact: e.facts.exportPackageFact,
				AllPackageFacts:   func() []analysis.PackageFact { return e.facts.allPackageFacts(filter) },
				Module:            e.module,
			}
			pass.ReadFile = func(filename string) ([]byte, error) {
				if !readable(pass, filename) {
					return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
				}
				return os.ReadFile(filename)
			}
			act.result, act.err = a.Run(pass)
			if act.err == nil {
				for i := range act.diagnostics {
					u, err := resolveURL(a, act.diagnostics[i])
					if err != nil {
						act.err = err
						continue
					}
					act.diagnostics[i].URL = u
				}
			}
		})
		return act
	}
	execAll(roots)
	results := make([]result, len(roots))
	seen := map[*analysis.Analyzer]bool{}
	var prereqs func(a *analysis.Analyzer, r *result)
	prereqs = func(a *analysis.Analyzer, r *result) {
		for _, req := range a.Requires {
			if !seen[req] {
				seen[req] = true
				prereqs(req, r)
				if err := actions[req].err; err != nil {
					r.prereqErrs = append(r.prereqErrs, result{a: req, err: err})
				}
			}
		}
	}
	for i, a := range roots {
		act := actions[a]
		results[i] = result{a: a, diagnostics: act.diagnostics, err: act.err}
		prereqs(a, &results[i])
		seen[a] = true
	}
	return results
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
