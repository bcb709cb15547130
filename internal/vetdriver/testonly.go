package vetdriver

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/passes/apis"
)

// This file gives a standalone run of a whole module what no per-package
// analysis can know: which functions production code reaches. The hazards
// idemvet reports need production traffic; a repository method that only
// the module's tests call (a helper kept for a test of the store) is no
// production code, though its package cannot tell: its callers are in
// other packages, analyzed after it.
//
// While type-checking each root package of a main module, the driver
// records, from its non-test files, which functions of the module each
// function refers to (calls, method values, function values), which
// interface methods it calls (by name: any method of that name may run),
// and which of the module's types it converts to an interface declared
// outside the module (a library may call the interface's methods: an
// http.Handler's ServeHTTP; all exported methods for an empty interface,
// which reflection may call: a temporal worker registering an activity
// struct). Production code is what main, init and package-level variables
// reach through those edges; in a module with no main package (a
// library), its exported functions reach too. Findings inside a function
// of a non-test file that production code does not reach and the
// module's tests do (through the same edges) are dropped; a function
// nothing in the module reaches is kept (no evidence either way: an API
// for callers out of view).
//
// The driver does this only when it sees the whole module: every package
// of the main module (go list ./... in its directory) is a root, none
// failed to load or type-check, and test files are not analyzed for
// findings (-testfiles off).

// prodRefs is what one root package's non-test files say about
// production reach.
type prodRefs struct {
	modPath, modDir string
	pkgPath         string
	main            bool                 // package main
	funcs           map[string]*prodFunc // by key
	roots           []string             // keys main, init and package-level variables refer to
	testRoots       []string             // keys the package's _test.go files refer to
	spans           []funcSpan           // FuncDecls of non-test files
}

// prodFunc is one function's edges.
type prodFunc struct {
	key      string
	exported bool
	internal bool // its package is under internal/
	method   string
	refs     []string // keys of the module's functions it refers to
	byName   []string // names of interface methods it calls
	convs    []string // keys of methods a library may call through a conversion
}

type funcSpan struct {
	pos, end token.Pos
	key      string
}

// funcKey names a function across the package variants of a run: its full
// name, with a pointer receiver written as a value one.
func funcKey(f *types.Func) string {
	return strings.Replace(apis.RawFullName(f.Origin()), "(*", "(", 1)
}

// inModule reports whether the package path is modPath or below it.
func inModule(path, modPath string) bool {
	return path == modPath || strings.HasPrefix(path, modPath+"/")
}

// collectProdRefs summarizes the non-test files of a root package.
func collectProdRefs(p *packages.Package, files []*ast.File, fset *token.FileSet, info *types.Info) *prodRefs {
	if p.Module == nil || !p.Module.Main || info == nil || strings.HasSuffix(p.PkgPath, ".test") {
		return nil
	}
	mod := p.Module.Path
	r := &prodRefs{modPath: mod, modDir: p.Module.Dir, pkgPath: p.PkgPath, main: p.Name == "main", funcs: map[string]*prodFunc{}}
	internal := strings.Contains(p.PkgPath+"/", "/internal/")
	local := func(obj types.Object) (*types.Func, bool) {
		f, ok := obj.(*types.Func)
		if !ok || f.Pkg() == nil || !inModule(f.Pkg().Path(), mod) {
			return nil, false
		}
		return f, true
	}
	for _, file := range files {
		if strings.HasSuffix(fset.Position(file.Pos()).Filename, "_test.go") {
			pf := &prodFunc{}
			scanRefs(file, nil, info, mod, local, pf)
			r.testRoots = append(r.testRoots, pf.refs...)
			r.testRoots = append(r.testRoots, pf.convs...)
			for _, n := range pf.byName {
				r.testRoots = append(r.testRoots, "name:"+n)
			}
			continue
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				pf := &prodFunc{}
				scanRefs(d, nil, info, mod, local, pf)
				r.roots = append(r.roots, pf.refs...)
				r.roots = append(r.roots, pf.convs...)
				for _, n := range pf.byName {
					r.roots = append(r.roots, "name:"+n)
				}
			case *ast.FuncDecl:
				obj, ok := info.Defs[d.Name].(*types.Func)
				if !ok {
					continue
				}
				pf := &prodFunc{key: funcKey(obj), exported: obj.Exported(), internal: internal}
				if obj.Signature().Recv() != nil {
					pf.method = obj.Name()
				}
				if d.Body != nil {
					scanRefs(d.Body, obj.Signature().Results(), info, mod, local, pf)
				}
				r.funcs[pf.key] = pf
				r.spans = append(r.spans, funcSpan{pos: d.Pos(), end: d.End(), key: pf.key})
				if d.Recv == nil && (d.Name.Name == "init" || d.Name.Name == "main" && r.main) {
					r.roots = append(r.roots, pf.key)
				}
			}
		}
	}
	return r
}

// scanRefs records in pf what the syntax n (a body whose function returns
// res, or a declaration: res nil) refers to.
func scanRefs(n ast.Node, res *types.Tuple, info *types.Info, mod string, local func(types.Object) (*types.Func, bool), pf *prodFunc) {
	outside := func(t types.Type) (*types.Interface, bool) {
		named, ok := types.Unalias(t).(*types.Named)
		if !ok {
			it, ok := t.Underlying().(*types.Interface)
			return it, ok // interface{...} written in place
		}
		it, ok := named.Underlying().(*types.Interface)
		if !ok {
			return nil, false
		}
		if obj := named.Obj(); obj.Pkg() != nil && inModule(obj.Pkg().Path(), mod) {
			return nil, false // the module's own interface: its calls are in view, by name
		}
		return it, true
	}
	conv := func(e ast.Expr, to types.Type) {
		if to == nil || e == nil {
			return
		}
		it, ok := outside(to)
		if !ok {
			return
		}
		tv, ok := info.Types[e]
		if !ok || tv.Type == nil {
			return
		}
		from := tv.Type
		if types.IsInterface(from) {
			for i := 0; i < it.NumMethods(); i++ {
				pf.byName = append(pf.byName, it.Method(i).Name())
			}
			return
		}
		base := from
		if ptr, ok := base.Underlying().(*types.Pointer); ok {
			base = ptr.Elem()
		}
		named, ok := types.Unalias(base).(*types.Named)
		if !ok || named.Obj().Pkg() == nil || !inModule(named.Obj().Pkg().Path(), mod) {
			return
		}
		if it.NumMethods() > 0 {
			ms := types.NewMethodSet(types.NewPointer(named))
			for i := 0; i < ms.Len(); i++ {
				if m, ok := local(ms.At(i).Obj()); ok && hasMethod(it, m.Name()) {
					pf.convs = append(pf.convs, funcKey(m))
				}
			}
			return
		}
		// An empty interface: reflection may call any exported method of
		// the value and of what its exported fields hold (a template, an
		// encoder).
		reflected(named, mod, local, map[*types.Named]bool{}, pf)
	}
	results := []*types.Tuple{res} // of the enclosing functions, innermost last
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			if sig, ok := info.Types[x].Type.(*types.Signature); ok {
				results = append(results, sig.Results())
				ast.Inspect(x.Body, walk)
				results = results[:len(results)-1]
			}
			return false
		case *ast.Ident:
			if obj := info.Uses[x]; obj != nil {
				if f, ok := obj.(*types.Func); ok {
					if recv := f.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
						pf.byName = append(pf.byName, f.Name())
					} else if lf, ok := local(f); ok {
						pf.refs = append(pf.refs, funcKey(lf))
					}
				}
			}
		case *ast.CallExpr:
			tv, ok := info.Types[x.Fun]
			if !ok || tv.IsType() {
				break
			}
			sig, ok := tv.Type.Underlying().(*types.Signature)
			if !ok {
				break
			}
			params := sig.Params()
			for i, a := range x.Args {
				var pt types.Type
				switch {
				case sig.Variadic() && i >= params.Len()-1 && !x.Ellipsis.IsValid():
					if s, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
						pt = s.Elem()
					}
				case i < params.Len():
					pt = params.At(i).Type()
				}
				conv(a, pt)
			}
		case *ast.ReturnStmt:
			if r := results[len(results)-1]; r != nil && r.Len() == len(x.Results) {
				for i, e := range x.Results {
					conv(e, results[len(results)-1].At(i).Type())
				}
			}
		case *ast.AssignStmt:
			if len(x.Lhs) == len(x.Rhs) {
				for i, l := range x.Lhs {
					if tv, ok := info.Types[l]; ok {
						conv(x.Rhs[i], tv.Type)
					}
				}
			}
		case *ast.ValueSpec:
			if x.Type != nil {
				if tv, ok := info.Types[x.Type]; ok {
					for _, v := range x.Values {
						conv(v, tv.Type)
					}
				}
			}
		case *ast.CompositeLit:
			tv, ok := info.Types[x]
			if !ok || tv.Type == nil {
				break
			}
			switch t := tv.Type.Underlying().(type) {
			case *types.Struct:
				for i, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							for j := 0; j < t.NumFields(); j++ {
								if t.Field(j).Name() == id.Name {
									conv(kv.Value, t.Field(j).Type())
								}
							}
						}
					} else if i < t.NumFields() {
						conv(el, t.Field(i).Type())
					}
				}
			case *types.Slice, *types.Array, *types.Map:
				var elem types.Type
				switch t := t.(type) {
				case *types.Slice:
					elem = t.Elem()
				case *types.Array:
					elem = t.Elem()
				case *types.Map:
					elem = t.Elem()
				}
				for _, el := range x.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					conv(el, elem)
				}
			}
		}
		return true
	}
	ast.Inspect(n, walk)
}

// reflected records the exported methods of named and of the module's
// types its exported fields hold, as reflection reaches them.
func reflected(named *types.Named, mod string, local func(types.Object) (*types.Func, bool), seen map[*types.Named]bool, pf *prodFunc) {
	if seen[named] || len(seen) > 200 || named.Obj().Pkg() == nil || !inModule(named.Obj().Pkg().Path(), mod) {
		return
	}
	seen[named] = true
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < ms.Len(); i++ {
		if m, ok := local(ms.At(i).Obj()); ok && m.Exported() {
			pf.convs = append(pf.convs, funcKey(m))
		}
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() && !f.Embedded() {
			continue
		}
		t := f.Type()
		for {
			switch x := t.(type) {
			case *types.Pointer:
				t = x.Elem()
				continue
			case *types.Slice:
				t = x.Elem()
				continue
			case *types.Array:
				t = x.Elem()
				continue
			case *types.Map:
				t = x.Elem()
				continue
			case *types.Alias:
				t = types.Unalias(x)
				continue
			}
			break
		}
		if n, ok := t.(*types.Named); ok {
			reflected(n, mod, local, seen, pf)
		}
	}
}

func hasMethod(it *types.Interface, name string) bool {
	for i := 0; i < it.NumMethods(); i++ {
		if it.Method(i).Name() == name {
			return true
		}
	}
	return false
}

// prodReach decides, once every root is checked, which functions of the
// main modules production code reaches.
type prodReach struct {
	mu   sync.Mutex
	refs []*prodRefs
	// spans of the modules seen whole, by position; dead holds the keys
	// production does not reach.
	spans []funcSpan
	dead  map[string]bool
}

func (pr *prodReach) add(r *prodRefs) {
	if r == nil {
		return
	}
	pr.mu.Lock()
	pr.refs = append(pr.refs, r)
	pr.mu.Unlock()
}

// solve computes the dead functions of each module whose every package
// is a root that type-checked (complete, by module path). The exported
// functions of packages that no main package imports (served, by path)
// are for other modules (a client library of the service): production
// reaches them. libNames are the method names of interfaces declared
// outside the modules: a library may call any method of such a name.
func (pr *prodReach) solve(complete, served, libNames map[string]bool) {
	pr.dead = map[string]bool{}
	byMod := map[string][]*prodRefs{}
	for _, r := range pr.refs {
		if complete[r.modPath] {
			byMod[r.modPath] = append(byMod[r.modPath], r)
		}
	}
	for _, rs := range byMod {
		funcs := map[string]*prodFunc{}
		methods := map[string][]string{} // by name
		app := false
		var work []string
		for _, r := range rs {
			app = app || r.main
			for k, f := range r.funcs {
				if _, dup := funcs[k]; !dup {
					funcs[k] = f
					if f.method != "" {
						methods[f.method] = append(methods[f.method], k)
					}
				}
			}
			work = append(work, r.roots...)
		}
		for _, r := range rs {
			if app && (r.main || served[r.pkgPath]) {
				continue
			}
			for k, f := range r.funcs {
				if f.exported && !f.internal {
					work = append(work, k)
				}
			}
		}
		for n := range libNames {
			work = append(work, "name:"+n)
		}
		reach := func(work []string) map[string]bool {
			seen := map[string]bool{}
			names := map[string]bool{}
			for len(work) > 0 {
				k := work[len(work)-1]
				work = work[:len(work)-1]
				if name, ok := strings.CutPrefix(k, "name:"); ok {
					if !names[name] {
						names[name] = true
						work = append(work, methods[name]...)
					}
					continue
				}
				if seen[k] {
					continue
				}
				seen[k] = true
				f := funcs[k]
				if f == nil {
					continue
				}
				work = append(work, f.refs...)
				work = append(work, f.convs...)
				for _, n := range f.byName {
					work = append(work, "name:"+n)
				}
			}
			return seen
		}
		live := reach(work)
		var testWork []string
		for _, r := range rs {
			testWork = append(testWork, r.testRoots...)
		}
		tested := reach(testWork)
		for _, r := range rs {
			for _, s := range r.spans {
				// Only tests reach it. A function nothing reaches may be
				// called from out of view (a fixture module, an API kept
				// for others): no evidence either way.
				if !live[s.key] && tested[s.key] {
					pr.dead[s.key] = true
				}
			}
			pr.spans = append(pr.spans, r.spans...)
		}
	}
	sort.Slice(pr.spans, func(i, j int) bool { return pr.spans[i].pos < pr.spans[j].pos })
}

// testOnly reports whether pos lies in a function production code does
// not reach.
func (pr *prodReach) testOnly(pos token.Pos) bool {
	if len(pr.dead) == 0 {
		return false
	}
	i := sort.Search(len(pr.spans), func(i int) bool { return pr.spans[i].end > pos })
	return i < len(pr.spans) && pr.spans[i].pos <= pos && pr.dead[pr.spans[i].key]
}

// wholeModules returns the main modules of the roots all of whose
// packages are roots that loaded and type-checked.
func wholeModules(roots []*node) map[string]bool {
	type mod struct {
		dir   string
		paths map[string]bool
		bad   bool
	}
	mods := map[string]*mod{}
	for _, n := range roots {
		p := n.pkg
		if p.Module == nil || !p.Module.Main {
			continue
		}
		m := mods[p.Module.Path]
		if m == nil {
			m = &mod{dir: p.Module.Dir, paths: map[string]bool{}}
			mods[p.Module.Path] = m
		}
		m.paths[p.PkgPath] = true
		if n.illTyped || len(p.Errors) > 0 {
			m.bad = true
		}
	}
	out := map[string]bool{}
	for path, m := range mods {
		if m.bad || m.dir == "" {
			continue
		}
		listed, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: m.dir}, "./...")
		if err != nil || len(listed) == 0 {
			continue
		}
		all := true
		for _, lp := range listed {
			if !m.paths[lp.PkgPath] {
				all = false
				break
			}
		}
		out[path] = all
	}
	return out
}

// servedByMain returns the package paths the roots of package main
// import, directly or not.
func servedByMain(roots []*node) map[string]bool {
	out := map[string]bool{}
	var visit func(n *node)
	visit = func(n *node) {
		if out[n.pkg.PkgPath] {
			return
		}
		out[n.pkg.PkgPath] = true
		for _, dep := range n.deps {
			visit(dep)
		}
	}
	for _, n := range roots {
		// Not a test variant (ID "p [p.test]"): its tests import more.
		if n.pkg.Name == "main" && n.pkg.ID == n.pkg.PkgPath && !strings.HasSuffix(n.pkg.PkgPath, ".test") {
			for _, dep := range n.deps {
				visit(dep)
			}
		}
	}
	return out
}

// libMethodNames returns the method names of the interface types declared
// at package level by the packages outside the main modules.
func libMethodNames(nodes map[*packages.Package]*node) map[string]bool {
	out := map[string]bool{}
	for p, n := range nodes {
		if p.Module != nil && p.Module.Main || n.types == nil {
			continue
		}
		scope := n.types.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if it, ok := tn.Type().Underlying().(*types.Interface); ok {
				for i := 0; i < it.NumMethods(); i++ {
					out[it.Method(i).Name()] = true
				}
			}
		}
	}
	return out
}
