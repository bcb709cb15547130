package vetdriver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"sort"
	"strconv"
	"strings"

	"github.com/idemvet/idemvet/passes/config"
)

// This file gives a standalone run what go vet cannot: the facts of the
// implementations an application wires together in main. A service
// written against a repository interface of a domain package (flexprice's
// internal/service calls invoice.Repository) does not import the package
// implementing it (internal/repository/ent, whose NewInvoiceRepository
// returns an invoice.Repository and is handed to the service by fx in
// cmd/server), so the facts of the implementation never reach the
// service's analysis and its calls are guessed from their names, or lost.
//
// Facts flow only along imports, so the driver adds an edge: a root
// package that names an imported type D.T is analyzed after each root
// package of the same module that declares a function returning D.T, an
// interface, from a composite literal of one of its own types (a
// constructor handing out an implementation), or asserting that one of
// its types implements it (var _ D.T = (*impl)(nil)), unless one imports the other or
// the edge would close a cycle. The implementer's facts are inherited as
// an import's are (types are not: the type checker still sees the real
// imports). The edges are computed once, from the roots' syntax, in the
// order of their IDs, so a run is deterministic.

// wire adds the wiring edges between roots (see above).
func wire(roots []*node) {
	type info struct {
		mentions map[string]bool            // "path.Name" of imported types named
		returns  map[string]bool            // "path.Name" of imported types constructors return
		ifaces   map[string][]string        // the interfaces the package declares and uses: their methods
		idents   map[string]bool            // the names its files use, the names type declarations give aside
		methods  map[string]map[string]bool // the methods declared on each of its types
	}
	infos := map[*node]*info{}
	var implementers []*node
	// ifaces caches, per package, the names of the interface types its
	// files declare: only a constructor returning an interface hands out
	// an implementation (returning a struct or an enum of a shared types
	// package does not make a package anyone's implementer).
	ifaces := map[string]map[string][]string{}
	importedIfaces := func(from *node, path string) map[string][]string {
		m, ok := ifaces[path]
		if !ok {
			m = map[string][]string{}
			if ip := from.pkg.Imports[path]; ip != nil {
				fset := token.NewFileSet()
				for _, file := range ip.GoFiles {
					f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
					if err != nil || f == nil {
						continue
					}
					declaredInterfaces(f, m)
				}
			}
			ifaces[path] = m
		}
		return m
	}
	isInterface := func(from *node, path, name string) bool {
		_, ok := importedIfaces(from, path)[name]
		return ok
	}
	for _, n := range roots {
		if n.pkg.Module == nil || len(n.pkg.GoFiles) == 0 {
			continue
		}
		in := &info{mentions: map[string]bool{}, returns: map[string]bool{}, ifaces: map[string][]string{}, methods: map[string]map[string]bool{}, idents: map[string]bool{}}
		fset := token.NewFileSet()
		for _, name := range n.pkg.GoFiles {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil || f == nil {
				continue
			}
			imports := map[string]string{} // local name → path
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					continue
				}
				local := path[strings.LastIndex(path, "/")+1:]
				if ip := n.pkg.Imports[path]; ip != nil && ip.Name != "" {
					local = ip.Name
				}
				if spec.Name != nil {
					local = spec.Name.Name
				}
				imports[local] = path
			}
			qualified := func(e ast.Expr) string {
				sel, ok := e.(*ast.SelectorExpr)
				if !ok {
					return ""
				}
				x, ok := sel.X.(*ast.Ident)
				if !ok || imports[x.Name] == "" {
					return ""
				}
				return imports[x.Name] + "." + sel.Sel.Name
			}
			var visit func(x ast.Node) bool
			visit = func(x ast.Node) bool {
				if ts, ok := x.(*ast.TypeSpec); ok {
					// The name a type declaration gives is no use of it.
					if ts.TypeParams != nil {
						ast.Inspect(ts.TypeParams, visit)
					}
					ast.Inspect(ts.Type, visit)
					return false
				}
				if id, ok := x.(*ast.Ident); ok {
					in.idents[id.Name] = true
				}
				if e, ok := x.(ast.Expr); ok {
					if q := qualified(e); q != "" {
						in.mentions[q] = true
					}
				}
				return true
			}
			ast.Inspect(f, visit)
			declaredInterfaces(f, in.ifaces)
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
					if t := recvTypeName(fd.Recv.List[0].Type); t != "" {
						if in.methods[t] == nil {
							in.methods[t] = map[string]bool{}
						}
						in.methods[t][fd.Name.Name] = true
					}
				}
				// var _ D.T = (*impl)(nil): an assertion that the package
				// implements D.T.
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, spec := range gd.Specs {
						vs, ok := spec.(*ast.ValueSpec)
						if !ok || vs.Type == nil || len(vs.Names) != 1 || vs.Names[0].Name != "_" {
							continue
						}
						if q := qualified(vs.Type); q != "" {
							i := strings.LastIndex(q, ".")
							if isInterface(n, q[:i], q[i+1:]) {
								in.returns[q] = true
							}
						}
					}
					continue
				}
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv != nil || fd.Type.Results == nil {
					continue
				}
				if len(fd.Type.Results.List) == 0 || fd.Body == nil || !returnsLocal(fd) {
					continue
				}
				if q := qualified(fd.Type.Results.List[0].Type); q != "" {
					i := strings.LastIndex(q, ".")
					if isInterface(n, q[:i], q[i+1:]) {
						in.returns[q] = true
					}
				}
			}
		}
		for name := range in.ifaces {
			if !in.idents[name] {
				delete(in.ifaces, name) // declared for others to use
			}
		}
		infos[n] = in
		if (len(in.returns) > 0 || len(in.methods) > 0) && n.pkg.ID == n.pkg.PkgPath {
			implementers = append(implementers, n)
		}
	}
	sort.Slice(implementers, func(i, j int) bool { return implementers[i].pkg.ID < implementers[j].pkg.ID })
	ordered := append([]*node(nil), roots...)
	sort.Slice(ordered, func(i, j int) bool { return ordered[i].pkg.ID < ordered[j].pkg.ID })
	for _, n := range ordered {
		in := infos[n]
		if in == nil {
			continue
		}
		for _, q := range implementers {
			if q == n || q.pkg.PkgPath == n.pkg.PkgPath || q.pkg.Module.Path != n.pkg.Module.Path {
				continue
			}
			shared := false
			var methods []string // the interface's methods, as far as they are known
			for t := range infos[q].returns {
				// The type is declared by a package both import; the
				// consumer names it.
				i := strings.LastIndex(t, ".")
				path := t[:i]
				if in.mentions[t] && n.pkg.Imports[path] != nil && path != q.pkg.PkgPath {
					shared = true
					methods = append(methods, importedIfaces(n, path)[t[i+1:]]...)
				}
			}
			// An interface the consumer declares, or names from a
			// package of its module, whose methods a type of q declares
			// (q's constructor returns the concrete type: "accept
			// interfaces, return structs").
			if ms := implementsAny(infos[q].methods, in.ifaces); ms != nil {
				shared = true
				methods = append(methods, ms...)
			}
			for t := range in.mentions {
				i := strings.LastIndex(t, ".")
				path, name := t[:i], t[i+1:]
				if ip := n.pkg.Imports[path]; ip == nil || ip.Module == nil || ip.Module.Path != n.pkg.Module.Path || path == q.pkg.PkgPath {
					continue
				}
				if ms, ok := importedIfaces(n, path)[name]; ok {
					if ms := implementsAny(infos[q].methods, map[string][]string{name: ms}); ms != nil {
						shared = true
						methods = append(methods, ms...)
					}
				}
			}
			if !shared || reaches(n, q) {
				continue
			}
			if reaches(q, n) {
				if config.Debugging() {
					log.Printf("wiring: %s uses what %s implements, which depends on it: %s is analyzed again after the run", n.pkg.ID, q.pkg.ID, n.pkg.ID)
				}
				n.cyclic = append(n.cyclic, cyclicEdge{q, methods})
				continue
			}
			if config.Debugging() {
				log.Printf("wiring: %s is analyzed after %s, which implements what it uses", n.pkg.ID, q.pkg.ID)
			}
			n.wired = append(n.wired, q)
		}
	}
}

// reaches reports whether to is from, or a dependency of from through
// imports and wiring edges.
func reaches(from, to *node) bool {
	seen := map[*node]bool{}
	stack := []*node{from}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == to {
			return true
		}
		if seen[n] {
			continue
		}
		seen[n] = true
		stack = append(stack, n.deps...)
		stack = append(stack, n.wired...)
	}
	return false
}

// returnsLocal reports whether a return of fd gives, as its first result,
// a composite literal of a type the package declares (return
// &invoiceRepository{...}): the constructor of an implementation, not a
// function passing on a value made elsewhere.
func returnsLocal(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(x ast.Node) bool {
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := x.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		e := ret.Results[0]
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		if cl, ok := e.(*ast.CompositeLit); ok {
			t := cl.Type
			if ix, ok := t.(*ast.IndexExpr); ok {
				t = ix.X
			}
			if _, ok := t.(*ast.Ident); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// declaredInterfaces adds the interface types f declares to m, with the
// names of the methods they declare themselves (embedded interfaces are
// not followed).
func declaredInterfaces(f *ast.File, m map[string][]string) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			it, ok := ts.Type.(*ast.InterfaceType)
			if !ok {
				continue
			}
			var names []string
			for _, f := range it.Methods.List {
				if _, ok := f.Type.(*ast.FuncType); ok {
					for _, n := range f.Names {
						names = append(names, n.Name)
					}
				}
			}
			m[ts.Name.Name] = names
		}
	}
}

// implementsAny returns the methods of the interfaces of ifaces every
// method of which one of the types whose declared methods are methods
// declares, or nil. An interface of one method counts only when its name
// says what it does (two words, as SaveOrder): Get, Close or Do alone are
// declared by too many types for the name to tell.
func implementsAny(methods map[string]map[string]bool, ifaces map[string][]string) []string {
	var out []string
	for _, ms := range ifaces {
		if len(ms) == 0 || len(ms) == 1 && !compoundName(ms[0]) {
			continue
		}
		for _, declared := range methods {
			all := true
			for _, m := range ms {
				if !declared[m] {
					all = false
					break
				}
			}
			if all {
				out = append(out, ms...)
				break
			}
		}
	}
	return out
}

// A cyclicEdge is an implementer depending on the package using what it
// implements, and the methods of the interfaces it implements.
type cyclicEdge struct {
	q       *node
	methods []string
}

// compoundName reports whether an exported name has an upper-case letter
// after its first (SaveOrder, not Save).
func compoundName(name string) bool {
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

// recvTypeName returns the name of a method receiver's type (T, *T,
// T[P], *T[P]), or "".
func recvTypeName(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
